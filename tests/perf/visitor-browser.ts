/**
 * A Chromium that no test driver has attached to, driven over the DevTools protocol on a pipe: the landing's load as a
 * visitor's phone runs it.
 *
 * Why not Playwright for the load: Playwright enables DevTools' Runtime domain in every page it drives, and with it V8
 * records where each `Error` is created, with line and column. React creates five errors when its module is evaluated
 * (objects it throws later to suspend or abort a hydration), inside the function that holds all of react-dom, and V8
 * parses that function again to find their positions: a 50-94 ms task at 4x CPU that a visitor's browser, with no
 * DevTools attached, never runs. tests/perf/inspector-cost.ts shows it on its own (README, "Speed"): a 260 KB module
 * whose one function creates an error imports in 80-136 ms at 4x CPU with the Runtime domain on, 28-53 ms without.
 *
 * This client enables only what it uses (Page, Network, Emulation) and reads the page with `Runtime.evaluate`, which
 * does not enable the domain. No dependency: Chromium's `--remote-debugging-pipe` speaks JSON messages ended by a NUL
 * byte on file descriptors 3 (in) and 4 (out).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Params = Record<string, unknown>;
type Listener = (params: Params) => void;

export interface VisitorPage {
  send<T = Params>(method: string, params?: Params): Promise<T>;
  on(event: string, listener: Listener): void;
  /** A value computed in the page (JSON-serialisable; a promise is awaited), without enabling the Runtime domain. */
  evaluate<T>(expression: string): Promise<T>;
  /** The next `event` of this page; rejects after `timeoutMs`, or when Chromium exits. */
  waitFor(event: string, timeoutMs?: number): Promise<Params>;
  close(): Promise<void>;
}

export interface VisitorBrowser {
  newPage(): Promise<VisitorPage>;
  close(): Promise<void>;
}

const TIMEOUT_MS = 30_000;

export async function launchVisitorBrowser(executablePath: string): Promise<VisitorBrowser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'astrelle-visitor-browser-'));
  const chrome = spawn(
    executablePath,
    [
      '--headless',
      '--remote-debugging-pipe',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
      // As Playwright and chrome-launcher run it here: the machine's user is root, which Chromium's sandbox refuses.
      '--no-sandbox',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toChrome = chrome.stdio[3] as Writable;
  const fromChrome = chrome.stdio[4] as Readable;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: Params) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Map<string, Listener[]>();
  let buffered = '';
  // Why Chromium is gone, once it is: every call after that, and every one still waiting, fails with it at once.
  let gone: Error | null = null;
  const exited = new Promise<Error>((resolve) => {
    const end = (error: Error) => {
      if (!gone) {
        gone = error;
        for (const call of pending.values()) call.reject(new Error(`${call.method}: ${error.message}`));
        pending.clear();
      }
      resolve(gone);
    };
    // A binary that cannot start emits 'error' and no 'exit'; a broken pipe is Chromium gone too.
    chrome.once('error', (error) => end(new Error(`Chromium could not run (${executablePath}): ${error.message}`)));
    chrome.once('exit', (code, signal) => end(new Error(`Chromium exited (${signal ?? `code ${code}`})`)));
    toChrome.on('error', (error) => end(new Error(`the pipe to Chromium broke: ${error.message}`)));
    fromChrome.on('error', (error) => end(new Error(`the pipe from Chromium broke: ${error.message}`)));
  });
  fromChrome.setEncoding('utf8');
  fromChrome.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number; method?: string; params?: Params; sessionId?: string; result?: Params; error?: { message: string } };
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of listeners.get(`${message.sessionId ?? ''}|${message.method}`) ?? []) listener(message.params ?? {});
      }
    }
  });
  const send = <T>(method: string, params: Params = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) {
        reject(new Error(`${method}: ${(gone as Error).message}`));
        return;
      }
      nextId += 1;
      const id = nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method}: no answer from Chromium in ${TIMEOUT_MS / 1000} s`));
      }, TIMEOUT_MS);
      pending.set(id, {
        method,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      toChrome.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  try {
    await send('Browser.getVersion');
  } catch (error) {
    chrome.kill('SIGKILL');
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    async newPage() {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      const on = (event: string, listener: Listener) => {
        const key = `${sessionId}|${event}`;
        listeners.set(key, [...(listeners.get(key) ?? []), listener]);
      };
      const off = (event: string, listener: Listener) => {
        const key = `${sessionId}|${event}`;
        listeners.set(key, (listeners.get(key) ?? []).filter((l) => l !== listener));
      };
      const page: VisitorPage = {
        send: (method, params) => send(method, params, sessionId),
        on,
        waitFor(event, timeoutMs = TIMEOUT_MS) {
          // Settled by the first of the event, the timeout (a page that crashed sends nothing more) and Chromium gone.
          return new Promise<Params>((resolve, reject) => {
            const settle = (outcome: () => void) => {
              clearTimeout(timer);
              off(event, onEvent);
              outcome();
            };
            const onEvent = (params: Params) => settle(() => resolve(params));
            const timer = setTimeout(() => settle(() => reject(new Error(`waiting for ${event}: none in ${timeoutMs / 1000} s`))), timeoutMs);
            on(event, onEvent);
            void exited.then((error) => settle(() => reject(new Error(`waiting for ${event}: ${error.message}`))));
          });
        },
        async evaluate<T>(expression: string) {
          const { result, exceptionDetails } = await send<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
            'Runtime.evaluate',
            { expression: `Promise.resolve(${expression}).then((value) => JSON.stringify(value))`, returnByValue: true, awaitPromise: true },
            sessionId,
          );
          if (exceptionDetails) throw new Error(`evaluating ${expression}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
          return JSON.parse(String(result.value)) as T;
        },
        async close() {
          await send('Target.closeTarget', { targetId });
        },
      };
      return page;
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      const killer = setTimeout(() => chrome.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A page made a phone's before it loads anything: the network given, the CPU `cpuSlowdown` times slower, 390 x 844 with
 * touch (`mobile`: with a phone's viewport rules), the cache off, and `probe` run in every document from its first
 * byte.
 */
export async function asPhone(page: VisitorPage, options: { network: Params; cpuSlowdown: number; mobile: boolean; probe: string }): Promise<void> {
  await page.send('Page.enable');
  await page.send('Network.enable');
  await page.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.send('Network.emulateNetworkConditions', options.network);
  await page.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  await page.send('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: options.mobile });
  await page.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: options.probe });
}
