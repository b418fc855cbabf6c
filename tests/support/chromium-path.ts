import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * The Chromium to launch when Playwright's own is not installed (CI and the dev machines, where Playwright cannot
 * download browsers): PW_CHROMIUM_PATH, CHROME_PATH, or Debian's /usr/bin/chromium. Undefined when Playwright's own
 * is there (a laptop): launch without a path then.
 */
export function systemChromium(): string | undefined {
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return undefined;
  return [process.env.PW_CHROMIUM_PATH, process.env.CHROME_PATH, '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));
}

/** The Chromium binary itself, for a launcher that needs a path: Playwright's own when installed, else the system's. */
export function chromiumBinary(): string {
  return systemChromium() ?? chromium.executablePath();
}
