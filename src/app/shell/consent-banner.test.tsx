// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../ui/theme';
import { defaultConsentRegions } from '../../services/config';
import { ConsentBanner } from './consent-banner';
import { ConsentBannerSlot } from './consent-banner-slot';
import { consentStorageKey } from '../../shared/consent-keys';
import { consentStore, createConsentStore } from './consent';
import { MenuDrawer } from './menu-drawer';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function inShell(ui: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </ThemeProvider>,
  );
}

function deniedStore() {
  return createConsentStore({ defaultMode: 'denied', optInRegions: defaultConsentRegions, storage: window.localStorage, globalPrivacyControl: false });
}

describe('the consent banner', () => {
  it('is a labelled, described dialog with two equal, real buttons', () => {
    inShell(<ConsentBanner onAnswer={() => {}} globalPrivacyControl={false} />);
    const dialog = screen.getByRole('dialog', { name: 'Your privacy choices' });
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(screen.getByRole('heading', { name: 'Your privacy choices' })).toBeTruthy();
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toMatch(/analytics.*Meta pixel.*remote configuration/);
    expect(description.textContent).toMatch(/change this at any time in the menu/);
    const decline = screen.getByRole('button', { name: 'Decline' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(decline.tagName).toBe('BUTTON');
    expect(decline.getAttribute('type')).toBe('button');
    // No dark pattern: the same component, the same styles.
    expect(accept.className).toBe(decline.className);
    expect(screen.getByRole('link', { name: 'Cookie Policy' }).getAttribute('href')).toBe('/cookie-policy');
  });

  it('says that Global Privacy Control keeps advertising off', () => {
    inShell(<ConsentBanner onAnswer={() => {}} globalPrivacyControl />);
    expect(screen.getByRole('dialog').textContent).toMatch(/Global Privacy Control keeps advertising off/);
  });

  it('takes the focus when nothing has it, and is answered with the keyboard', async () => {
    const onAnswer = vi.fn();
    inShell(<ConsentBanner onAnswer={onAnswer} globalPrivacyControl={false} />);
    const dialog = screen.getByRole('dialog');
    expect(document.activeElement).toBe(dialog);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' }));
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenCalledWith(true);
    // Nothing had the focus before: it leaves the banner (to the screen's heading when there is one).
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(false);
  });

  it('answers Decline with the space bar, and gives the focus to the screen heading', async () => {
    const onAnswer = vi.fn();
    inShell(
      <>
        <main>
          <h1 tabIndex={-1}>Discover yourself</h1>
        </main>
        <ConsentBanner onAnswer={onAnswer} globalPrivacyControl={false} />
      </>,
    );
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline' }));
    await user.keyboard(' ');
    expect(onAnswer).toHaveBeenCalledWith(false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('leaves the focus where the visitor is typing, and gives it back after the answer', async () => {
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'Your email');
    document.body.appendChild(input);
    input.focus();
    inShell(<ConsentBanner onAnswer={() => {}} globalPrivacyControl={false} />);
    expect(document.activeElement).toBe(input);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(document.activeElement).toBe(input);
    input.remove();
  });

  it('sits fixed at the bottom, out of the page flow', () => {
    inShell(<ConsentBanner onAnswer={() => {}} globalPrivacyControl={false} />);
    const style = getComputedStyle(screen.getByRole('dialog'));
    expect(style.position).toBe('fixed');
    expect(style.bottom).toBe('12px');
  });
});

describe('the banner in the shell (ConsentBannerSlot)', () => {
  it('asks only a visitor of an opt-in region, once; the answer applies at once and is stored', async () => {
    const store = deniedStore();
    const seen = vi.fn();
    store.subscribe((state) => seen(state.consent));
    inShell(<ConsentBannerSlot store={store} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => store.setCountry('DE'));
    const accept = await screen.findByRole('button', { name: 'Accept' });
    await userEvent.setup().click(accept);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.get().consent).toEqual({ analytics: true, advertising: true, remoteConfig: true });
    expect(seen).toHaveBeenLastCalledWith({ analytics: true, advertising: true, remoteConfig: true });
    expect(JSON.parse(window.localStorage.getItem(consentStorageKey)!)).toEqual({ analytics: true, advertising: true, remoteConfig: true });

    // Next visit: never asked again.
    cleanup();
    const next = deniedStore();
    next.setCountry('DE');
    inShell(<ConsentBannerSlot store={next} />);
    await Promise.resolve();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a decline turns everything off', async () => {
    const store = deniedStore();
    store.setCountry('FR');
    inShell(<ConsentBannerSlot store={store} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Decline' }));
    expect(store.get()).toMatchObject({ consent: { analytics: false, advertising: false, remoteConfig: false }, answered: true, ask: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('never asks a visitor elsewhere, nor anyone with the default "granted"', async () => {
    const denied = deniedStore();
    denied.setCountry('US');
    inShell(<ConsentBannerSlot store={denied} />);
    const granted = createConsentStore({ defaultMode: 'granted', optInRegions: defaultConsentRegions, storage: null, globalPrivacyControl: false });
    granted.setCountry('DE');
    inShell(<ConsentBannerSlot store={granted} />);
    await Promise.resolve();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the menu switches', () => {
  it('are granted by default and change the store at once (so analytics, the pixel and remote config follow)', async () => {
    // jsdom has no modal dialogs.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    const store = consentStore();
    const seen = vi.fn();
    const unsubscribe = store.subscribe((state) => seen(state.consent));
    inShell(<MenuDrawer open onClose={() => {}} />);
    const analytics = screen.getByRole('checkbox', { name: 'Analytics' }) as HTMLInputElement;
    const advertising = screen.getByRole('checkbox', { name: 'Advertising' }) as HTMLInputElement;
    expect(analytics.checked).toBe(true);
    expect(advertising.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Remote configuration' }) as HTMLInputElement).checked).toBe(true);
    const user = userEvent.setup();
    await user.click(advertising);
    expect(seen).toHaveBeenLastCalledWith({ analytics: true, advertising: false, remoteConfig: true });
    expect(advertising.checked).toBe(false);
    await user.click(analytics);
    expect(store.get().consent).toEqual({ analytics: false, advertising: false, remoteConfig: true });
    expect(JSON.parse(window.localStorage.getItem(consentStorageKey)!)).toEqual({ analytics: false, advertising: false, remoteConfig: true });
    // A change made elsewhere (the banner) shows in the open menu at once.
    act(() => store.set({ analytics: true, advertising: true, remoteConfig: true }));
    expect(analytics.checked).toBe(true);
    expect(advertising.checked).toBe(true);
    unsubscribe();
  });
});
