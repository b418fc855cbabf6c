import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Back } from '../../engine/generated/flow-types';
import { canHover } from '../../ui/theme';

const Button = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  min-width: 44px;
  padding: 8px 12px 8px 6px;
  border: 0;
  border-radius: 10px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;
  &:disabled { opacity: 0.4; cursor: not-allowed; }
  ${canHover} { &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.tint}; } }
`;

/** True once `delayMs` has passed since the screen opened (remounted per screen). */
function useDelayPassed(delayMs: number): boolean {
  const [passed, setPassed] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setPassed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return passed;
}

/**
 * The back button: shown only when the screen has a back target, disabled until its delay has
 * passed and the visitor's session is ready. Every target is the machine's BACK (a page outside the
 * flow too: the machine says so, and the address bar goes there). A screen without a back target has the button in
 * the page, hidden: its CSS rules are then made with the first screen, not inserted by the tap into the first screen
 * that has one (the browser restyles the whole page for a rule inserted).
 */
export function BackButton(props: { back: Back | undefined; sessionReady: boolean; onBack: () => void }) {
  const delayPassed = useDelayPassed(props.back?.delayMs ?? 0);
  if (!props.back) return <Button type="button" hidden disabled aria-label="Back" />;
  const enabled = delayPassed && props.sessionReady;
  return (
    <Button
      type="button"
      disabled={!enabled}
      aria-label="Back"
      onClick={props.onBack}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span aria-hidden="true">Back</span>
    </Button>
  );
}
