import type { FormEvent, ReactNode } from 'react';
import { ErrorText, FieldLabel, PrimaryButton, Stack } from '../ui/primitives';

/** The inline message under a field; announced when it appears. */
export function InlineError({ id, error }: { id: string; error: string | null }) {
  return error ? (
    <ErrorText id={id} role="alert">
      {error}
    </ErrorText>
  ) : null;
}

/**
 * The form of a typed answer: a labelled field, its inline message, the submit button, and what
 * comes after it (a secondary answer, a note). Validation stays with each screen.
 */
export function QuestionForm(props: {
  onSubmit: (event: FormEvent) => void;
  cta: string;
  label?: { text: string; htmlFor: string };
  error: { id: string; text: string | null };
  children: ReactNode;
  after?: ReactNode;
  /** While the screen's submit effect runs: the button is disabled and says so. */
  busy?: { text: string | undefined } | null;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate>
      <Stack $gap={12}>
        {props.label ? <FieldLabel htmlFor={props.label.htmlFor}>{props.label.text}</FieldLabel> : null}
        {props.children}
        <InlineError id={props.error.id} error={props.error.text} />
        <PrimaryButton type="submit" disabled={!!props.busy} aria-busy={props.busy ? true : undefined}>
          {props.busy?.text ?? props.cta}
        </PrimaryButton>
        {props.after}
      </Stack>
    </form>
  );
}
