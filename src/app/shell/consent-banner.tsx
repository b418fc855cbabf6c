import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { canHover } from '../../ui/theme';

const Panel = styled.div`
  position: fixed;
  left: 12px;
  right: 12px;
  bottom: 12px;
  z-index: 20;
  max-width: 560px;
  margin: 0 auto;
  padding: 16px;
  border-radius: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  box-shadow: 0 12px 40px ${({ theme }) => theme.colors.shadow};
  &:focus { outline: none; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
  h2 { font-size: 18px; margin: 0 0 6px; }
  p { margin: 0 0 12px; font-size: 15px; }
`;

const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
`;

/** Both answers look the same: neither is pushed on the visitor. */
const Choice = styled.button`
  min-height: 48px;
  padding: 10px 16px;
  border-radius: 12px;
  border: 2px solid ${({ theme }) => theme.colors.brandStrong};
  color: ${({ theme }) => theme.colors.brandStrong};
  background: transparent;
  font-weight: 600;
  cursor: pointer;
  ${canHover} {
    &:hover { background: ${({ theme }) => theme.colors.tint}; }
  }
`;

/** Room at the end of the page as tall as the banner, so the page's last content can scroll out from under it. */
const Spacer = styled.div`
  pointer-events: none;
`;

export interface ConsentBannerProps {
  /** The visitor's answer: true = accept all, false = decline all. */
  onAnswer(accepted: boolean): void;
  /** The browser sends Global Privacy Control (advertising stays off even on accept). */
  globalPrivacyControl: boolean;
}

/**
 * The consent question, asked once (src/app/shell/consent.ts decides when): a non-modal dialog fixed at the bottom
 * (it moves nothing on the page), with a heading, what each choice covers, and two equal buttons. It takes the focus
 * only when nothing else has it, and gives it back after the answer.
 */
export function ConsentBanner({ onAnswer, globalPrivacyControl }: ConsentBannerProps) {
  const panel = useRef<HTMLDivElement>(null);
  const previous = useRef<Element | null>(null);
  const [height, setHeight] = useState(0);
  const headingId = useId();
  const textId = useId();

  useEffect(() => {
    const active = document.activeElement;
    previous.current = active;
    if (!active || active === document.body) panel.current?.focus();
  }, []);

  // Keep focused controls and the page's end clear of the banner.
  useLayoutEffect(() => {
    const node = panel.current;
    if (!node) return;
    const root = document.documentElement;
    const measure = () => {
      const h = Math.ceil(node.getBoundingClientRect().height) + 24;
      setHeight(h);
      root.style.scrollPaddingBottom = `${h}px`;
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, []);

  const answer = (accepted: boolean) => {
    const back = previous.current;
    if (back instanceof HTMLElement && back !== document.body && back.isConnected && !panel.current?.contains(back)) back.focus();
    else {
      const heading = document.querySelector<HTMLElement>('main h1[tabindex]');
      if (heading) heading.focus();
      else (document.activeElement as HTMLElement | null)?.blur();
    }
    onAnswer(accepted);
  };

  return (
    <>
      <Spacer aria-hidden="true" style={{ height }} />
      <Panel ref={panel} role="dialog" aria-modal="false" aria-labelledby={headingId} aria-describedby={textId} tabIndex={-1}>
        <h2 id={headingId}>Your privacy choices</h2>
        <p id={textId}>
          With your consent we use analytics (to see how the quiz is used), the Meta pixel (to measure our ads) and remote
          configuration (to test versions of the quiz). None of them runs unless you accept
          {globalPrivacyControl ? '; your browser’s Global Privacy Control keeps advertising off either way' : ''}. You
          can change this at any time in the menu. <Link to="/cookie-policy">Cookie Policy</Link>
        </p>
        <Choices>
          <Choice type="button" onClick={() => answer(false)}>
            Decline
          </Choice>
          <Choice type="button" onClick={() => answer(true)}>
            Accept
          </Choice>
        </Choices>
      </Panel>
    </>
  );
}
