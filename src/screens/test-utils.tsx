import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { MemoryRouter } from 'react-router-dom';
import flowJson from '../../flows/astrology.json';
import type { Flow, Screen } from '../engine/generated/flow-types';
import { validateFlow } from '../engine/validate-flow';
import { productKinds } from '../engine/kinds/product-kinds';
import { theme } from '../ui/theme';
import { ScreenServicesContext, type ScreenServices } from './services-context';
import type { ScreenResults } from './results-by-kind';

/** Validates flow data the way the app does and returns the typed flow (throws with the problems otherwise). */
export function validFlow(data: unknown): Flow {
  const result = validateFlow(data, { kinds: productKinds });
  if (!result.ok) throw new Error(`invalid flow in a test: ${JSON.stringify(result.problems, null, 2)}`);
  return result.flow;
}

/** The real astrology flow, validated. */
export function astrologyFlow(): Flow {
  return validFlow(structuredClone(flowJson));
}

/** A deep copy of the raw astrology flow JSON, to build modified flows that then go through validateFlow. */
export function astrologyFlowData() {
  return structuredClone(flowJson);
}

function isKind<K extends Screen['kind']>(screen: Screen, kind: K): screen is Extract<Screen, { kind: K }> {
  return screen.kind === kind;
}

/** A screen of the flow by id, checked to be of the expected kind (typed without casts). */
export function screenOf<K extends Screen['kind']>(flow: Flow, id: string, kind: K): Extract<Screen, { kind: K }> {
  const screen = flow.screens.find((s) => s.id === id);
  if (!screen) throw new Error(`no screen "${id}" in flow ${flow.id}`);
  if (!isKind(screen, kind)) throw new Error(`screen "${id}" is a ${screen.kind}, not a ${kind}`);
  return screen;
}

/** Effects' results as a screen is given them (by output kind, then name): the kinds not given hold none. */
export function screenResults(given: Partial<ScreenResults> = {}): ScreenResults {
  return { plans: {}, offers: {}, purchase: {}, paymentStatus: {}, paymentError: {}, orderSummary: {}, recentPurchases: {}, ...given };
}

/** Wraps a UI in the providers the screens expect: theme, router, and (optionally) the screen services. */
export function renderWithProviders(ui: ReactElement, options: { services?: ScreenServices; initialPath?: string } = {}) {
  const wrap = (node: ReactNode) => (
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[options.initialPath ?? '/']}>
        {options.services ? <ScreenServicesContext.Provider value={options.services}>{node}</ScreenServicesContext.Provider> : node}
      </MemoryRouter>
    </ThemeProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
