import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_POOL_SIZE, readPoolSize, readPreparedStatements, storeLocationFromEnv } from './location';

// DATABASE_POOL_SIZE sets how many PostgreSQL connections the server opens at most, and
// DATABASE_PREPARED_STATEMENTS (on/off) whether it prepares its statements; a bad value is refused at start, in one line
// naming the variable.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('DATABASE_POOL_SIZE and DATABASE_PREPARED_STATEMENTS', () => {
  it('unset or empty keeps the default; a whole number is read (surrounding spaces ignored)', () => {
    expect(readPoolSize(undefined)).toBeUndefined();
    expect(readPoolSize('')).toBeUndefined();
    expect(readPoolSize('  ')).toBeUndefined();
    expect(readPoolSize('1')).toBe(1);
    expect(readPoolSize(' 12 ')).toBe(12);
    expect(readPoolSize(String(MAX_POOL_SIZE))).toBe(MAX_POOL_SIZE);
  });

  it('refuses anything but a whole number from 1 to the maximum, naming the variable and the value', () => {
    for (const value of ['0', '-1', '1.5', 'ten', '1e3', '0x10', '10 20', String(MAX_POOL_SIZE + 1)]) {
      expect(() => readPoolSize(value), value).toThrow(`invalid DATABASE_POOL_SIZE "${value}": expected the most PostgreSQL connections to open, a whole number from 1 to ${MAX_POOL_SIZE}`);
    }
  });

  it('is part of where the store is, beside DATABASE_URL and DATA_DIR', () => {
    expect(storeLocationFromEnv({ DATABASE_URL: 'postgres://db/app', DATABASE_POOL_SIZE: '8', DATABASE_PREPARED_STATEMENTS: 'off' }, '/repo')).toEqual({
      dataDir: resolve('/repo/data'),
      databaseUrl: 'postgres://db/app',
      poolSize: 8,
      preparedStatements: false,
    });
    expect(storeLocationFromEnv({}, '/repo')).toEqual({ dataDir: resolve('/repo/data'), databaseUrl: undefined, poolSize: undefined, preparedStatements: true });
    expect(() => storeLocationFromEnv({ DATABASE_POOL_SIZE: 'many' }, '/repo')).toThrow(/^invalid DATABASE_POOL_SIZE "many"/);
  });

  it('DATABASE_PREPARED_STATEMENTS: on by default, off turns it off, anything else is refused by name', () => {
    expect(readPreparedStatements(undefined)).toBe(true);
    expect(readPreparedStatements('')).toBe(true);
    expect(readPreparedStatements('on')).toBe(true);
    expect(readPreparedStatements(' off ')).toBe(false);
    for (const value of ['no', 'false', '0', 'OFF']) {
      expect(() => readPreparedStatements(value), value).toThrow(`invalid DATABASE_PREPARED_STATEMENTS "${value}": expected on or off`);
    }
  });

  it('a bad value stops the server at start with one line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'astrelle-pool-size-'));
    try {
      const { code, output } = await new Promise<{ code: number | null; output: string }>((done, fail) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
          cwd: repoRoot,
          env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, DIST_DIR: join(dir, 'no-dist'), NODE_ENV: 'test', DATABASE_POOL_SIZE: '0' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', fail);
        child.on('close', (exitCode) => done({ code: exitCode, output: text }));
      });
      expect(code).toBe(1);
      expect(output.trim()).toBe(`Astrelle failed to start: invalid DATABASE_POOL_SIZE "0": expected the most PostgreSQL connections to open, a whole number from 1 to ${MAX_POOL_SIZE}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
