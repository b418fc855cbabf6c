import type { Flow } from '../engine/generated/flow-types';
import type { FlowProblem } from '../engine/flow-problem';

export type LoadedFlow = { ok: true; flow: Flow } | { ok: false; problems: FlowProblem[] };

const ATTEMPTS = 4;
const RETRY_MS = 600;

/**
 * The flow version the server served this page, from its flow JSON (src/shared/page-flow.ts: the page names it). The
 * server has checked the version before storing it (the checker, the compiled machine's walk, the personas), so the
 * browser neither carries the validator (380 KB before compression, a third of the app's code) nor runs it again on
 * a visitor's phone. A network failure is retried a few times; a page that still has no flow shows the funnel's
 * error page, with the reason.
 */
export async function loadServedFlow(flowUrl: string | null, first: Promise<Response> | null, fetchFlow: typeof fetch = fetch): Promise<LoadedFlow> {
  if (!flowUrl) return failed('this page names no flow version', 'reload the page');
  let attempt: Promise<Response> = first ?? fetchFlow(flowUrl, { credentials: 'same-origin' });
  for (let tries = 1; ; tries += 1) {
    let reason: string;
    try {
      const response = await attempt;
      if (response.ok) return { ok: true, flow: (await response.json()) as Flow };
      reason = `the server answered ${response.status}`;
      // Not served (retired, or a preview link that expired): the page itself must be loaded again.
      if (response.status === 404 || response.status === 403) return failed(`the flow version of this page is no longer served (${reason})`, 'reload the page');
    } catch (error) {
      reason = (error as Error).message;
    }
    if (tries >= ATTEMPTS) return failed(`the funnel could not be loaded: ${reason}`, 'check the connection and reload the page');
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * tries));
    attempt = fetchFlow(flowUrl, { credentials: 'same-origin' });
  }
}

function failed(message: string, hint: string): LoadedFlow {
  return { ok: false, problems: [{ pointer: '', message, hint }] };
}
