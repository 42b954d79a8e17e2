/**
 * `npm run bench:web` — how fast the built web app feels on a slow phone network: the real
 * server (in process, PGlite, serving apps/web/dist as `npm start` does) and Debian's Chromium
 * through playwright-core, with Chrome DevTools' "Slow 4G" profile (562.5 ms latency, 1.44 Mbit/s
 * down, 675 kbit/s up) and a 4× CPU slowdown, both set through the DevTools protocol.
 *
 * Prints, with an empty cache (a new browser profile each run) and a warm one (the same profile
 * again: HTTP cache, service worker, saved account): first contentful paint, time to a tappable
 * hero (hero on screen and the socket connected), bytes transferred and script bytes (as sent,
 * compressed) until then, and on the warm load the requests for fingerprinted files that still
 * reached the server (revalidated). Then the time of a bottom-nav tab switch, right after the warm
 * load (while the app still fetches and builds in the background) and again once it has settled,
 * and the reconnect time after the network goes away and comes back. Medians of `--runs=N` (default 3).
 *
 * The page is opened as Telegram's Android client opens a Mini App (e2e/helpers/telegram-client.ts):
 * launch parameters in the URL hash (`tgWebAppData` signed by the server's development mode,
 * version, platform, theme) and the native bridge `window.TelegramWebviewProxy`.
 * `--launch=browser` opens the bare URL instead, as a developer's browser does: the app then
 * loads its imitation of Telegram (app/mock-env.ts) and fetches development init data first, two
 * steps a player never waits for. `--waterfall` prints each load's requests; `--cpu-prof=DIR`
 * keeps the warm loads' and tab switches' CPU profiles.
 * `--dist=DIR[,DIR…]` measures other builds (default apps/web/dist), alternating them run by run
 * (the first build of a run rotates) so that a before/after comparison meets the same machine load;
 * each run also measures the floor (web-floor.ts) between them.
 * Results: stdout and bench-results/web-<time>.json. Needs `npm run build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/helpers/browser.ts';
import { registerWithHero } from '../../e2e/helpers/player.ts';
import { type RunningServer, startServer } from '../../e2e/helpers/server.ts';
import { installTelegramClient, telegramLaunchUrl } from '../../e2e/helpers/telegram-client.ts';
import {
  CPU_PROFILE_DIR,
  CPU_SLOWDOWN,
  LAUNCH,
  type LoadResult,
  launchUrl,
  measureLoad,
  measureReconnect,
  measureTabSwitches,
  median,
  NETWORK,
  option,
  SLOW_4G,
  TAPPABLE_PROBE,
  TRACE_CATEGORIES,
  TRACE_DIR,
  throttle,
  waitUntilSettled,
} from './bench-web-measure.ts';
import { FLOOR_LIVE_MESSAGE, writeFloorSite } from './web-floor.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The emulated phone's screen. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * The web app's targets on this profile, and against the floor's socket in the same run:
 * the tappable hero at most 0.8 s (empty cache) and 0.3 s (warm) after it.
 */
const TARGETS = {
  coldTappableMs: 2_500,
  warmTappableMs: 1_000,
  coldBeyondFloorMs: 800,
  warmBeyondFloorMs: 300,
  tabSwitchMs: 100,
  reconnectMs: 1_000,
};

function runsOption(): number {
  const raw = option('runs');
  const runs = raw === undefined ? 3 : Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
  return runs;
}

async function newPhone(context: BrowserContext, probe = true): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  if (probe) await page.addInitScript(TAPPABLE_PROBE);
  if (LAUNCH === 'telegram') await installTelegramClient(page);
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  return { page, cdp };
}

interface FloorLoad {
  fcpMs: number;
  /** The server accepted the page's socket. */
  liveMs: number;
}

