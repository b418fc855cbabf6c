import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { blurredArtOf } from '../src/shared/blurred-art';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from './app';
import { describeOnEachDatabase } from './test-support/databases';
import { injectVisitor, pageFlowIn } from './test-support/inject-visitor';
import { seedFlowStore } from './flows/flow-store';
import { readEditorTokens } from './flows/editor-tokens';
import { LiveFlows, REFRESH_MS } from './flows/live-flows';
import { FlowPages, type PrerenderLanding } from './flows/flow-pages';
import { previewSigner } from './flows/preview-links';
import { FLOW_COOKIE } from './flows/flow-cookie';
import { funnelEventsSince } from './analytics/event-log';
import type { PageFlow } from '../src/shared/page-flow';

// Publishing live: each visitor is served one version (page, page flow, landing and flow JSON of the same version),
// kept on it by a signed cookie; new visitors get a publish within seconds on every process, with no restart.

const flowText = readFileSync('flows/astrology.json', 'utf8');
const SECRET = 'a-session-secret-of-at-least-32-characters!';
const tokens = readEditorTokens('ed:secret-token');
const ed = { authorization: 'Bearer secret-token', 'content-type': 'application/json' };
const LANDING = '<!doctype html><html lang="en"><head><title>%FLOW_TITLE%</title><meta name="description" content="%FLOW_DESCRIPTION%"><!--astrelle-page-flow--><!--astrelle-landing-styles--></head><body><div id="root"><!--astrelle-landing--></div></body></html>';
const APP = '<!doctype html><html lang="en"><head><title>%FLOW_TITLE%</title><meta name="description" content="%FLOW_DESCRIPTION%"><!--astrelle-page-flow--></head><body><div id="root"></div></body></html>';

/** A stand-in for the build's landing renderer: the headline, as the real one renders it into the page. */
const rendered: PageFlow[] = [];
const prerender: PrerenderLanding = (_url, pageFlow) => {
  rendered.push(pageFlow);
  return { html: `<h1>${pageFlow.landing?.screen.title ?? ''}</h1>`, styles: '<style>h1{}</style>' };
};

type Flow = { id: string; version: number; page: { title: string; description: string }; start: string; screens: Array<Record<string, unknown>> };
function edited(edit: (flow: Flow) => void): string {
  const flow = JSON.parse(flowText) as Flow;
  edit(flow);
  return `${JSON.stringify(flow, null, 2)}\n`;
}


