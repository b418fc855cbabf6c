import { useId, useState } from 'react';

/** Inline error state of a field, with the ids that tie the message to the input for screen readers. */
export function useFieldError() {
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const inputProps = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  return { error, setError, inputId, errorId, inputProps };
}
