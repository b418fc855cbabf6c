import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { DateScreen as DateScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { todayIso } from '../../engine/answers';
import { dateKind } from '../../engine/kinds/date';
import { TextInput } from '../../ui/primitives';
import { QuestionForm } from '../question-form';
import { ScreenLayout } from '../screen-layout';
import { useFieldError } from '../use-field-error';
import { textFor } from '../../engine/text-variants';

/**
 * As wide as the button under it, like every field. (The 310 px dialog cap is for pickers that open over the
 * page; the phone draws its own here.) Block with no minimum width: iOS Safari otherwise sizes the field to its
 * content, and centres the value.
 */
const DateInput = styled(TextInput)`
  display: block;
  min-width: 0;
  &::-webkit-date-and-time-value { text-align: left; }
`;

/**
 * The native date input: the phone's own wheel or calendar, keyboard entry on desktop, labelled for
 * screen readers. The rules (a real date, not in the future, not before minDate, and on the visitor's own birth date
 * not younger than minAge) are the machine's: a refused date stays in the field with the flow's message under it,
 * and the machine does not move on.
 */
export function DateScreen({ screen, answer, send, flags }: ScreenProps<DateScreenData>) {
  const [value, setValue] = useState(typeof answer === 'string' ? answer : '');
  const { error, setError, inputId, errorId, inputProps } = useFieldError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = dateKind.answerProblem?.(screen, value, new Date()) ?? null;
    const messages: Record<string, string> = screen.messages;
    if (problem) setError(messages[problem] ?? screen.messages.invalid);
    else send({ type: 'ANSWER', value });
  };

  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)}>
      <QuestionForm onSubmit={submit} cta={screen.cta} label={{ text: screen.label, htmlFor: inputId }} error={{ id: errorId, text: error }}>
        <DateInput
          {...inputProps}
          type="date"
          value={value}
          min={screen.minDate}
          max={todayIso()}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
      </QuestionForm>
    </ScreenLayout>
  );
}