describeOnEachDatabase('the flow versions served live', ({ store }) => {
  let dist = '';
  let live: LiveFlows;
  let app: FastifyInstance;
  // A second process on the same database: it hears of a publish only through the store.
  let otherLive: LiveFlows;
  let other: FastifyInstance;
  const build = async (liveFlows: LiveFlows) =>
    buildServer({
      store: store(),
      distDir: dist,
      sessionSecrets: [SECRET],
      pages: new FlowPages({ distDir: dist, live: liveFlows, appFlowId: 'astrology', prerender, preview: previewSigner([SECRET]) }),
      eventCatalogue: liveFlows.catalogue,
      editor: { tokens, personas: [], changed: () => liveFlows.refresh() },
    });
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'astrelle-live-'));
    await writeFile(join(dist, 'landing.html'), LANDING);
    await writeFile(join(dist, 'app.html'), APP);
    await writeFile(join(dist, 'index.html'), 'the build-time landing: never served');
    // The art the build ships for the product's flow: each group's background and its blurred copy.
    const { groups } = JSON.parse(flowText) as { groups: Record<string, { background: string; blur: 'none' | 'soft' | 'strong' }> };
    for (const group of Object.values(groups)) {
      for (const file of [group.background, blurredArtOf(group)]) {
        if (!file) continue;
        await mkdir(join(dist, dirname(file)), { recursive: true });
        await writeFile(join(dist, file), 'art');
      }
    }
    await seedFlowStore(store(), [{ flowId: 'astrology', text: flowText }]);
    live = new LiveFlows(store());
    await live.start();
    otherLive = new LiveFlows(store());
    await otherLive.start();
    app = await build(live);
    other = await build(otherLive);
  });
  afterAll(async () => {
    live.stop();
    otherLive.stop();
    await app.close();
    await other.close();
    await rm(dist, { recursive: true, force: true });
  });

  const store_ = async (text: string) => {
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: text });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().version as number;
  };
  const publish = async (version: number) => {
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('answers each page once: no second answer after the page was sent (Fastify logs one as "Reply was already sent")', async () => {
    const lines: string[] = [];
    const logged = await buildServer({
      store: store(),
      distDir: dist,
      sessionSecrets: [SECRET],
      logger: { stream: { write: (line: string) => void lines.push(line) } },
      pages: new FlowPages({ distDir: dist, live, appFlowId: 'astrology', prerender, preview: previewSigner([SECRET]) }),
      eventCatalogue: live.catalogue,
    });
    try {
      const visitor = injectVisitor(() => logged);
      expect((await visitor.page('/')).statusCode).toBe(200);
      expect((await visitor.page('/quiz/1-1')).statusCode).toBe(200);
      expect((await visitor.page('/no-such-page')).statusCode).toBe(404);
      expect((await visitor.page('/?preview=not-a-token')).statusCode).toBe(403);
      const levels = lines.map((line) => (JSON.parse(line) as { level: number; msg: string })).filter((entry) => entry.level >= 40);
      expect(levels).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  const early = injectVisitor(() => app);
  let v2 = 0;
  let v3 = 0;

  it('serves a new visitor the published version: its title, description, page flow and landing, and keeps them on it', async () => {
    const response = await early.page('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const flow = JSON.parse(flowText) as Flow;
    expect(html).toContain(`<title>${flow.page.title}</title>`);
    expect(pageFlowIn(html)).toMatchObject({ flowId: 'astrology', version: 1, productName: 'Astrelle', flowUrl: '/flows/astrology/versions/1.json' });
    expect(html).toContain('<h1>Discover yourself and love better, guided by your stars</h1>');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const cookie = response.cookies.find((c) => c.name === FLOW_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^astrology\.1\./);
    // Another page of the same version: the app's template, which starts the flow JSON at once.
    const quiz = await early.page('/quiz/1-1');
    expect(quiz.statusCode).toBe(200);
    expect(quiz.body).toContain('<link rel="preload" as="fetch" crossorigin href="/flows/astrology/versions/1.json">');
    expect(quiz.body).not.toContain('<h1>');
  });

  it('serves the build templates only filled in', async () => {
    for (const path of ['/index.html', '/landing.html', '/app.html']) {
      const response = await early.page(path);
      expect(response.body).not.toContain('%FLOW_TITLE%');
      expect(response.body).not.toContain('never served');
    }
  });

  it('publishes a reworded headline and a new route: a new visitor gets them within seconds on every process, the early visitor keeps version 1', async () => {
    v2 = await store_(
      edited((flow) => {
        flow.screens.find((s) => s.id === flow.start)!.title = 'A headline published live';
        flow.page.title = 'Astrelle, published live';
      }).replaceAll('"/email"', '"/your-email"'),
    );
    const publishedAt = Date.now();
    await publish(v2);
    // The publishing process, at once.
    const fresh = injectVisitor(() => app);
    const page = await fresh.page('/');
    expect(page.body).toContain('<h1>A headline published live</h1>');
    expect(page.body).toContain('<title>Astrelle, published live</title>');
    expect(pageFlowIn(page.body).version).toBe(v2);
    expect((await fresh.page('/your-email')).statusCode).toBe(200);
    expect((await fresh.page('/email')).statusCode).toBe(404);
    // The other process, within its refresh.
    let seenAt = 0;
    while (Date.now() - publishedAt < 5000) {
      const elsewhere = await injectVisitor(() => other).page('/');
      if (elsewhere.body.includes('A headline published live')) {
        seenAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seenAt, 'a new visitor on the other process sees the publish within 5 s').toBeGreaterThan(0);
    // Within the refresh, and the other process's first page of the version (read, compressed and prerendered once).
    expect(seenAt - publishedAt).toBeLessThanOrEqual(REFRESH_MS + 1500);
    // The early visitor stays on version 1, its routes and its JSON, on either process.
    const again = await early.page('/');
    expect(again.body).toContain('<h1>Discover yourself and love better, guided by your stars</h1>');
    expect(pageFlowIn(again.body).version).toBe(1);
    expect((await early.page('/email')).statusCode).toBe(200);
    expect((await early.page('/your-email')).statusCode).toBe(404);
  });

  it('serves each public version\'s flow JSON immutable, and a draft only to the browser previewing it', async () => {
    const one = await early.get('/flows/astrology/versions/1.json');
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(one.json()).toMatchObject({ id: 'astrology', version: 1 });
    const two = await early.get(`/flows/astrology/versions/${v2}.json`);
    expect(two.json().version).toBe(v2);
    v3 = await store_(edited((flow) => (flow.screens.find((s) => s.id === flow.start)!.title = 'A draft nobody sees')));
    const draft = await early.get(`/flows/astrology/versions/${v3}.json`);
    expect(draft.statusCode).toBe(404);
    for (const bad of ['/flows/astrology/versions/0.json', '/flows/astrology/versions/x.json', '/flows/Astrology/versions/1.json', '/flows/astrology/versions/999.json']) {
      expect((await early.get(bad)).statusCode).toBe(404);
    }
    // The draft's landing is not served to anyone.
    expect((await injectVisitor(() => app).page('/')).body).not.toContain('A draft nobody sees');
  });

  it('opens a draft through a preview link: 303 without the token, then that version until the link expires; a forged link is 403', async () => {
    const link = await app.inject({ method: 'POST', url: `/editor/flows/astrology/versions/${v3}/preview`, headers: ed });
    const url = new URL(link.json().url as string);
    const editor = injectVisitor(() => other);
    const opened = await editor.page(`${url.pathname}${url.search}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/');
    const page = await editor.page('/');
    expect(page.body).toContain('<h1>A draft nobody sees</h1>');
    expect(pageFlowIn(page.body).version).toBe(v3);
    expect((await editor.get(`/flows/astrology/versions/${v3}.json`)).statusCode).toBe(200);
    // Session creation records the version and the preview mark.
    const id = randomUUID();
    expect((await editor.post('/subs/sessions/create', { id })).statusCode).toBe(201);
    expect(await store().db.selectFrom('sessions').select(['flow_id', 'flow_version', 'preview']).where('id', '=', id).executeTakeFirst()).toMatchObject({
      flow_id: 'astrology',
      flow_version: v3,
      preview: expect.toSatisfy((v: unknown) => v === true || v === 1),
    });
    const forged = url.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await injectVisitor(() => app).page(`/${forged}`)).statusCode).toBe(403);
    const expired = previewSigner([SECRET]).tokenFor('astrology', v3, Date.now() - 25 * 3600_000).token;
    expect((await injectVisitor(() => app).page(`/?preview=${expired}`)).statusCode).toBe(403);
    // A visitor's own session records the version they are served, not a preview.
    const plain = injectVisitor(() => app);
    await plain.page('/');
    const own = randomUUID();
    await plain.post('/subs/sessions/create', { id: own });
    expect(await store().db.selectFrom('sessions').select(['flow_version', 'preview']).where('id', '=', own).executeTakeFirst()).toMatchObject({
      flow_version: v2,
      preview: expect.toSatisfy((v: unknown) => v === false || v === 0),
    });
    // The preview's events count in no report; the visitor's do.
    const at = new Date().toISOString();
    const event = (device: string) => ({
      id: randomUUID(), received_at: at, api_key: 'k', event_type: 'Screen Shown', event_time: at, device_id: device, user_id: null, session_id: null, insert_id: null, dedupe_key: null,
      platform: null, os_name: null, os_version: null, app_version: null, language: null, library: null, user_properties: '{}',
      event_properties: JSON.stringify({ screen_id: 'welcome', flow_id: 'astrology', flow_version: v2 }),
    });
    await store().write((trx) => trx.insertInto('analytics_events').values([event(id), event(own)]).execute());
    const counted = (await funnelEventsSince(store().db, new Date(Date.now() - 60_000))).map((e) => e.visitor);
    expect(counted).toContain(own);
    expect(counted).not.toContain(id);
  });

  it('refuses a version whose group uses art the build does not ship, or a blur it made no copy for', async () => {
    for (const [edit, pointer] of [
      [(flow: Flow) => ((flow as unknown as { groups: Record<string, { background: string }> }).groups.quiz!.background = '/backgrounds/new-art.svg'), '/groups/quiz/background'],
      [(flow: Flow) => ((flow as unknown as { groups: Record<string, { blur: string }> }).groups.quiz!.blur = 'strong'), '/groups/quiz/blur'],
    ] as const) {
      const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: edited(edit) });
      expect(response.statusCode).toBe(422);
      expect(response.json().problems).toEqual([expect.objectContaining({ pointer })]);
    }
  });

  it('a cookie the browser made up is not believed', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', cookie: `${FLOW_COOKIE}=astrology.${v3}` } });
    expect(pageFlowIn(response.body).version).toBe(v2);
    // Nor by the draft's JSON, nor by session creation: no version and no preview mark recorded from it.
    const forged = `${FLOW_COOKIE}=astrology.${v3}.p${Date.now() + 3600_000}`;
    expect((await app.inject({ method: 'GET', url: `/flows/astrology/versions/${v3}.json`, headers: { cookie: forged } })).statusCode).toBe(404);
    const id = randomUUID();
    expect((await app.inject({ method: 'POST', url: '/subs/sessions/create', payload: { id }, headers: { cookie: forged } })).statusCode).toBe(201);
    expect(await store().db.selectFrom('sessions').select(['flow_id', 'flow_version', 'preview']).where('id', '=', id).executeTakeFirst()).toMatchObject({
      flow_id: null,
      flow_version: null,
      preview: expect.toSatisfy((v: unknown) => v === false || v === 0),
    });
  });

  it('moves a visitor off a retired version to the published one', async () => {
    const retired = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions/1/retire', headers: ed });
    expect(retired.statusCode).toBe(200);
    const page = await early.page('/');
    expect(pageFlowIn(page.body).version).toBe(v2);
    expect(early.jar.get(FLOW_COOKIE)).toMatch(new RegExp(`^astrology\\.${v2}\\.`));
    expect((await early.get('/flows/astrology/versions/1.json')).statusCode).toBe(404);
  });

  it('publishing with moveVisitors moves the visitors kept on other versions to it; publishing without keeps them', async () => {
    const kept = injectVisitor(() => app);
    await kept.page('/');
    const before = pageFlowIn((await kept.page('/')).body).version;
    const quiet = await store_(edited((flow) => (flow.screens.find((s) => s.id === flow.start)!.title = 'Published without moving anyone')));
    await publish(quiet);
    expect(pageFlowIn((await kept.page('/')).body).version).toBe(before);
    const moving = await store_(edited((flow) => (flow.screens.find((s) => s.id === flow.start)!.title = 'Published moving everyone on')));
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: moving, moveVisitors: true } });
    expect(response.json()).toMatchObject({ published: moving, movedVisitors: true });
    expect(pageFlowIn((await kept.page('/')).body).version).toBe(moving);
    // On the other process too, within its refresh.
    await otherLive.refresh();
    const elsewhere = injectVisitor(() => other);
    elsewhere.jar.set(FLOW_COOKIE, kept.jar.get(FLOW_COOKIE)!);
    expect(pageFlowIn((await elsewhere.page('/')).body).version).toBe(moving);
    // A moved version may be published again: its visitors are then its own again.
    await publish(before);
    const back = injectVisitor(() => app);
    expect(pageFlowIn((await back.page('/')).body).version).toBe(before);
  });

  it('writes flow texts into the page as text: no markup, no replacement patterns', async () => {
    const hostile = '</script><script>alert(1)</script> $& $` <b>';
    const version = await store_(
      edited((flow) => {
        flow.page.title = hostile;
        flow.page.description = `"${hostile}`;
        flow.screens.find((s) => s.id === flow.start)!.title = hostile;
      }),
    );
    await publish(version);
    const page = await injectVisitor(() => app).page('/quiz/1-1');
    expect(page.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $` &lt;b&gt;</title>');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(pageFlowIn(page.body).landing?.screen.title).toBe(hostile);
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
  });
});
