/**
 * The editor's commands for the live flow store, over the server's editor API (/editor):
 *   npm run flow:publish -- FILE [--note "..."] [--move-visitors]   store FILE as a new version, checked, and publish it
 *   npm run flow:store -- FILE [--note "..."]                        store FILE as a new version, checked, unpublished
 *   npm run flow:versions [-- --flow ID]                              list the versions, which is published
 *   npm run flow:rollback -- N [--flow ID]                            publish an earlier version again
 *   npm run flow:preview -- N [--flow ID]                             a preview link to version N (any stored version)
 *   npm run flow:retire -- N [--flow ID]                              never serve version N again: its visitors move on
 * The server is ASTRELLE_URL (default http://localhost:3000), the editor's token EDITOR_TOKEN (one of the server's
 * EDITOR_TOKENS). Each command prints what happened in one line; a refused flow prints its located problems, one a
 * line, as flow:check does. Exit 1 on any refusal.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const server = (process.env.ASTRELLE_URL || 'http://localhost:3000').replace(/\/+$/, '');
const [command, ...rest] = process.argv.slice(2);
const usage = {
  publish: 'npm run flow:publish -- FILE [--note "what changed"] [--move-visitors]',
  store: 'npm run flow:store -- FILE [--note "what changed"]',
  versions: 'npm run flow:versions [-- --flow ID]',
  rollback: 'npm run flow:rollback -- N [--flow ID]',
  preview: 'npm run flow:preview -- N [--flow ID]',
  retire: 'npm run flow:retire -- N [--flow ID]',
} as const;

function fail(message: string): never {
  console.error(`flow:${command}: ${message}`);
  process.exit(1);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(method: 'GET' | 'POST', path: string, body?: string): Promise<Answer> {
  const token = process.env.EDITOR_TOKEN;
  if (!token) fail('set EDITOR_TOKEN to your editor token (the token part of one of the server\'s EDITOR_TOKENS name:token pairs)');
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body } : {}),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    fail(`cannot reach ${server} (${cause}): is the server running? ASTRELLE_URL names it`);
  }
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { message: text.slice(0, 200) };
  }
  return { status: response.status, body: parsed };
}

/** A refusal in one line: the server's message. */
function refused(answer: Answer): never {
  fail(`${String(answer.body.message ?? `the server answered ${answer.status}`)} (HTTP ${answer.status})`);
}

interface VersionRow {
  version: number;
  state: string;
  note: string;
  author: string;
  createdAt: string;
  publishedAt: string | null;
}

async function versionsOf(flowId: string): Promise<{ published: number; versions: VersionRow[] }> {
  const answer = await call('GET', `/editor/flows/${encodeURIComponent(flowId)}/versions`);
  if (answer.status !== 200) refused(answer);
  return answer.body as unknown as { published: number; versions: VersionRow[] };
}

/** Publishes `version` over the one the editor saw published, so that another editor's publish is never overwritten unseen. */
async function publish(flowId: string, version: number, moveVisitors: boolean): Promise<{ published: number; previous: number }> {
  const { published } = await versionsOf(flowId);
  const answer = await call('POST', `/editor/flows/${encodeURIComponent(flowId)}/publish`, JSON.stringify({ version, moveVisitors, expectedPublished: published }));
  if (answer.status !== 200) refused(answer);
  return answer.body as unknown as { published: number; previous: number };
}

/** Stores the file's flow as a new version, checked by the server; a refusal prints its located problems. */
async function storeFile(file: string, note: string): Promise<{ flowId: string; version: number }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let flowId: string;
  try {
    flowId = String((JSON.parse(text) as { id?: unknown }).id ?? '');
  } catch {
    flowId = '';
  }
  // Not JSON, or no id: the server's located answer says where.
  if (!flowId) flowId = 'astrology';
  const stored = await call('POST', `/editor/flows/${encodeURIComponent(flowId)}/versions${note ? `?note=${encodeURIComponent(note)}` : ''}`, text);
  if (stored.status === 422) {
    const problems = stored.body.problems as Array<{ line: number; column: number; pointer: string; message: string; hint: string }>;
    for (const p of problems) console.error(`${file}:${p.line}:${p.column} ${p.pointer || '/'} ${p.message}; ${p.hint}`);
    fail(`${file} was not stored: ${problems.length} problem${problems.length === 1 ? '' : 's'} (nothing changed)`);
  }
  if (stored.status === 400 && typeof stored.body.line === 'number') fail(`${file}:${stored.body.line}:${String(stored.body.column)} ${String(stored.body.message)} (nothing changed)`);
  if (stored.status !== 201) refused(stored);
  return { flowId, version: stored.body.version as number };
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '-');
const versionArgument = (value: string | undefined, use: string) => {
  if (!value || !/^[1-9][0-9]*$/.test(value)) fail(`which version? usage: ${use}`);
  return Number(value);
};

