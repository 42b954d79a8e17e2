import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type TitansApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { seedPgliteDataDir } from '../../apps/server/test/helpers/pglite-template.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/**
 * The built web app: apps/web/dist, or E2E_WEB_DIST_DIR (a build of its own, so a loop of browser
 * tests is not served another engineer's build in progress).
 */
const webDist = path.resolve(process.env.E2E_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist'));
const webIndex = path.join(webDist, 'index.html');

export interface RunningServer {
  /** http://127.0.0.1:<port> */
  url: string;
  titans: TitansApp;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment (GAMES_FEED_URL, ADSGRAM_BLOCK_ID…). */
  env?: Record<string, string>;
  /** The app's clock (ms), so a test can move server time. */
  clock?: () => number;
}

/**
 * The real server, in process, in development mode (no bot token), on a fresh data folder and
 * an ephemeral port, serving the built web app exactly as `npm start` does. `env` adds
 * configuration (fake Bot API and chain servers for the Stars tests).
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing): run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-e2e-'));
  // A migrated database copied from a template: initdb costs seconds of CPU (pglite-template.ts).
  await seedPgliteDataDir(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDist,
    ...options.env,
  });
  const titans = await createApp(config, {
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await titans.app.listen({ port: 0, host: '127.0.0.1' });
  const address = titans.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    titans,
    async close() {
      await titans.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
