import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { escapeHtml, pageFlowElement, type PageFlow } from '../../src/shared/page-flow';
import { flowPinOf, setFlowPin, type FlowPin } from './flow-cookie';
import { armFor, newVisitorKey } from '../experiments/split';
import type { LiveFlows, ServedVersion } from './live-flows';
import type { PreviewSigner } from './preview-links';
import { encodeBody, sendEncoded, type EncodedBody } from './encoded-body';

/** The landing's server renderer the build compiles (src/app/prerender.tsx into dist-ssr/prerender.js). */
export type PrerenderLanding = (url: string, pageFlow: PageFlow) => { html: string; styles: string };

export interface FlowPagesOptions {
  /** The app's build: its page templates (landing.html, app.html) with the marks the server fills. */
  distDir: string;
  live: LiveFlows;
  /** The flow the app runs (its id in flows/, or FLOW_FILE's). */
  appFlowId: string;
  prerender: PrerenderLanding | null;
  preview: PreviewSigner;
}

// The marks scripts/build.mjs and vite.config.ts leave in the templates.
const MARKS = { pageFlow: '<!--astrelle-page-flow-->', title: '%FLOW_TITLE%', description: '%FLOW_DESCRIPTION%', landing: '<!--astrelle-landing-->', styles: '<!--astrelle-landing-styles-->' };
const CACHED_PAGES = 128;


/**
 * The app's pages and flow JSON, of the version each visitor is served:
 * - a page request decides the version (a preview link's, else the one the visitor's cookie keeps them on while it is
 *   served, else the published one) and keeps the visitor on it with the cookie;
 * - the page is the build's template with that version's title, description and page flow written in, and on the
 *   landing its welcome screen prerendered (each page made and compressed once per version and kept);
 * - its status follows the version's routes: a route the version added answers 200 at once, no restart;
 * - `/flows/{flowId}/versions/{N}.json` serves a version's flow JSON, immutable: to anyone while it is published or a
 *   visitor may be kept on it, else only to the browser previewing it.
 */
export class FlowPages {
  private readonly pages = new LRUCache<string, EncodedBody>({ max: CACHED_PAGES });

  constructor(private readonly options: FlowPagesOptions) {}

  /**
   * The version this request is served, keeping the visitor on it with the cookie when it changed: a preview's until
   * the link expires (or the version is retired); a visitor's own while it is public and keeps its visitors (neither
   * retired nor moved on by a later publish); else the published one.
   */
  private async decide(request: FastifyRequest, reply: FastifyReply): Promise<{ served: ServedVersion; movedFrom: FlowPin | null; experimentId: string | null } | null> {
    const { live, appFlowId } = this.options;
    const pin = flowPinOf(request);
    const ours = pin !== null && pin.flowId === appFlowId ? pin : null;
    const kept =
      ours !== null &&
      (ours.previewUntil !== undefined ? !live.isRetired(ours.flowId, ours.version) : live.isPublic(ours.flowId, ours.version) && live.keepsVisitors(ours.flowId, ours.version));
    const key = pin?.key ?? newVisitorKey();
    const published = live.publishedVersion(appFlowId);
    // A new visitor (no version of this flow yet) is split by the running experiment, if any; a visitor moved off
    // their version, or a preview, never is.
    const experiment = ours === null ? live.runningExperiment(appFlowId) : undefined;
    const arm: FlowPin | null = experiment ? { flowId: appFlowId, version: armFor(experiment.id, key, experiment.arms).version, experimentId: experiment.id, key } : null;
    const candidates: FlowPin[] = [...(kept ? [ours] : []), ...(arm ? [arm] : []), ...(published !== undefined ? [{ flowId: appFlowId, version: published, key }] : [])];
    for (const candidate of candidates) {
      const served = await live.version(candidate.flowId, candidate.version);
      if (!served) continue;
      if (candidate !== pin) setFlowPin(request, reply, candidate);
      return {
        served,
        movedFrom: candidate !== ours && ours !== null && ours.previewUntil === undefined ? ours : null,
        experimentId: candidate.experimentId ?? null,
      };
    }
    return null;
  }