switch (command) {
  case 'store':
  case 'publish': {
    const options = { note: { type: 'string' as const }, ...(command === 'publish' ? { 'move-visitors': { type: 'boolean' as const } } : {}) };
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options });
    const [file] = positionals;
    if (!file || positionals.length > 1) fail(`usage: ${usage[command]}`);
    const { flowId, version } = await storeFile(file, typeof values.note === 'string' ? values.note : '');
    if (command === 'store') {
      console.log(`Stored ${file} as ${flowId} version ${version}, not published: npm run flow:preview -- ${version} opens it, npm run flow:rollback -- ${version} publishes it.`);
      break;
    }
    const moveVisitors = (values as { 'move-visitors'?: boolean })['move-visitors'] === true;
    const result = await publish(flowId, version, moveVisitors);
    console.log(
      `Published ${flowId} version ${result.published} (was ${result.previous}) from ${file}: new visitors get it within 5 s; ` +
        `${moveVisitors ? 'visitors on other versions move on to it' : 'visitors already in the funnel stay on the version they started'}.`,
    );
    break;
  }
  case 'versions': {
    const { values } = parseArgs({ args: rest, options: { flow: { type: 'string' } } });
    const flowId = values.flow ?? 'astrology';
    const { published, versions } = await versionsOf(flowId);
    console.log(`${flowId}: version ${published} is published (${versions.length} stored)`);
    for (const v of versions) {
      const mark = v.version === published ? '*' : ' ';
      // A version that was published before and is not now is shown as such: a draft has never been live.
      const state = v.state === 'draft' && v.publishedAt ? 'was live' : v.state;
      console.log(`${mark} ${String(v.version).padStart(4)}  ${state.padEnd(9)}  stored ${when(v.createdAt)} by ${v.author}  published ${when(v.publishedAt)}  ${v.note}`);
    }
    break;
  }
  case 'rollback': {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { flow: { type: 'string' } } });
    const version = versionArgument(positionals[0], usage.rollback);
    const flowId = values.flow ?? 'astrology';
    const result = await publish(flowId, version, false);
    console.log(`Rolled ${flowId} back to version ${result.published} (was ${result.previous}): new visitors get it within 5 s; visitors already on ${result.previous} stay on it.`);
    break;
  }
  case 'preview': {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { flow: { type: 'string' } } });
    const version = versionArgument(positionals[0], usage.preview);
    const flowId = values.flow ?? 'astrology';
    const answer = await call('POST', `/editor/flows/${encodeURIComponent(flowId)}/versions/${version}/preview`);
    if (answer.status !== 200) refused(answer);
    console.log(`Preview of ${flowId} version ${version}, until ${when(answer.body.expiresAt as string)} UTC: ${String(answer.body.url)}`);
    break;
  }
  case 'retire': {
    // After a rollback the visitors who started on the bad version stay on it; retiring it moves them on too.
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { flow: { type: 'string' } } });
    const version = versionArgument(positionals[0], usage.retire);
    const flowId = values.flow ?? 'astrology';
    const answer = await call('POST', `/editor/flows/${encodeURIComponent(flowId)}/versions/${version}/retire`);
    if (answer.status !== 200) refused(answer);
    const { published } = await versionsOf(flowId);
    console.log(`Retired ${flowId} version ${version}: it is never served again; its visitors move on to version ${published} at their next page, with their answers.`);
    break;
  }
  default:
    console.error(`usage:\n  ${Object.values(usage).join('\n  ')}`);
    process.exit(2);
}
