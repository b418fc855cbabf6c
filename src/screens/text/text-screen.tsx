import { useState, type FormEvent } from 'react';
import type { TextScreen as TextScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { textKind } from '../../engine/kinds/text';
import { TextInput } from '../../ui/primitives';
import { QuestionForm } from '../question-form';
import { ScreenLayout } from '../screen-layout';
import { useFieldError } from '../use-field-error';
import { textFor } from '../../engine/text-variants';

export function TextScreen({ screen, answer, send, flags }: ScreenProps<TextScreenData>) {
  const [value, setValue] = useState(typeof answer === 'string' ? answer : '');
  const { error, setError, inputId, errorId, inputProps } = useFieldError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = textKind.answerProblem?.(screen, value, new Date()) ?? null;
    if (problem === 'required') setError(screen.messages.required);
    else if (problem === 'tooLong') setError(screen.messages.tooLong);
    else send({ type: 'ANSWER', value: value.trim() });
  };

  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)}>
      <QuestionForm onSubmit={submit} cta={screen.cta} label={{ text: screen.label, htmlFor: inputId }} error={{ id: errorId, text: error }}>
        <TextInput
          {...inputProps}
          type="text"
          value={value}
          placeholder={screen.placeholder}
          autoComplete={screen.autocomplete ?? 'off'}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
      </QuestionForm>
    </ScreenLayout>
  );
}
