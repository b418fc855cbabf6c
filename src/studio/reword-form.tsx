import { useId, useState, type FormEvent } from 'react';
import type { Screen } from '../engine/generated/flow-types';

/** The plain texts of a screen an editor may reword in place (a text with variants is edited in the JSON). */
const TEXT_FIELDS = ['eyebrow', 'title', 'subtitle', 'label', 'placeholder', 'cta', 'footnote'] as const;

export interface Rewording {
  /** New values of the screen's own texts, by field. */
  texts: Record<string, string>;
  /** New option labels, by option value. */
  labels: Record<string, string>;
}

const textsOf = (screen: Screen) =>
  TEXT_FIELDS.flatMap((field) => {
    const value = (screen as unknown as Record<string, unknown>)[field];
    return typeof value === 'string' ? [[field, value] as const] : [];
  });
const optionsOf = (screen: Screen) => ('options' in screen && Array.isArray(screen.options) ? (screen.options as Array<{ value: string; label: unknown }>) : []).filter((o) => typeof o.label === 'string') as Array<{ value: string; label: string }>;

/**
 * Rewording without JSON: the screen's texts and its options' labels, edited in place. Applying changes the flow in
 * view (the studio checks it at once, as it checks a file opened); the Versions view then stores it as a new version,
 * checked by the server like any other, to preview and publish.
 */
export function RewordForm({ screen, onApply }: { screen: Screen; onApply: (rewording: Rewording) => void }) {
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(textsOf(screen)));
  const [labels, setLabels] = useState<Record<string, string>>(() => Object.fromEntries(optionsOf(screen).map((o) => [o.value, o.label])));
  const [applied, setApplied] = useState(false);
  const id = useId();
  if (textsOf(screen).length === 0 && optionsOf(screen).length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changedTexts = Object.fromEntries(textsOf(screen).filter(([field, value]) => texts[field] !== value).map(([field]) => [field, texts[field] ?? '']));
    const changedLabels = Object.fromEntries(optionsOf(screen).filter((o) => labels[o.value] !== o.label).map((o) => [o.value, labels[o.value] ?? '']));
    onApply({ texts: changedTexts, labels: changedLabels });
    setApplied(true);
  };
  return (
    <section aria-labelledby="details-reword">
      <h3 id="details-reword">Reword</h3>
      <form className="reword" onSubmit={submit}>
        {textsOf(screen).map(([field]) => (
          <div key={field} className="reword-field">
            <label htmlFor={`${id}-${field}`}>{field}</label>
            <textarea
              id={`${id}-${field}`}
              rows={field === 'title' || field === 'subtitle' ? 2 : 1}
              value={texts[field] ?? ''}
              onChange={(e) => setTexts({ ...texts, [field]: e.currentTarget.value })}
            />
          </div>
        ))}
        {optionsOf(screen).map((option, i) => (
          <div key={option.value} className="reword-field">
            <label htmlFor={`${id}-option-${i}`}>option {option.value}</label>
            <input id={`${id}-option-${i}`} value={labels[option.value] ?? ''} onChange={(e) => setLabels({ ...labels, [option.value]: e.currentTarget.value })} />
          </div>
        ))}
        <button type="submit">Apply to the flow in view</button>
        {applied ? <p role="status">Applied: the flow in view is reworded. Store it as a new version in Versions, preview it, then publish it.</p> : null}
      </form>
    </section>
  );
}
