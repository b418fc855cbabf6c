import type { Flow, Group, Profile, Screen, WelcomeScreen } from '../engine/generated/flow-types';
import type { KindRegistry } from '../engine/kinds/screen-kind';
import { landingQuestionOf } from '../engine/landing-question';
import { pathFor } from '../engine/flow-graph';

/**
 * What a page needs of the flow version the server serves it, before the funnel's code has run: the product's name
 * for the header, the landing's welcome screen and group (the shell hydrates the prerendered landing with them) and
 * where the version's flow JSON is. The server writes it into every page as JSON (a `<script type="application/json">`
 * with this id, never executed); `npm run dev` writes the working copy's. A page, its flow JSON and its landing are
 * always of one version.
 */
export interface PageFlow {
  flowId: string;
  version: number;
  productName: string;
  /** The version's flow JSON, immutable: `/flows/{flowId}/versions/{version}.json`. */
  flowUrl: string;
  landing: Landing | null;
  /**
   * The experiment whose arm this version is, for this visitor (absent otherwise): the app tells analytics once the
   * visitor's session is made (the server has then recorded the exposure).
   */
  experiment?: { id: string };
}

/** The flow's start screen when it is a welcome screen, with its page group: what the landing paints. */
export interface Landing {
  screen: WelcomeScreen;
  group: Group | undefined;
  /**
   * The screen a tap on the call to action leads to, when it can be drawn before the funnel runs
   * (src/engine/landing-question.ts): prerendered with the landing, hidden, and shown by the landing's inline script
   * at the tap. With what its top bar and its screen component read: the visitor's path at that point (for the quiz's
   * progress), the flow's `progressUntil` and `profile`.
   */
  question?: LandingQuestion;
}

export interface LandingQuestion {
  screen: Screen;
  group: Group | undefined;
  path: string[];
  progressUntil?: string;
  profile: Profile;
}

export const PAGE_FLOW_ELEMENT_ID = 'astrelle-flow';

/** Where a version's flow JSON is served. */
export function flowUrlOf(flowId: string, version: number): string {
  return `/flows/${flowId}/versions/${version}.json`;
}

/**
 * Whether a screen is of the landing's kind (its descriptor's `landing`: the welcome screen, the one kind the
 * prerender paints and its component hydrates).
 */
function isLanding(kinds: KindRegistry, screen: Screen | undefined): screen is WelcomeScreen {
  return screen !== undefined && Object.hasOwn(kinds, screen.kind) && kinds[screen.kind]?.landing === true;
}

/** The landing a flow starts on, or null when its start screen is not of the landing's kind. */
export function landingOf(flow: Flow, kinds: KindRegistry): Landing | null {
  const screen = flow.screens.find((s) => s.id === flow.start);
  if (!isLanding(kinds, screen)) return null;
  const question = landingQuestionOf(flow, kinds);
  return {
    screen,
    group: flow.groups[screen.group],
    ...(question
      ? {
          question: {
            screen: question,
            group: flow.groups[question.group],
            path: pathFor(flow, {}),
            ...(flow.progressUntil === undefined ? {} : { progressUntil: flow.progressUntil }),
            profile: flow.profile,
          },
        }
      : {}),
  };
}

export function pageFlowOf(flow: Flow, flowUrl: string, kinds: KindRegistry): PageFlow {
  return { flowId: flow.id, version: flow.version, productName: flow.product.name, flowUrl, landing: landingOf(flow, kinds) };
}

/**
 * The page's flow as an inline JSON element. `<` is escaped, so no text of the flow (a title with `</script>` in it)
 * can end the element early: the element's text is data, never markup.
 */
export function pageFlowElement(pageFlow: PageFlow): string {
  const json = JSON.stringify(pageFlow).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_FLOW_ELEMENT_ID}">${json}</script>`;
}

/** A flow text written into the page's HTML (its title, its description): text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