/** Opens the floor's page (web-floor.ts) and waits until its socket is accepted. */
async function measureFloorLoad(page: Page, url: string): Promise<FloorLoad> {
  const live = page.waitForEvent('console', {
    predicate: (message) => message.text() === FLOOR_LIVE_MESSAGE,
    timeout: 60_000,
  });
  page.on('console', (message) => {
    if (message.type() === 'error') process.stderr.write(`floor page: ${message.text()}\n`);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await live;
  return page.evaluate(() => ({
    fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    liveMs: (window as unknown as { __floorLiveAt: number }).__floorLiveAt,
  }));
}

/**
 * One round of the floor: the same phone and network, empty cache then warm, opening a page with
 * the splash and the socket and nothing else. Always with Telegram's launch hash, whatever
 * `--launch` says: the floor's script reads the init data there.
 */
async function measureFloorRound(
  browser: Browser,
  serverUrl: string,
): Promise<{ cold: FloorLoad; warm: FloorLoad }> {
  const context = await browser.newContext({ baseURL: serverUrl, ...PHONE });
  try {
    const first = await newPhone(context, false);
    const cold = await measureFloorLoad(first.page, await telegramLaunchUrl(serverUrl));
    await first.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 60_000,
    });
    await first.page.close();
    const second = await newPhone(context, false);
    const warm = await measureFloorLoad(second.page, await telegramLaunchUrl(serverUrl));
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** The floor's server: the splash of `webDist` and the floor's script, from a folder of their own. */
async function startFloorServer(webDist: string): Promise<RunningServer> {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-floor-'));
  writeFloorSite(site, webDist);
  const server = await startServer({ env: { WEB_DIST_DIR: site } });
  await registerWithHero(server.url);
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(site, { recursive: true, force: true });
    },
  };
}

/** The measurements of one build over all runs. */
interface BuildResults {
  dist: string;
  cold: LoadResult[];
  warm: LoadResult[];
  tabSwitches: number[];
  settledTabSwitches: number[];
  reconnects: number[];
}

/** Starts a profile or trace of `name` when `--cpu-prof` / `--trace` ask for one; returns its stop. */
async function record(
  browser: Browser,
  phone: { page: Page; cdp: CDPSession },
  name: string,
): Promise<() => Promise<void>> {
  if (CPU_PROFILE_DIR) {
    await phone.cdp.send('Profiler.enable');
    await phone.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await phone.cdp.send('Profiler.start');
  }
  if (TRACE_DIR) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    await browser.startTracing(phone.page, {
      path: path.join(TRACE_DIR, `${name}.json`),
      categories: TRACE_CATEGORIES,
    });
  }
  return async () => {
    if (TRACE_DIR) await browser.stopTracing();
    if (CPU_PROFILE_DIR) {
      const { profile } = await phone.cdp.send('Profiler.stop');
      fs.mkdirSync(CPU_PROFILE_DIR, { recursive: true });
      fs.writeFileSync(path.join(CPU_PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    }
  };
}

/** One run of one build: an empty-cache load, a warm one, tab switches and a reconnect. */
async function measureBuildRun(
  browser: Browser,
  serverUrl: string,
  into: BuildResults,
  name: string,
): Promise<void> {
  const context = await browser.newContext({ baseURL: serverUrl, ...PHONE });
  try {
    // Empty cache: a new profile.
    const first = await newPhone(context);
    const stopCold = await record(browser, first, `cold-load-${name}`);
    into.cold.push(await measureLoad(first.page, first.cdp, await launchUrl(serverUrl)));
    await stopCold();
    // Let the service worker install and precache (it starts once the game is on screen).
    await first.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 120_000,
    });
    await first.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.page.close();

    // Warm cache: the same profile again.
    const second = await newPhone(context);
    const warmUrl = await launchUrl(serverUrl);
    const stopWarm = await record(browser, second, `warm-load-${name}`);
    into.warm.push(await measureLoad(second.page, second.cdp, warmUrl));
    await stopWarm();
    const stopSwitches = await record(browser, second, `tab-switches-${name}`);
    into.tabSwitches.push(...(await measureTabSwitches(second.page)));
    await waitUntilSettled(second.page);
    into.settledTabSwitches.push(...(await measureTabSwitches(second.page)));
    await stopSwitches();
    into.reconnects.push(await measureReconnect(second.page, second.cdp));
  } finally {
    await context.close();
  }
}

/** The builds to measure: `--dist=DIR[,DIR…]`, or apps/web/dist. */
function buildDirs(): string[] {
  const dirs = (option('dist') ?? path.join(repoRoot, 'apps/web/dist'))
    .split(',')
    .map((dir) => path.resolve(dir));
  for (const dir of dirs) {
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      throw new Error(`${dir} holds no built web app: run \`npm run build\` first.`);
    }
  }
  return dirs;
}

