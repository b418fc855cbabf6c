import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { MultipleChoiceScreen as MultipleChoiceScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { multipleChoiceKind } from '../../engine/kinds/multiple-choice';
import { QuestionForm } from '../question-form';
import { ScreenLayout } from '../screen-layout';
import { OptionCard, OptionIcon, OptionList } from '../choice-styles';
import { useFieldError } from '../use-field-error';
import { textFor } from '../../engine/text-variants';

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

export function MultipleChoiceScreen({ screen, answer, send, flags }: ScreenProps<MultipleChoiceScreenData>) {
  const [selected, setSelected] = useState<string[]>(Array.isArray(answer) ? answer : []);
  const { error, setError, errorId } = useFieldError();

  // The limit holds at the tap: a tick past maxSelected is refused with the flow's message, and the box stays
  // unticked (it is controlled), so the visitor learns it where they tapped, not after pressing Continue.
  const [refusedAt, setRefusedAt] = useState(0);
  useEffect(() => {
    // A long list can push the message below the fold: bring it into view (it is also announced, role="alert").
    if (refusedAt > 0) document.getElementById(errorId)?.scrollIntoView?.({ block: 'nearest' });
  }, [refusedAt, errorId]);

  const toggle = (value: string) => {
    if (selected.includes(value)) {
      setError(null);
      setSelected(selected.filter((v) => v !== value));
    } else if (selected.length >= screen.maxSelected) {
      setError(screen.messages.tooMany);
      setRefusedAt((n) => n + 1);
    } else {
      setError(null);
      setSelected([...selected, value]);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = multipleChoiceKind.answerProblem?.(screen, selected, new Date()) ?? null;
    if (problem === 'tooFew') setError(screen.messages.tooFew);
    else if (problem === 'tooMany') setError(screen.messages.tooMany);
    else send({ type: 'ANSWER', value: selected });
  };

  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)}>
      <QuestionForm onSubmit={submit} cta={screen.cta} error={{ id: errorId, text: error }}>
        <Fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="visually-hidden">{textFor(screen.title, flags)}</legend>
          <OptionList>
            {screen.options.map((option) => (
              <li key={option.value}>
                <OptionCard as="label" data-selected={selected.includes(option.value) || undefined}>
                  <input type="checkbox" checked={selected.includes(option.value)} onChange={() => toggle(option.value)} />
                  {option.icon ? <OptionIcon aria-hidden="true">{option.icon}</OptionIcon> : null}
                  <span>{option.label}</span>
                </OptionCard>
              </li>
            ))}
          </OptionList>
        </Fieldset>
      </QuestionForm>
    </ScreenLayout>
  );
}
