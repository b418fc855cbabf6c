import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { PUBLIC_PAGE_ROUTES, readKnownRoutes } from './known-routes';

let flowsDir: string;

beforeAll(async () => {
  flowsDir = await mkdtemp(join(tmpdir(), 'astrelle-flows-'));
});

afterAll(async () => {
  await rm(flowsDir, { recursive: true, force: true });
});

describe('readKnownRoutes', () => {
  it('collects every screen route from every flow file, plus the public pages', async () => {
    const dir = join(flowsDir, 'two-flows');
    await mkdir(dir);
    await writeFile(
      join(dir, 'astrology.json'),
      JSON.stringify({ screens: [{ id: 'a', route: '/quiz/1-1' }, { id: 'b', route: '/quiz/1-2' }] }),
    );
    await writeFile(join(dir, 'other.json'), JSON.stringify({ screens: [{ id: 'c', route: '/' }] }));
    await writeFile(join(dir, 'notes.txt'), 'not a flow');

    const routes = await readKnownRoutes(dir);

    expect(routes).toEqual(expect.arrayContaining(['/quiz/1-1', '/quiz/1-2', '/', ...PUBLIC_PAGE_ROUTES]));
    expect(routes).toHaveLength(3 + PUBLIC_PAGE_ROUTES.length);
  });

  it('returns only the public pages when there is no flows folder', async () => {
    expect(await readKnownRoutes(join(flowsDir, 'missing'))).toEqual([...PUBLIC_PAGE_ROUTES]);
  });

  it('names the file when a flow is not valid JSON', async () => {
    const dir = await mkdtemp(join(flowsDir, 'broken-'));
    await writeFile(join(dir, 'broken.json'), '{ "screens": [');
    await expect(readKnownRoutes(dir)).rejects.toThrow(/broken\.json/);
  });
});
