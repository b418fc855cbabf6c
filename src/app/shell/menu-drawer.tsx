import { useEffect, useRef, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { canHover, dialogMaxWidth, type ThemeMode } from '../../ui/theme';
import { useThemeMode } from './theme-mode';
import { consentStore, type Consent } from './consent';

const Drawer = styled.dialog`
  margin: 0 0 0 auto;
  height: 100dvh;
  max-height: 100dvh;
  width: min(${dialogMaxWidth}px, 86vw);
  max-width: ${dialogMaxWidth}px;
  padding: 20px;
  border: 0;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  box-shadow: -12px 0 40px ${({ theme }) => theme.colors.shadow};
  &::backdrop { background: ${({ theme }) => theme.colors.backdrop}; }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin-bottom: 16px;
  h2 { font-size: 20px; }
`;

const Close = styled.button`
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 12px;
  background: transparent;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  ${canHover} { &:hover { background: ${({ theme }) => theme.colors.tint}; } }
`;

const Links = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 24px;
  display: grid;
  gap: 4px;
  a {
    display: block;
    padding: 12px 8px;
    border-radius: 10px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-weight: 600;
  }
  ${canHover} { a:hover { background: ${({ theme }) => theme.colors.tint}; } }
`;

const ThemeChoice = styled.fieldset`
  margin: 0 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  padding: 8px 12px 12px;
  legend { padding: 0 6px; font-weight: 600; }
  label { display: flex; gap: 12px; align-items: center; min-height: 44px; cursor: pointer; }
`;

/**
 * A privacy choice: a check box drawn as a switch (track and knob, in the brand's colour when on). It stays a check
 * box for assistive technology, which announces it checked or not checked.
 */
const Switch = styled.input.attrs({ type: 'checkbox' })`
  appearance: none;
  flex: none;
  position: relative;
  width: 44px;
  height: 26px;
  margin: 0 0 0 auto;
  border-radius: 13px;
  border: 2px solid ${({ theme }) => theme.colors.controlBorder};
  background: ${({ theme }) => theme.colors.surfaceSolid};
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease;
  &::before {
    content: '';
    position: absolute;
    top: 3px;
    left: 3px;
    width: 16px;
    height: 16px;
    margin: 0;
    border: 0;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.controlBorder};
    transform: none;
    transition: transform 120ms ease;
  }
  &:checked { background: ${({ theme }) => theme.colors.brandStrong}; border-color: ${({ theme }) => theme.colors.brandStrong}; }
  &:checked::before { transform: translateX(18px); background: ${({ theme }) => theme.colors.onBrand}; }
  &:disabled { cursor: not-allowed; opacity: 0.55; }
`;

const Note = styled.p`
  margin: 4px 0 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.muted};
`;

const links = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-use', label: 'Terms of Use' },
  { to: '/terms-of-use#subscription-terms', label: 'Subscription Terms' },
  { to: '/terms-of-use#refund-policy', label: 'Refund Policy' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/understanding-astrology', label: 'Understanding Astrology' },
];

const choices: Array<{ key: keyof Consent; label: string }> = [
  { key: 'analytics', label: 'Analytics' },
  { key: 'advertising', label: 'Advertising' },
  { key: 'remoteConfig', label: 'Remote configuration' },
];

const modes: Array<{ value: ThemeMode; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'Same as device' },
];

/** The menu: a modal dialog (focus kept inside, Escape closes) with the legal links and the theme. */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <Drawer
      ref={ref}
      aria-label="Menu"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {/* In the page while closed too (a closed dialog is neither laid out nor painted): its elements and their CSS
          rules exist before the tap that opens it, which then only shows it. */}
      <DrawerContent onClose={onClose} />
    </Drawer>
  );
}

function DrawerContent({ onClose }: { onClose: () => void }) {
  const { mode, setMode } = useThemeMode();
  // The store applies a switch at once: analytics, the pixel and remote config follow it (they subscribe to it).
  const store = consentStore();
  const { consent, globalPrivacyControl } = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <>
      <Top>
        <h2>Menu</h2>
        <Close type="button" aria-label="Close menu" onClick={onClose}>
          ×
        </Close>
      </Top>
      <nav aria-label="Legal and help">
        <Links>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </Links>
      </nav>
      <ThemeChoice>
        <legend>Theme</legend>
        {modes.map((m) => (
          <label key={m.value}>
            <input type="radio" name="theme-mode" value={m.value} checked={mode === m.value} onChange={() => setMode(m.value)} />
            {m.label}
          </label>
        ))}
      </ThemeChoice>
      <ThemeChoice>
        <legend>Privacy choices</legend>
        {choices.map((c) => {
          const heldOff = c.key === 'advertising' && globalPrivacyControl;
          return (
            <label key={c.key}>
              {c.label}
              <Switch
                checked={consent[c.key]}
                disabled={heldOff}
                aria-describedby={heldOff ? 'gpc-note' : undefined}
                onChange={(e) => store.set({ ...consent, [c.key]: e.target.checked })}
              />
            </label>
          );
        })}
        {globalPrivacyControl ? <Note id="gpc-note">Your browser asks sites not to share your data (Global Privacy Control), so advertising stays off.</Note> : null}
      </ThemeChoice>
    </>
  );
}
