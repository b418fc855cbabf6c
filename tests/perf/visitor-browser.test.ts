import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumBinary } from '../support/chromium-path';
import { launchVisitorBrowser, type VisitorBrowser } from './visitor-browser';

// The bench's browser for the landing's load: a Chromium driven over the DevTools pipe that does not turn
// DevTools' Runtime domain on, so that the page runs as in a visitor's browser. These tests pin that it drives a page
// (navigation, network events, values read back) and that the Runtime domain stays off unless asked for.

const PAGE = `<!doctype html><title>t</title><script src="/app.js"></script><script>document.title = 'ran'; console.log('hello from the page');</script>`;
const SCRIPT = `window.fromScript = 40 + 2;`;

let server: http.Server;
let origin = '';
let browser: VisitorBrowser;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/app.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(SCRIPT);
    } else if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(PAGE);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchVisitorBrowser(chromiumBinary());
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

/** Loads the test page in a new tab; the console messages the tab's session was sent, if any. */
async function load(options: { enableRuntime: boolean }) {
  const page = await browser.newPage();
  const consoleMessages: unknown[] = [];
  const scripts: string[] = [];
  page.on('Runtime.consoleAPICalled', (event) => consoleMessages.push(event));
  page.on('Network.requestWillBeSent', (event) => {
    const { type, request } = event as { type?: string; request: { url: string } };
    if (type === 'Script') scripts.push(request.url);
  });
  await page.send('Page.enable');
  await page.send('Network.enable');
  if (options.enableRuntime) await page.send('Runtime.enable');
  const loaded = page.waitFor('Page.loadEventFired');
  await page.send('Page.navigate', { url: `${origin}/` });
  await loaded;
  const read = await page.evaluate<{ title: string; fromScript: number }>('({ title: document.title, fromScript: window.fromScript })');
  // A console message is sent to the session as it is logged: one more round trip lets any such message arrive.
  await page.evaluate('1');
  await page.close();
  return { read, consoleMessages, scripts };
}

describe('the bench\'s visitor browser', () => {
  it('loads a page, reports its scripts and reads values back, with DevTools\' Runtime domain off', async () => {
    const { read, consoleMessages, scripts } = await load({ enableRuntime: false });
    expect(read).toEqual({ title: 'ran', fromScript: 42 });
    expect(scripts).toEqual([`${origin}/app.js`]);
    // With the domain off, the page's console.log is not reported to the session.
    expect(consoleMessages).toEqual([]);
  });

  it('would see the page\'s console messages if the domain were on (the check above can fail)', async () => {
    const { consoleMessages } = await load({ enableRuntime: true });
    expect(consoleMessages).toHaveLength(1);
  });

  it('fails at once, naming the path, when Chromium cannot run', async () => {
    await expect(launchVisitorBrowser('/nonexistent/chromium')).rejects.toThrow(/Chromium could not run \(\/nonexistent\/chromium\)/);
  });

  it('gives up waiting for an event that does not come', async () => {
    const page = await browser.newPage();
    await expect(page.waitFor('Page.loadEventFired', 200)).rejects.toThrow('waiting for Page.loadEventFired: none in 0.2 s');
    await page.close();
  });

  it('names the method when Chromium refuses a call', async () => {
    const page = await browser.newPage();
    await expect(page.send('No.suchMethod')).rejects.toThrow(/^No\.suchMethod: /);
    await expect(page.evaluate('missing.value')).rejects.toThrow(/evaluating missing\.value/);
    await page.close();
  });
});
