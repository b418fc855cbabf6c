import { useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { LoadingScreen as LoadingScreenData } from '../../engine/generated/flow-types';
import type { ScreenProps } from '../screen-props';
import { Stack } from '../../ui/primitives';
import { ScreenLayout } from '../screen-layout';
import { useScreenShown } from '../screen-shown';

const Track = styled.div`
  height: 10px;
  border-radius: 5px;
  background: ${({ theme }) => theme.colors.tint};
  overflow: hidden;
`;

/**
 * Its fill is scaled by an inline style: a width set through a styled prop would add a CSS rule for each percent (a
 * hundred over the wait, each making the browser check every element's style again), and be laid out in every frame.
 */
const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.brandStrong};
  transform-origin: left;
  transition: transform 200ms linear;
`;

const pulse = keyframes`from { opacity: 0.4; } to { opacity: 1; }`;

const StepList = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 10px;
`;

/*
 * A step's state is its data-state attribute, which these rules select on, and the pulse is data-pulse: a prop would
 * make a class of its own for each state, a CSS rule inserted when the screen is first shown (tests/tap-styles.spec.ts).
 */
const StepItem = styled.li`
  display: flex;
  gap: 10px;
  align-items: baseline;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 400;
  &[data-state='waiting'] { color: ${({ theme }) => theme.colors.muted}; }
  &[data-state='active'] { font-weight: 600; }
`;

/** The step's mark (✓, ✦, ·) in a box of its own width, so every line's text starts at the same place. */
const Mark = styled.span`
  flex: none;
  width: 1.25em;
  text-align: center;
  color: ${({ theme }) => theme.colors.brandStrong};
  /* Only the mark pulses: faded text would drop below AA contrast. */
  &[data-pulse] { animation: ${pulse} 0.8s ease-in-out infinite alternate; }
`;

const tick = 100;

/** Honest progress: the bar and the step list follow real elapsed time, then the funnel moves on. */
export function LoadingScreen({ screen, send }: ScreenProps<LoadingScreenData>) {
  const [elapsed, setElapsed] = useState(0);
  const duration = Math.max(screen.durationMs, 1);

  // Hidden (rendered ahead), the screen waits: its time starts when it is shown.
  const shown = useScreenShown();
  useEffect(() => {
    if (!shown) return;
    const started = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now() - started;
      setElapsed(Math.min(now, duration));
      if (now >= duration) {
        window.clearInterval(timer);
        send({ type: 'NEXT' });
      }
    }, tick);
    return () => window.clearInterval(timer);
  }, [duration, send, shown]);

  const percent = Math.round((elapsed / duration) * 100);
  const active = Math.min(screen.steps.length - 1, Math.floor((elapsed / duration) * screen.steps.length));
  return (
    <ScreenLayout screenId={screen.id} title={screen.title}>
      <Stack $gap={20}>
        <Track role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={screen.title}>
          <Bar style={{ transform: `scaleX(${percent / 100})` }} />
        </Track>
        <StepList>
          {screen.steps.map((step, i) => {
            const state = percent >= 100 || i < active ? 'done' : i === active ? 'active' : 'waiting';
            return (
              <StepItem key={step} data-state={state}>
                <Mark aria-hidden="true" data-pulse={(shown && state === 'active') || undefined}>{state === 'done' ? '✓' : state === 'active' ? '✦' : '·'}</Mark>
                <span>{step}</span>
                {state === 'done' ? <span className="visually-hidden">(done)</span> : null}
              </StepItem>
            );
          })}
        </StepList>
      </Stack>
    </ScreenLayout>
  );
}
