import { readFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from './app';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { describeOnEachDatabase, openTestStore } from './test-support/databases';
import { checkFlowText } from '../src/shared/check-flow-text';
import { seedFlowStore, storeVersion } from './flows/flow-store';
import { readEditorTokens } from './flows/editor-tokens';
import { readPersonas } from './flows/replay-personas';
import { injectVisitor } from './test-support/inject-visitor';

// The editor API: every refusal leaves the store as it was, and every change leaves an audit row naming the editor.

const flowText = readFileSync('flows/astrology.json', 'utf8');
const tokens = readEditorTokens('ed:secret-token,sam:another-token');
const ed = { authorization: 'Bearer secret-token', 'content-type': 'application/json' };
const personas = await readPersonas('flows/personas');

/** The product's flow with the 1-3 question reworded. */
function reworded(title: string): string {
  const flow = JSON.parse(flowText) as { screens: Array<{ id: string; title?: unknown }> };
  const screen = flow.screens.find((s) => s.id === 'relationship-goal' || s.id === '1-3') ?? flow.screens.find((s) => (s as { answerKey?: string }).answerKey === '1-3')!;
  screen.title = title;
  return `${JSON.stringify(flow, null, 2)}\n`;
}

describeOnEachDatabase('the editor API', ({ store }) => {
  let app: FastifyInstance;
  const changed: string[] = [];
  beforeAll(async () => {
    await seedFlowStore(store(), [{ flowId: 'astrology', text: flowText }]);
    app = await buildServer({ store: store(), editor: { tokens, personas, changed: (flowId) => void changed.push(flowId) } });
  });
  afterAll(() => app.close());

  const versions = async () => (await app.inject({ method: 'GET', url: '/editor/flows/astrology/versions', headers: ed })).json();
  const auditRows = () => store().db.selectFrom('editor_audit').selectAll().orderBy('at').execute();

  it('lists the seeded flow as version 1, published', async () => {
    const listed = await versions();
    expect(listed.published).toBe(1);
    expect(listed.versions).toEqual([expect.objectContaining({ version: 1, state: 'published', author: 'seed', publishedAt: expect.any(String) })]);
  });

  it('refuses every call without an editor token, or with a wrong one, and changes nothing', async () => {
    const before = await versions();
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: 'secret-token' }, { authorization: 'Basic c2VjcmV0LXRva2Vu' }]) {
      const calls = [
        app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: { ...headers, 'content-type': 'application/json' }, payload: reworded('Hacked') }),
        app.inject({ method: 'GET', url: '/editor/flows/astrology/versions', headers }),
        app.inject({ method: 'GET', url: '/editor/flows/astrology/versions/1', headers }),
        app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: { ...headers, 'content-type': 'application/json' }, payload: { version: 1 } }),
        app.inject({ method: 'POST', url: '/editor/flows/astrology/versions/1/retire', headers }),
        app.inject({ method: 'POST', url: '/editor/flows/astrology/versions/1/preview', headers }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode).toBe(401);
        // Nothing of a version (its JSON, its note) in the answer.
        expect(response.body).not.toContain('"screens"');
        expect(response.headers['www-authenticate']).toContain('Bearer');
        expect(response.json().message).toMatch(/editor token/);
      }
    }
    expect(await versions()).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a visitor: the credential cookie of their own session opens no editor route', async () => {
    const before = await versions();
    const visitor = injectVisitor(() => app);
    const usid = randomUUID();
    expect((await visitor.post('/subs/sessions/create', { id: usid })).statusCode).toBe(201);
    expect(visitor.jar.size).toBeGreaterThan(0);
    for (const response of [
      await visitor.get('/editor/flows/astrology/versions'),
      await visitor.post('/editor/flows/astrology/publish', { version: 1 }),
      await visitor.post('/editor/flows/astrology/versions/1/preview', {}),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('"screens"');
    }
    expect(await versions()).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });

  let stored = 0;
  it('stores a checked version: 201 with its number and checksum; its version field is the store number', async () => {
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions?note=Reworded%20the%20goal%20%E2%9C%A8', headers: ed, payload: reworded('What do you want most from the stars?') });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ flowId: 'astrology', version: expect.any(Number), checksum: expect.stringMatching(/^[0-9a-f]{64}$/) });
    stored = body.version;
    expect(stored).toBeGreaterThan(1);
    const row = await store().db.selectFrom('flow_versions').selectAll().where('flow_id', '=', 'astrology').where('version', '=', stored).executeTakeFirstOrThrow();
    expect(JSON.parse(row.json).version).toBe(stored);
    expect(createHash('sha256').update(row.json).digest('hex')).toBe(body.checksum);
    expect(row.note).toBe('Reworded the goal ✨');
    expect(row.author).toBe('ed');
    const listed = await versions();
    expect(listed.published).toBe(1);
    expect(listed.versions[0]).toMatchObject({ version: stored, state: 'draft', author: 'ed', note: 'Reworded the goal ✨', publishedAt: null });
  });

  it('refuses an invalid flow with 422 and the very problems flow:check prints, storing nothing', async () => {
    const before = await versions();
    const broken = flowText.replace('"next": "', '"next": "no-such-');
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: broken });
    expect(response.statusCode).toBe(422);
    const { problems } = response.json() as { problems: Array<{ line: number; column: number; pointer: string; message: string; hint: string }> };
    const expected = checkFlowText('astrology.json', broken);
    expect(expected.length).toBeGreaterThan(0);
    expect(problems).toEqual(expected.map(({ line, column, pointer, message, hint }) => ({ line, column, pointer, message, hint })));
    expect(await versions()).toEqual(before);
  });

  it('refuses a version on which a persona no longer ends where it names (422, at the screen it stopped on)', async () => {
    // The single persona answers 1-1 "single": an option renamed without a migration stops her on the first screen.
    const renamed = flowText.replace('"value": "single"', '"value": "single_now"');
    expect(renamed).not.toBe(flowText);
    expect(checkFlowText('astrology.json', renamed)).toEqual([]);
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: renamed });
    expect(response.statusCode).toBe(422);
    const [problem] = response.json().problems;
    expect(problem.message).toMatch(/^persona single-unknown-time \(flows\/personas\/single-unknown-time\.json\) ends on "[^"]+", not "signup-offer-success"/);
    expect(problem.pointer).toMatch(/^\/screens\/\d+$/);
  });

  it('stores a renamed option value whose renaming is declared: the personas follow the migration', async () => {
    const renamed = flowText.replace('"value": "single"', '"value": "single_now"').replace('"version": 1,', '"version": 1,\n  "migrations": [{ "rename": "value", "answerKey": "1-1", "from": "single", "to": "single_now" }],');
    const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: renamed });
    expect(response.statusCode, response.body).toBe(201);
    // Migrations are append-only: a later version without the step is refused where it should be.
    const dropped = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: renamed.replace(/"migrations": \[.*\],\n/, '"migrations": [],\n') });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().problems[0]).toMatchObject({ pointer: '/version', message: expect.stringMatching(/migration step 0 .* is missing here: migrations are append-only/) });
  });

  it('answers malformed JSON with 400 and its position, a foreign id with 409, and over 1 MiB with 413', async () => {
    const before = await versions();
    const malformed = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: '{\n  "id": "astrology",\n  "version" 1\n}' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'body', line: 3, column: 13 });
    expect(malformed.json().message).toMatch(/a colon is missing at line 3, column 13/);
    const foreign = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: flowText.replace('"id": "astrology"', '"id": "horoscope"') });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ field: 'id' });
    const huge = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: `{"id":"astrology","pad":"${'x'.repeat(1024 * 1024)}"}` });
    expect(huge.statusCode).toBe(413);
    const unknownFlow = await app.inject({ method: 'POST', url: '/editor/flows/horoscope/versions', headers: ed, payload: flowText.replace('"id": "astrology"', '"id": "horoscope"') });
    expect(unknownFlow.statusCode).toBe(404);
    const nul = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: flowText.replace('"version": 1', '"version": 1, "x\\u0000": 1') });
    expect(nul.statusCode).toBe(400);
    expect(await versions()).toEqual(before);
  });

  it('publishes a stored version; an unknown one is 404, a stale expectedPublished 409, and neither changes anything', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: 999 } });
    expect(unknown.statusCode).toBe(404);
    const stale = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: stored, expectedPublished: stored } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ field: 'expectedPublished', published: 1 });
    const badField = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: '2' } });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().field).toBe('version');
    expect((await versions()).published).toBe(1);
    expect(changed).toEqual([]);

    const published = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: stored, expectedPublished: 1 } });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ flowId: 'astrology', published: stored, previous: 1, movedVisitors: false });
    expect(changed).toEqual(['astrology']);
    const listed = await versions();
    expect(listed.published).toBe(stored);
    expect(listed.versions.find((v: { version: number }) => v.version === stored)).toMatchObject({ state: 'published', publishedAt: expect.any(String) });
    expect(listed.versions.find((v: { version: number }) => v.version === 1)).toMatchObject({ state: 'draft', publishedAt: expect.any(String) });
  });

  it('two editors publishing over the same version: one wins, the other hears 409', async () => {
    const other = await storeVersion(store(), { flowId: 'astrology', text: reworded('Another title'), note: '', author: 'sam' });
    const current = (await versions()).published;
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: other.version, expectedPublished: current } }),
      app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: { ...ed, authorization: 'Bearer another-token' }, payload: { version: 1, expectedPublished: current } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    // Back to the reworded version for the tests below.
    const now = (await versions()).published;
    expect((await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: stored, expectedPublished: now } })).statusCode).toBe(200);
  });

  it('retires a version but never the published one; a retired version is never published again', async () => {
    const published = await app.inject({ method: 'POST', url: `/editor/flows/astrology/versions/${stored}/retire`, headers: ed });
    expect(published.statusCode).toBe(409);
    const retired = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions/1/retire', headers: ed });
    expect(retired.statusCode).toBe(200);
    expect((await versions()).versions.find((v: { version: number }) => v.version === 1)).toMatchObject({ state: 'retired', retiredAt: expect.any(String) });
    const again = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/retired/);
    const missing = await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions/999/retire', headers: ed });
    expect(missing.statusCode).toBe(404);
    // The row and its JSON stay.
    expect(await store().db.selectFrom('flow_versions').select('json').where('flow_id', '=', 'astrology').where('version', '=', 1).executeTakeFirst()).toBeTruthy();
  });

  it('hands out a preview link bound to the version, signed and expiring', async () => {
    const response = await app.inject({ method: 'POST', url: `/editor/flows/astrology/versions/${stored}/preview`, headers: ed });
    expect(response.statusCode).toBe(200);
    const { url, expiresAt } = response.json();
    expect(url).toMatch(new RegExp(`^http://localhost(:\\d+)?/\\?preview=astrology\\.${stored}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await app.inject({ method: 'POST', url: '/editor/flows/astrology/versions/1/preview', headers: ed })).statusCode).toBe(409);
  });

  it('keeps an audit row for each change: who, what, when', async () => {
    const rows = await auditRows();
    const seen = rows.map((row) => `${row.editor} ${row.action} ${row.version}`);
    expect(seen).toEqual(expect.arrayContaining([`ed stored ${stored}`, `ed published ${stored}`, 'ed retired 1', `ed previewed ${stored}`]));
    for (const row of rows) expect(Date.parse(String(row.at instanceof Date ? row.at.toISOString() : row.at))).toBeGreaterThan(Date.now() - 600_000);
  });

  it('gives two editors storing at once two numbers', async () => {
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: reworded('First') }),
      app.inject({ method: 'POST', url: '/editor/flows/astrology/versions', headers: ed, payload: reworded('Second') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().version).not.toBe(b.json().version);
  });
});

describeOnEachDatabase('seeding the flow store', ({ store }) => {
  it('seeds version 1 once, however many processes start together', async () => {
    await Promise.all(Array.from({ length: 4 }, () => seedFlowStore(store(), [{ flowId: 'astrology', text: flowText }])));
    await seedFlowStore(store(), [{ flowId: 'astrology', text: flowText.replace('Astrelle', 'Changed') }]);
    const rows = await store().db.selectFrom('flow_versions').select(['version', 'json']).where('flow_id', '=', 'astrology').execute();
    expect(rows.map((r) => r.version)).toEqual([1]);
    expect(rows[0]!.json).not.toContain('Changed');
    const pointer = await store().db.selectFrom('flows').selectAll().execute();
    expect(pointer).toEqual([expect.objectContaining({ flow_id: 'astrology', published_version: 1, published_by: 'seed' })]);
  });
});

it('answers 503 and changes nothing when the flow store cannot be reached', async () => {
  const { store, cleanup } = await openTestStore('SQLite');
  await seedFlowStore(store, [{ flowId: 'astrology', text: flowText }]);
  const app = await buildServer({ store, editor: { tokens, personas } });
  await store.close();
  const response = await app.inject({ method: 'POST', url: '/editor/flows/astrology/publish', headers: ed, payload: { version: 1 } });
  expect(response.statusCode).toBe(503);
  expect(response.json().message).toMatch(/nothing was changed/);
  await app.close();
  await cleanup();
});

it('rate-limits the editor API per address, counting wrong tokens', async () => {
  const { store, cleanup } = await openTestStore('SQLite');
  await seedFlowStore(store, [{ flowId: 'astrology', text: flowText }]);
  const app = await buildServer({ store, editor: { tokens, personas }, rateLimits: { ...DEFAULT_RATE_LIMITS, editor: 3 } });
  const guesses = [];
  for (let i = 0; i < 4; i += 1) guesses.push((await app.inject({ method: 'GET', url: '/editor/flows/astrology/versions', headers: { authorization: `Bearer guess-${i}` } })).statusCode);
  expect(guesses).toEqual([401, 401, 401, 429]);
  // The right token from that address waits too.
  expect((await app.inject({ method: 'GET', url: '/editor/flows/astrology/versions', headers: ed })).statusCode).toBe(429);
  await app.close();
  await store.close();
  await cleanup();
});

it('reads EDITOR_TOKENS as name:token pairs, refusing a malformed one by name, never echoing a token', () => {
  expect(readEditorTokens('a:123456, b:abcdefg').count).toBe(2);
  expect(readEditorTokens('a:123456').editorOf('Bearer 123456')).toBe('a');
  expect(readEditorTokens('a:123456').editorOf('Bearer 1234567')).toBeNull();
  expect(readEditorTokens('').editorOf('Bearer ')).toBeNull();
  expect(() => readEditorTokens('a:short')).toThrow('the token of "a" must be 6 to 256 printable characters');
  expect(() => readEditorTokens('a:123456,a:654321')).toThrow('"a" is named twice');
  expect(() => readEditorTokens('no-colon-secret-here')).toThrow(/each entry is name:token/);
  try {
    readEditorTokens('bad name:supersecret');
  } catch (error) {
    expect((error as Error).message).not.toContain('supersecret');
  }
});