  /**
   * A preview link (`?preview=<token>`): keeps this browser on the link's version until the link expires, and sends it
   * to the same page without the token, so that it stays out of the address bar, the history and analytics. False
   * when the request has no preview token (nothing was sent).
   */
  async openPreview(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
    const token = (request.query as { preview?: unknown } | undefined)?.preview;
    if (typeof token !== 'string') return false;
    const claim = this.options.preview.verify(token);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!claim || claim.flowId !== this.options.appFlowId || this.options.live.isRetired(claim.flowId, claim.version)) {
      reply.code(403).type('text/plain; charset=utf-8').send('This preview link is not valid, has expired, or opens a retired version. Ask the editor API for a new one.');
      return true;
    }
    const served = await this.options.live.version(claim.flowId, claim.version);
    if (!served) {
      reply.code(404).type('text/plain; charset=utf-8').send('This preview link opens a version the flow store does not have.');
      return true;
    }
    this.options.live.declare(served);
    setFlowPin(request, reply, { flowId: claim.flowId, version: claim.version, previewUntil: claim.expiresAt });
    const query = new URLSearchParams(request.url.split('?', 2)[1] ?? '');
    query.delete('preview');
    const rest = query.toString();
    reply.redirect(`${path}${rest ? `?${rest}` : ''}`, 303);
    return true;
  }

  /**
   * Answers a page request with the served version's page: true once it is sent, false when there is nothing to serve
   * (no build, no flow). A boolean, not the reply: a Fastify reply is a thenable, and awaiting one waits for the answer
   * to be sent and gives undefined, which made the callers send a second answer.
   */
  async page(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
    if (await this.openPreview(request, reply, path)) return true;
    const decided = await this.decide(request, reply);
    if (!decided) return false;
    const { served, movedFrom, experimentId } = decided;
    const landing = served.pageFlow.landing !== null && served.pageFlow.landing.screen.route === path && this.options.prerender !== null;
    const page = await this.render(served, landing, experimentId);
    if (!page) return false;
    // A visitor moved on from their version comes back to its addresses: one the served version lacks is still their
    // page (the app resumes them in the funnel), not a missing one.
    const theirs = served.routes.has(path) || (movedFrom !== null && (await this.options.live.version(movedFrom.flowId, movedFrom.version))?.routes.has(path) === true);
    reply
      .code(theirs ? 200 : 404)
      // The page names the visitor's version: no shared cache may hand it to another visitor.
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8');
    sendEncoded(request, reply, page, 'accept-encoding, cookie');
    return true;
  }

  /** The page of a version from the build's template, made once per version and template (a rebuild is picked up). */
  private async render(served: ServedVersion, landing: boolean, experimentId: string | null): Promise<EncodedBody | null> {
    const file = join(this.options.distDir, landing ? 'landing.html' : 'app.html');
    let modified: number;
    try {
      modified = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    const name = `${served.flowId}@${served.version}:${landing ? 'landing' : 'app'}:${experimentId ?? ''}:${modified}`;
    const cached = this.pages.get(name);
    if (cached) return cached;
    const template = await readFile(file, 'utf8');
    const { page } = served.flow;
    // Replaced by functions: a `$&` in a flow's text is text, not a replacement pattern.
    let html = template
      .replace(MARKS.title, () => escapeHtml(page.title))
      .replace(MARKS.description, () => escapeHtml(page.description))
      .replace(MARKS.pageFlow, () => pageFlowElement(experimentId ? { ...served.pageFlow, experiment: { id: experimentId } } : served.pageFlow));
    if (landing && this.options.prerender) {
      const { html: body, styles } = this.options.prerender(served.pageFlow.landing!.screen.route, served.pageFlow);
      html = html.replace(MARKS.styles, () => styles).replace(MARKS.landing, () => body);
    } else {
      // Every other page starts the version's flow JSON with the app's code: it needs it at once.
      html = html.replace('</head>', () => `<link rel="preload" as="fetch" crossorigin href="${served.pageFlow.flowUrl}"></head>`);
    }
    const made = encodeBody(html);
    this.pages.set(name, made);
    return made;
  }

  /** GET /flows/{flowId}/versions/{N}.json */
  register(app: FastifyInstance): void {
    app.get('/flows/:flowId/versions/:file', async (request, reply) => {
      const { flowId, file } = request.params as { flowId: string; file: string };
      const match = /^([1-9][0-9]{0,8})\.json$/.exec(file);
      const notServed = () => reply.code(404).header('cache-control', 'no-store').send({ error: 'Not Found', message: `No served flow version at ${request.url.split('?', 1)[0]}` });
      if (!match || !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(flowId)) return notServed();
      const version = Number(match[1]);
      const { live } = this.options;
      const pin = flowPinOf(request);
      const previewing = pin !== null && pin.previewUntil !== undefined && pin.flowId === flowId && pin.version === version;
      if (live.isRetired(flowId, version) || (!live.isPublic(flowId, version) && !previewing)) return notServed();
      const served = await live.version(flowId, version);
      if (!served) return notServed();
      reply
        .type('application/json; charset=utf-8')
        .header('etag', `"${served.checksum}"`)
        // A version never changes: a public one may be kept by any cache; a previewed draft only by the editor's browser.
        .header('cache-control', previewing && !live.isPublic(flowId, version) ? 'private, max-age=3600' : 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === `"${served.checksum}"`) return reply.code(304).send();
      return sendEncoded(request, reply, served.json);
    });
  }
}
