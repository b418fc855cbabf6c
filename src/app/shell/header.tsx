import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { canHover } from '../../ui/theme';
import { earlyClickAttribute, replayClickAttribute, shellRunningAttribute } from '../../shared/early-tap';
import { whenIdle } from '../../ui/when-idle';

// The menu (its switches, the consent store behind them) is not needed to paint the landing: its chunk is fetched
// after the landing has painted (the landing's inline script), and the drawer is put in the page, closed, once the
// browser is idle after the shell has hydrated, so that a tap on the button only opens it. A tap that comes first
// loads it (pointer down, hover, focus) and opens it once it is there.
const loadMenuDrawer = () => import('./menu-drawer');
const MenuDrawer = lazy(() => loadMenuDrawer().then((m) => ({ default: m.MenuDrawer })));

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  height: 64px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 16px;
  background: ${({ theme }) => theme.colors.surface};
  backdrop-filter: blur(12px);
  -webkit-backdrop-filter: blur(12px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 20px;
  letter-spacing: 0.01em;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const MenuButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 12px;
  background: transparent;
  cursor: pointer;
  ${canHover} { &:hover { background: ${({ theme }) => theme.colors.tint}; } }
`;

/** How long the closed drawer waits for an idle moment after the shell has hydrated, at most. */
const MENU_IDLE_WAIT_MS = 3000;

/** The header: logo, product name and the menu drawer. */
export function Header({ productName }: { productName: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Hydrated: from now on the button handles its taps. One made before (the landing's shell loads when the page is
  // idle or touched: src/shared/early-tap.ts recorded it) is replayed now.
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute(shellRunningAttribute, '');
    if (root.getAttribute(earlyClickAttribute) !== 'menu') return whenIdle(() => startTransition(() => setWanted(true)), MENU_IDLE_WAIT_MS);
    root.removeAttribute(earlyClickAttribute);
    buttonRef.current?.click();
    return undefined;
  }, []);
  return (
    <Bar>
      <Brand to="/" aria-label={`${productName} home`}>
        <img src="/logo.svg" alt="" width="32" height="32" />
        <span>{productName}</span>
      </Brand>
      <MenuButton
        ref={buttonRef}
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...{ [replayClickAttribute]: 'menu' }}
        onPointerEnter={() => void loadMenuDrawer()}
        onPointerDown={() => void loadMenuDrawer()}
        onFocus={() => void loadMenuDrawer()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </MenuButton>
      {wanted ? (
        <Suspense fallback={null}>
          <MenuDrawer
            open={open}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </Bar>
  );
}