async function main() {
  const dirs = buildDirs();
  const runs = runsOption();
  const browser = await launchBrowser();
  const servers: RunningServer[] = [];
  try {
    for (const dir of dirs) {
      const server = await startServer({ env: { WEB_DIST_DIR: dir } });
      servers.push(server);
      await registerWithHero(server.url);
    }
    const floorServer = await startFloorServer(dirs[0] ?? '');
    servers.push(floorServer);
    const builds: BuildResults[] = dirs.map((dist) => ({
      dist,
      cold: [],
      warm: [],
      tabSwitches: [],
      settledTabSwitches: [],
      reconnects: [],
    }));
    const floor: { cold: FloorLoad[]; warm: FloorLoad[] } = { cold: [], warm: [] };
    for (let run = 0; run < runs; run++) {
      // The builds take turns: which goes first rotates from run to run.
      for (let turn = 0; turn < builds.length; turn++) {
        const index = (run + turn) % builds.length;
        const build = builds[index];
        const server = servers[index];
        if (!build || !server) continue;
        await measureBuildRun(
          browser,
          server.url,
          build,
          `${run + 1}${builds.length > 1 ? `-${index + 1}` : ''}`,
        );
        if (turn === 0) {
          const round = await measureFloorRound(browser, floorServer.url);
          floor.cold.push(round.cold);
          floor.warm.push(round.warm);
        }
      }
      process.stdout.write(`run ${run + 1}/${runs} done\n`);
    }
    report(builds, floor, runs);
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
  }
}

