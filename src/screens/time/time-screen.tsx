import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { TimeScreen as TimeScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { timeKind } from '../../engine/kinds/time';
import { SecondaryButton, TextInput } from '../../ui/primitives';
import { QuestionForm } from '../question-form';
import { ScreenLayout } from '../screen-layout';
import { useFieldError } from '../use-field-error';
import { textFor } from '../../engine/text-variants';

/**
 * As wide as the button under it, like every field. (The 310 px dialog cap is for pickers that open over the
 * page; the phone draws its own here.) Block with no minimum width: iOS Safari otherwise sizes the field to its
 * content, and centres the value.
 */
const TimeInput = styled(TextInput)`
  display: block;
  min-width: 0;
  &::-webkit-date-and-time-value { text-align: left; }
`;

export function TimeScreen({ screen, answer, send, flags }: ScreenProps<TimeScreenData>) {
  const known = typeof answer === 'string' && answer !== screen.dontKnow.value ? answer : '';
  const [value, setValue] = useState(known);
  const { error, setError, inputId, errorId, inputProps } = useFieldError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (timeKind.answerProblem?.(screen, value, new Date())) setError(screen.messages.required);
    else send({ type: 'ANSWER', value });
  };

  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)}>
      <QuestionForm
        onSubmit={submit}
        cta={screen.cta}
        label={{ text: screen.label, htmlFor: inputId }}
        error={{ id: errorId, text: error }}
        after={
          <SecondaryButton type="button" aria-pressed={answer === screen.dontKnow.value} onClick={() => send({ type: 'ANSWER', value: screen.dontKnow.value })}>
            {screen.dontKnow.label}
          </SecondaryButton>
        }
      >
        <TimeInput
          {...inputProps}
          type="time"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
      </QuestionForm>
    </ScreenLayout>
  );
}
