import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { EmailScreen as EmailScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { emailKind } from '../../engine/kinds/email';
import { Stack, Subtitle, TextInput } from '../../ui/primitives';
import { QuestionForm } from '../question-form';
import { ScreenLayout } from '../screen-layout';
import { useFieldError } from '../use-field-error';
import { ReadingPreview } from './reading-preview';
import { textFor } from '../../engine/text-variants';

const Done = styled.p`
  margin: 0;
  padding: 14px 16px;
  border-radius: 12px;
  font-weight: 600;
  background: rgba(157, 117, 235, 0.16);
`;

/**
 * Email capture, with the flow's preview of the visitor's reading when it has one (what the screen promises is on
 * it). The address goes to the machine's memory only (never the URL or localStorage).
 */
export function EmailScreen({ screen, send, email, busy, answers, profile, flags }: ScreenProps<EmailScreenData>) {
  const [value, setValue] = useState(email ?? '');
  const { error, setError, inputId, errorId, inputProps } = useFieldError();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailKind.answerProblem?.(screen, value, new Date()) ?? null;
    if (problem === 'required') setError(screen.messages.required);
    else if (problem) setError(screen.messages.invalid);
    else send({ type: 'SUBMIT_EMAIL', email: value });
  };

  return (
    <ScreenLayout screenId={screen.id} title={textFor(screen.title, flags)} subtitle={screen.subtitle === undefined ? undefined : textFor(screen.subtitle, flags)}>
      <Stack $gap={20}>
        {screen.preview ? <ReadingPreview preview={screen.preview} answers={answers} profile={profile} headingId={`${screen.id}-preview`} /> : null}
        <QuestionForm
          onSubmit={submit}
          cta={screen.cta}
          label={{ text: screen.label, htmlFor: inputId }}
          error={{ id: errorId, text: error }}
          busy={busy ? { text: screen.busy } : null}
          after={
            <>
              {email && screen.done ? <Done role="status">{screen.done}</Done> : null}
              {screen.note ? <Subtitle>{screen.note}</Subtitle> : null}
            </>
          }
        >
          <TextInput
            {...inputProps}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={value}
            placeholder={screen.placeholder}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
        </QuestionForm>
      </Stack>
    </ScreenLayout>
  );
}