/** Prints each build's figures beside the floor's and writes them to bench-results/. */
function report(
  builds: BuildResults[],
  floorLoads: { cold: FloorLoad[]; warm: FloorLoad[] },
  runs: number,
): void {
  const summary = (loads: LoadResult[]) => ({
    fcpMs: median(loads.map((l) => l.fcpMs)),
    tappableMs: median(loads.map((l) => l.tappableMs)),
    firstRenderMs: median(loads.map((l) => l.firstRenderMs)),
    heroMs: median(loads.map((l) => l.heroMs)),
    liveMs: median(loads.map((l) => l.liveMs)),
    bytes: median(loads.map((l) => l.bytes)),
    scriptBytes: median(loads.map((l) => l.scriptBytes)),
    requests: median(loads.map((l) => l.requests)),
    revalidatedAssets: Math.max(...loads.map((l) => l.revalidatedAssets)),
  });
  const floorSummary = (loads: FloorLoad[]) => ({
    fcpMs: median(loads.map((l) => l.fcpMs)),
    liveMs: median(loads.map((l) => l.liveMs)),
  });
  const floor = { cold: floorSummary(floorLoads.cold), warm: floorSummary(floorLoads.warm) };
  const when = new Date().toISOString();
  const results = builds.map((build) => ({
    dist: path.relative(repoRoot, build.dist) || '.',
    cold: summary(build.cold),
    warm: summary(build.warm),
    tabSwitchMs: { median: median(build.tabSwitches), max: Math.max(...build.tabSwitches) },
    settledTabSwitchMs: {
      median: median(build.settledTabSwitches),
      max: Math.max(...build.settledTabSwitches),
    },
    reconnectMs: { median: median(build.reconnects), max: Math.max(...build.reconnects) },
    raw: build,
  }));
  const result = {
    when,
    // The figures depend on the machine's other work: this is the load while they were taken.
    machine: { cpus: os.cpus().length, loadAverage1m: os.loadavg()[0] ?? 0 },
    profile: { network: 'Slow 4G (DevTools preset)', ...SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, launch: LAUNCH },
    runs,
    builds: results,
    /** The same loads of a page with the splash and the socket and no app (web-floor.ts). */
    floor: { ...floor, raw: floorLoads },
  };
  const header = [
    `Web app on ${NETWORK === 'none' ? 'an unthrottled network' : 'Slow 4G (562.5 ms RTT, 1.44 Mbit/s down)'} with ${CPU_SLOWDOWN}x CPU slowdown, median of ${runs} runs`,
    `launched ${LAUNCH === 'telegram' ? "as Telegram's Android client opens a Mini App" : 'in a bare browser (the development imitation of Telegram)'}`,
    `machine: ${result.machine.cpus} CPUs, load average ${result.machine.loadAverage1m.toFixed(1)} at the end`,
  ];
  const tables = results.map((build) => buildTable(build, floor));
  process.stdout.write(`\n${[...header, ...tables].join('\n')}\n`);
  const outDir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `web-${when.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`\nwritten: ${path.relative(repoRoot, file)}\n`);
}

/** A build's medians: the same figures as one load. */
type Summary = LoadResult;
type FloorSummary = { fcpMs: number; liveMs: number };
type Stat = { median: number; max: number };

/** One build's table, its loads read against the floor's socket. */
function buildTable(
  build: {
    dist: string;
    cold: Summary;
    warm: Summary;
    tabSwitchMs: Stat;
    settledTabSwitchMs: Stat;
    reconnectMs: Stat;
  },
  floor: { cold: FloorSummary; warm: FloorSummary },
): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const { cold, warm } = build;
  const beyondCold = cold.tappableMs - floor.cold.liveMs;
  const beyondWarm = warm.tappableMs - floor.warm.liveMs;
  return [
    '',
    `build ${build.dist}`,
    '| measure | empty cache | warm cache |',
    '| --- | --- | --- |',
    `| first contentful paint | ${ms(cold.fcpMs)} | ${ms(warm.fcpMs)} |`,
    `| tappable hero (target ${TARGETS.coldTappableMs} / ${TARGETS.warmTappableMs} ms) | ${ms(cold.tappableMs)} ${verdict(cold.tappableMs <= TARGETS.coldTappableMs)} | ${ms(warm.tappableMs)} ${verdict(warm.tappableMs <= TARGETS.warmTappableMs)} |`,
    `| … of which: app's first render | ${ms(cold.firstRenderMs)} | ${ms(warm.firstRenderMs)} |`,
    `| … hero on screen | ${ms(cold.heroMs)} | ${ms(warm.heroMs)} |`,
    `| … socket connected | ${ms(cold.liveMs)} | ${ms(warm.liveMs)} |`,
    `| bytes transferred until then | ${kb(cold.bytes)} | ${kb(warm.bytes)} |`,
    `| script bytes (compressed) | ${kb(cold.scriptBytes)} | ${kb(warm.scriptBytes)} |`,
    `| requests over the network | ${cold.requests} | ${warm.requests} |`,
    `| fingerprinted files revalidated (target 0) | – | ${warm.revalidatedAssets} ${verdict(warm.revalidatedAssets === 0)} |`,
    `| floor, a page with the splash and the socket only: first paint | ${ms(floor.cold.fcpMs)} | ${ms(floor.warm.fcpMs)} |`,
    `| … its socket connected | ${ms(floor.cold.liveMs)} | ${ms(floor.warm.liveMs)} |`,
    `| tappable hero beyond the floor's socket (target ${TARGETS.coldBeyondFloorMs} / ${TARGETS.warmBeyondFloorMs} ms) | ${ms(beyondCold)} ${verdict(beyondCold <= TARGETS.coldBeyondFloorMs)} | ${ms(beyondWarm)} ${verdict(beyondWarm <= TARGETS.warmBeyondFloorMs)} |`,
    '',
    `tab switch right after the warm load (target ${TARGETS.tabSwitchMs} ms): median ${ms(build.tabSwitchMs.median)}, max ${ms(build.tabSwitchMs.max)} ${verdict(build.tabSwitchMs.median <= TARGETS.tabSwitchMs)}`,
    `tab switch once the app has settled (target ${TARGETS.tabSwitchMs} ms): median ${ms(build.settledTabSwitchMs.median)}, max ${ms(build.settledTabSwitchMs.max)} ${verdict(build.settledTabSwitchMs.median <= TARGETS.tabSwitchMs)}`,
    `reconnect after offline → online (target ${TARGETS.reconnectMs} ms): median ${ms(build.reconnectMs.median)}, max ${ms(build.reconnectMs.max)} ${verdict(build.reconnectMs.median <= TARGETS.reconnectMs)}`,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
