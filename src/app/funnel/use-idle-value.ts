import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../ui/when-idle';

/**
 * `value` once the browser has been idle since it last changed, `initial` until the first such moment: for what the
 * page prepares ahead of a tap, which must never weigh on the frame the visitor is waiting for (rendered as a
 * transition, so an input that comes meanwhile is handled first).
 */
export function useIdleValue<T>(value: T, initial: T): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => whenIdle(() => startTransition(() => setSettled(value))), [value]);
  return settled;
}
