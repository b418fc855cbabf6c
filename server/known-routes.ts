import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { publicPaths } from '../src/shared/public-paths';

/** Pages outside the quiz flows that the client renders (one list, shared with the flow checker). */
export const PUBLIC_PAGE_ROUTES = publicPaths;

/**
 * Collects the paths the single-page app answers: every `screens[].route` of the flow files in
 * `flowsDir`, plus the public pages. A missing folder yields only the public pages, so the server
 * still starts before any flow exists.
 *
 * @throws {Error} naming the file when a flow file is not valid JSON.
 */
export async function readKnownRoutes(flowsDir: string): Promise<string[]> {
  const routes = new Set<string>(PUBLIC_PAGE_ROUTES);
  let files: string[];
  try {
    files = (await readdir(flowsDir)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [...routes];
    throw error;
  }
  for (const file of files) {
    const path = join(flowsDir, file);
    let flow: unknown;
    try {
      flow = JSON.parse(await readFile(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
    }
    const screens = (flow as { screens?: unknown }).screens;
    if (!Array.isArray(screens)) continue;
    for (const screen of screens) {
      const route = (screen as { route?: unknown } | null)?.route;
      if (typeof route === 'string' && route.startsWith('/')) routes.add(route);
    }
  }
  return [...routes];
}
