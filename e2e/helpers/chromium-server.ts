import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SHARED_CHROMIUM_ENV } from './browser.ts';

/**
 * The e2e project's global setup: one Chromium for the whole run. Every test file connects to it
 * (launchBrowser) and makes its own contexts, which are as isolated from each other as separate
 * browsers; closing the connection closes the file's contexts and leaves the browser to the next.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_CHROMIUM_ENV];
    await server.close();
  };
}
