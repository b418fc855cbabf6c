import { useEffect, useState } from 'react';
import type { Screen } from '../../engine/generated/flow-types';
import { whenIdle } from '../../ui/when-idle';

/**
 * The screen the visitor just left, kept until the browser is idle. It is hidden, not removed, meanwhile: taking its
 * elements out of the page is work the tap need not wait for.
 */
export function useScreenJustLeft(screen: Screen | undefined): Screen | undefined {
  const [current, setCurrent] = useState(screen);
  const [leaving, setLeaving] = useState<Screen | undefined>(undefined);
  if (screen !== current) {
    setCurrent(screen);
    setLeaving(current);
  }
  useEffect(() => (leaving ? whenIdle(() => setLeaving(undefined)) : undefined), [leaving]);
  return leaving;
}
