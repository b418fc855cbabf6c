import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { TimeScreen as TimeScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { answerProblem } from '../../engine/answers';
import { SecondaryButton, TextInput } from '../../ui/primitives';
import { QuestionForm } from '../question-form';
import { dialogMaxWidth } from '../../ui/theme';
import { ScreenLayout } from '../screen-layout';
import { useFieldError } from '../use-field-error';

const TimeInput = styled(TextInput)`
  max-width: ${dialogMaxWidth}px;
`;

export function TimeScreen({ screen, answer, send }: ScreenProps<TimeScreenData>) {
  const known = typeof answer === 'string' && answer !== screen.dontKnow.value ? answer : '';
  const [value, setValue] = useState(known);
  const { error, setError, inputId, errorId, inputProps } = useFieldError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answerProblem(screen, value) !== null) setError(screen.messages.required);
    else send({ type: 'ANSWER', value });
  };

  return (
    <ScreenLayout screenId={screen.id} title={screen.title} subtitle={screen.subtitle}>
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
