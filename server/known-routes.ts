import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { publicPaths } from '../src/shared/public-paths';

/** Pages outside the quiz flows that the client renders (one list, shared with the flow checker). */
export const PUBLIC_PAGE_ROUTES = publicPaths;

/** A flow file's name and its text as written (the flow store is seeded with the text itself). */
export interface FlowFileText {
  name: string;
  text: string;
}

/**
 * The flow files in `flowsDir` (`*.json`, by name) and their texts; a missing folder has none, so the server still
 * starts before any flow exists. Read once at start-up.
 */
export async function readFlowFileTexts(flowsDir: string): Promise<FlowFileText[]> {
  let files: string[];
  try {
    files = (await readdir(flowsDir)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(files.map(async (name) => ({ name, text: await readFile(join(flowsDir, name), 'utf8') })));
}

/**
 * Flow files' data: the known routes and the studio's report both come from it.
 *
 * @throws {Error} naming the file when a flow file is not valid JSON.
 */
export function parseFlowFiles(files: readonly FlowFileText[], flowsDir: string): unknown[] {
  return files.map(({ name, text }) => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new Error(`${join(flowsDir, name)}: ${(error as Error).message}`, { cause: error });
    }
  });
}

/**
 * The flow files in `flowsDir`, parsed (readFlowFileTexts, parseFlowFiles).
 *
 * @throws {Error} naming the file when a flow file is not valid JSON.
 */
export async function readFlowFiles(flowsDir: string): Promise<unknown[]> {
  return parseFlowFiles(await readFlowFileTexts(flowsDir), flowsDir);
}

/** The paths the single-page app answers: every `screens[].route` of `flows`, plus the public pages. */
export function knownRoutesOf(flows: readonly unknown[]): string[] {
  const routes = new Set<string>(PUBLIC_PAGE_ROUTES);
  for (const flow of flows) {
    const screens = (flow as { screens?: unknown } | null)?.screens;
    if (!Array.isArray(screens)) continue;
    for (const screen of screens) {
      const route = (screen as { route?: unknown } | null)?.route;
      if (typeof route === 'string' && route.startsWith('/')) routes.add(route);
    }
  }
  return [...routes];
}

/**
 * Collects the paths the single-page app answers from the flow files in `flowsDir` (readFlowFiles, knownRoutesOf).
 *
 * @throws {Error} naming the file when a flow file is not valid JSON.
 */
export async function readKnownRoutes(flowsDir: string): Promise<string[]> {
  return knownRoutesOf(await readFlowFiles(flowsDir));
}
