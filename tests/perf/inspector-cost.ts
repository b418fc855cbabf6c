/**
 * `npx tsx tests/perf/inspector-cost.ts [CHROME_PATH]`: why the bench loads the landing in a browser no driver has
 * attached to (visitor-browser.ts). At 4x CPU, it times the import of a 260 KB module whose one function holds 4,000
 * small ones, as react-dom's does, with and without an `Error` created in it, and with DevTools' Runtime domain off
 * (a visitor's browser) and on (a page Playwright drives). With the domain on, V8 records where the error was created,
 * and parses the whole function again to find it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromiumBinary } from '../support/chromium-path';
import { launchVisitorBrowser } from './visitor-browser';

const ROUNDS = 4;
const inner = Array.from({ length: 4000 }, (_, i) => `function f${i}(a){var b=a*${i};if(b>3){return b+"s${i}"}return a}`).join('\n');
const modules: Record<string, string> = {
  'with-error': `var t = {}; (function factory(){${inner}\nt.e = Error('x'); t.f = f1;})(); export default t;`,
  'without-error': `var t = {}; (function factory(){${inner}\nt.e = { message: 'x' }; t.f = f1;})(); export default t;`,
};
const PAGE = `<!doctype html><script>window.time = async (name) => { const start = performance.now(); await import('/' + name + '.js?' + Math.random()); return performance.now() - start; };</script>`;

const server = http.createServer((request, response) => {
  const name = (request.url ?? '').split('?')[0]!.slice(1).replace(/\.js$/, '');
  const body = request.url === '/' ? PAGE : modules[name];
  response.writeHead(body ? 200 : 404, { 'content-type': request.url === '/' ? 'text/html' : 'text/javascript', 'cache-control': 'no-store' });
  response.end(body ?? '');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const chromePath = process.argv[2] ?? chromiumBinary();
const browser = await launchVisitorBrowser(chromePath);
const times: Record<string, number[]> = {};
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const runtime of [false, true]) {
      for (const name of Object.keys(modules)) {
        const page = await browser.newPage();
        await page.send('Page.enable');
        if (runtime) await page.send('Runtime.enable');
        await page.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const loaded = page.waitFor('Page.loadEventFired');
        await page.send('Page.navigate', { url: `${origin}/` });
        await loaded;
        (times[`${name}, Runtime domain ${runtime ? 'on' : 'off'}`] ??= []).push(await page.evaluate<number>(`time(${JSON.stringify(name)})`));
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  server.close();
}
for (const [what, ms] of Object.entries(times)) console.log(`${what}: ${ms.map((m) => m.toFixed(0)).join(', ')} ms`);
