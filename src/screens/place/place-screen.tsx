import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import type { PlaceScreen as PlaceScreenData } from '../../engine/generated/flow-types';
import { isPlaceAnswer } from '../../engine/answers';
import type { ScreenProps } from '../screen-props';
import { isKnownZone } from '../../engine/utc-offset';
import { TextInput } from '../../ui/primitives';
import { canHover } from '../../ui/theme';
import { QuestionForm } from '../question-form';
import { ScreenLayout } from '../screen-layout';
import { useFieldError } from '../use-field-error';
import type { PlaceSuggestion } from '../../shared/place-suggestion';
import { useScreenServices } from '../services-context';
import { useScreenShown } from '../screen-shown';
import type { ZoneHistory } from '../../engine/zone-history';
import { textFor } from '../../engine/text-variants';
import { whenIdle } from '../../ui/when-idle';

const Combo = styled.div`
  position: relative;
`;

/**
 * The suggestion list stays within 170-180 px and scrolls inside. The suggestions are styled by the list's own rules,
 * which are in the page once the screen has been rendered (ahead, while the browser was idle): a component of their
 * own inserted its rules when the first letter's suggestions arrived, and the browser restyles the whole page for a
 * rule inserted, inside the wait for those suggestions (tests/tap-styles.spec.ts). The active suggestion is the one
 * aria-selected marks, for the same reason: a prop would make a class of its own, a rule inserted by a key.
 */
const Listbox = styled.ul`
  list-style: none;
  margin: 6px 0 0;
  padding: 4px;
  max-height: 176px;
  overflow-y: auto;
  border-radius: 12px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  box-shadow: 0 8px 24px ${({ theme }) => theme.colors.shadow};
  & > li {
    padding: 10px 12px;
    border-radius: 8px;
    cursor: pointer;
    background: transparent;
    outline: none;
    outline-offset: -2px;
  }
  & > li[aria-selected='true'] { background: ${({ theme }) => theme.colors.tint}; outline: 2px solid ${({ theme }) => theme.colors.brandStrong}; }
  ${canHover} {
    & > li:hover { background: ${({ theme }) => theme.colors.tint}; }
  }
`;

/** The longest the suggestions' zones wait for an idle moment after the suggestions are shown. */
const zonePrefetchWaitMs = 300;

export function PlaceScreen({ screen, answer, send, flags }: ScreenProps<PlaceScreenData>) {
  const { searchPlaces, zoneHistory } = useScreenServices();
  const previous = isPlaceAnswer(answer) ? answer : null;
  const [query, setQuery] = useState(previous?.place ?? '');
  const [results, setResults] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState<string | null>(null);
  const { error, setError, inputId, errorId, inputProps } = useFieldError();
  const listId = useId();
  const abort = useRef<AbortController | null>(null);
  // The label just picked fills the input; it is an answer, not a new query.
  const chosen = useRef<string | null>(null);
  // The latest pick (a later one wins) and whether the screen is still shown when its zone's history arrives.
  const picks = useRef(0);
  const isShown = useScreenShown();
  const shown = useRef(false);
  useEffect(() => {
    if (!isShown) return;
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, [isShown]);

  // The search of what is typed, started by the keystroke itself: the request is on its way while the browser paints
  // the letter (started by an effect, after that paint, it left 30-40 ms later at 4x CPU). No debounce: the server
  // answers in a few milliseconds, and a wait only adds to every suggestion the visitor waits for. Each keystroke
  // aborts the search before it; so does leaving the screen.
  const search = (text: string) => {
    abort.current?.abort();
    const q = text.trim();
    if (q === '' || q === previous?.place || q === chosen.current) return;
    const controller = new AbortController();
    abort.current = controller;
    searchPlaces(q, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return;
        // The zones of the suggestions, asked for once the suggestions are painted (a few requests and their answers
        // would otherwise come before that paint): the one picked is usually there before the tap. A newer query's
        // suggestions make these zones stale.
        whenIdle(() => {
          if (controller.signal.aborted) return;
          for (const zone of new Set(found.map((f) => f.timeZone))) zoneHistory(zone).catch(() => undefined);
        }, zonePrefetchWaitMs);
        // Rendered in the task the answer arrives in: the visitor is waiting for these, and React would otherwise
        // render them in a task of its own, one more wait on a busy phone.
        flushSync(() => {
          setResults(found);
          setSearched(q);
          setOpen(found.length > 0);
          setActive(-1);
          setError(found.length === 0 ? screen.messages.noMatch : null);
        });
      },
      () => {
        if (controller.signal.aborted) return;
        // Old suggestions would belong to another query: hide them with the message.
        setResults([]);
        setOpen(false);
        setError(screen.messages.unavailable);
      },
    );
  };
  useEffect(() => () => abort.current?.abort(), []);

  const choose = async (suggestion: PlaceSuggestion) => {
    const pick = (picks.current += 1);
    chosen.current = suggestion.label;
    abort.current?.abort();
    setOpen(false);
    setQuery(suggestion.label);
    // The zone's whole history from the tz database, kept with the answer so the offset follows a changed
    // birth date; without it (the server could not be reached), the browser's own tz data.
    let history: ZoneHistory | undefined;
    try {
      history = await zoneHistory(suggestion.timeZone);
    } catch {
      console.warn(`cannot get the time-zone history of ${suggestion.timeZone}: the browser's own time-zone data is used`);
    }
    // Left (Back) or picked again meanwhile: this pick is no answer any more.
    if (!shown.current || pick !== picks.current) return;
    if (!history && !isKnownZone(suggestion.timeZone)) {
      // An older phone may not know a recent zone name: say so rather than fail silently.
      setError(screen.messages.unavailable);
      return;
    }
    // The pick and its zone: the machine computes the offset in force at the birth moment as it keeps the answer.
    send({
      type: 'ANSWER',
      value: {
        latitude: suggestion.latitude,
        longitude: suggestion.longitude,
        place: suggestion.label,
        timeZone: suggestion.timeZone,
        ...(history ? { zoneHistory: history } : {}),
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim() === '') setError(screen.messages.required);
    else if (previous && query === previous.place) {
      // The visitor came back and kept the place: the machine recomputes its offset for the current birth date.
      send({ type: 'ANSWER', value: previous });
    } else if (searched === query.trim() && results.length === 0) setError(screen.messages.noMatch);
    else {
      setError(screen.messages.pick);
      setOpen(results.length > 0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      event.preventDefault();
      void choose(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)}>
      <QuestionForm onSubmit={submit} cta={screen.cta} label={{ text: screen.label, htmlFor: inputId }} error={{ id: errorId, text: error }}>
        <Combo>
          <TextInput
            {...inputProps}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder={screen.placeholder}
            value={query}
            onChange={(e) => {
              search(e.target.value);
              setQuery(e.target.value);
              setError(null);
              if (e.target.value.trim() === '') {
                setResults([]);
                setOpen(false);
              }
            }}
            onKeyDown={onKeyDown}
          />
          <Listbox id={listId} role="listbox" aria-label={screen.label} hidden={!open}>
            {results.map((suggestion, i) => (
              <li
                key={suggestion.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void choose(suggestion)}
              >
                {suggestion.label}
              </li>
            ))}
          </Listbox>
        </Combo>
      </QuestionForm>
    </ScreenLayout>
  );
}
