import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isVisitorId } from '../../src/shared/contract/visitor-id';
import { DEFAULT_RATE_LIMITS, readRateLimitSettings } from '../rate-limits';
import { loadSessionSecrets, MIN_SECRET_LENGTH } from './visitor-credential';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'astrelle-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the session secret', () => {
  it('is generated once into the data directory, readable by its owner only, and the same on the next start', async () => {
    const dir = await tempDir();
    const [first] = await loadSessionSecrets(undefined, dir);
    const [again] = await loadSessionSecrets('', dir);
    expect(first).toBe(again);
    expect(first!.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
    expect((await stat(join(dir, 'session-secret'))).mode & 0o777).toBe(0o600);
  });

  it('comes from SESSION_SECRET when set, newest first for rotation, and writes no file', async () => {
    const dir = await tempDir();
    const newer = 'n'.repeat(40);
    const older = 'o'.repeat(40);
    expect(await loadSessionSecrets(` ${newer} , ${older} `, dir)).toEqual([newer, older]);
    await expect(stat(join(dir, 'session-secret'))).rejects.toThrow();
  });

  it('refuses a SESSION_SECRET shorter than 32 characters, or a stored one that is empty', async () => {
    const dir = await tempDir();
    await expect(loadSessionSecrets('short', dir)).rejects.toThrow(/SESSION_SECRET: each secret must be at least 32 characters/);
    await expect(loadSessionSecrets(`${'x'.repeat(40)},tiny`, dir)).rejects.toThrow(/at least 32/);
    await writeFile(join(dir, 'session-secret'), '  \n');
    await expect(loadSessionSecrets(undefined, dir)).rejects.toThrow(/holds no usable session secret/);
    expect(await readFile(join(dir, 'session-secret'), 'utf8')).toBe('  \n');
  });
});

describe('visitor ids', () => {
  it('accept random v4 UUIDs in lower case only', () => {
    for (let i = 0; i < 200; i++) expect(isVisitorId(crypto.randomUUID())).toBe(true);
    for (const id of [
      '',
      'visitor-0001',
      'abcdefgh',
      crypto.randomUUID().toUpperCase(),
      '00000000-0000-4000-8000-000000000000',
      '12121212-1212-4121-8121-121212121212',
      'a3bb189e-8bf9-3888-9912-ace4e6543002', // v3
      'a3bb189e-8bf9-4888-7912-ace4e6543002', // wrong variant
      `${crypto.randomUUID()}x`,
    ]) {
      expect(isVisitorId(id), id).toBe(false);
    }
  });
});

describe('rate limit settings', () => {
  it('default to the documented limits and read each variable', () => {
    expect(readRateLimitSettings({})).toEqual(DEFAULT_RATE_LIMITS);
    expect(readRateLimitSettings({ RATE_LIMIT_LOOKUPS: '5', RATE_LIMIT_SESSIONS: '6', RATE_LIMIT_CHECKOUTS: '7', RATE_LIMIT_IP_LOOKUPS: ' 8 ', RATE_LIMIT_ANALYTICS: '9', RATE_LIMIT_EDITOR: '10' })).toEqual({
      lookups: 5,
      sessions: 6,
      checkouts: 7,
      ipLookups: 8,
      analytics: 9,
      editor: 10,
    });
  });

  it('refuse a value that is not a whole number from 1 to 1,000,000, naming the variable', () => {
    for (const value of ['0', '-1', '1.5', 'ten', '1e3', '2000000']) {
      expect(() => readRateLimitSettings({ RATE_LIMIT_CHECKOUTS: value }), value).toThrow(/^invalid RATE_LIMIT_CHECKOUTS/);
    }
  });
});
