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
 * Results: stdout and bench-results/web-<time>.json. Needs `npm run build` first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/helpers/browser.ts';
import { registerWithHero } from '../../e2e/helpers/player.ts';
import { startServer } from '../../e2e/helpers/server.ts';
import { installTelegramClient, telegramLaunchUrl } from '../../e2e/helpers/telegram-client.ts';
import { FLOOR_LIVE_MESSAGE, writeFloorSite } from './web-floor.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts), in bytes per second. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
const CPU_SLOWDOWN = Number(option('cpu') ?? 4);
/** `--network=none` drops the network profile (to tell network time from CPU time). */
const NETWORK = option('network') ?? 'slow4g';
/** `--launch=browser` opens the bare URL (the development imitation of Telegram). */
const LAUNCH = option('launch') ?? 'telegram';
if (LAUNCH !== 'telegram' && LAUNCH !== 'browser') throw new Error('--launch is telegram or browser');
/** `--waterfall` prints every load's requests with their start and end. */
const WATERFALL = process.argv.includes('--waterfall');
/** `--cpu-prof=DIR` writes each warm load's and tab-switch round's CPU profiles there (DevTools' Performance panel). */
const CPU_PROFILE_DIR = option('cpu-prof');
/** `--trace=DIR` records a performance trace of each warm load and of its tab switches (DevTools' Performance panel). */
const TRACE_DIR = option('trace');
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];
/** The emulated phone's screen. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Issue 12's targets on this profile. */
const TARGETS = { coldTappableMs: 2_500, warmTappableMs: 1_000, tabSwitchMs: 100, reconnectMs: 1_000 };

function option(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function runsOption(): number {
  const raw = option('runs');
  const runs = raw === undefined ? 3 : Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');
  return runs;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** What the probe logs once the hero is tappable. */
const TAPPABLE_MESSAGE = 'titans-bench:tappable';

/**
 * Installed before any page script: notes when the hero can be tapped (on screen, socket
 * connected), in the page's clock (ms since navigation start), and says so on the console. The
 * harness waits for that message rather than polling with `waitForFunction`: Playwright would
 * compile its own injected script in the page during the load, 200–250 ms of main thread at 4×
 * CPU that a player's phone never spends.
 */
const TAPPABLE_PROBE = `(() => {
  // tsx keeps function names with a __name() helper that pages do not have.
  window.__name = window.__name || ((fn) => fn);
  const check = () => {
    if (window.__tappableAt) return;
    const hero = document.querySelector('[data-testid="hero-tap"]');
    const live = document.querySelector('[data-testid="connection-dot"][data-status="connected"]');
    const now = performance.now();
    if (!window.__scriptAt && document.querySelector('#root > *')) window.__scriptAt = now;
    if (!window.__heroAt && hero && hero.getBoundingClientRect().width > 0) window.__heroAt = now;
    if (!window.__liveAt && live) window.__liveAt = now;
    if (window.__heroAt && window.__liveAt) {
      window.__tappableAt = now;
      console.debug(${JSON.stringify(TAPPABLE_MESSAGE)});
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** The address the page opens: Telegram's launch URL, or the bare one (`--launch=browser`). */
function launchUrl(serverUrl: string): Promise<string> {
  return LAUNCH === 'browser' ? Promise.resolve('/') : telegramLaunchUrl(serverUrl);
}

interface LoadResult {
  fcpMs: number;
  tappableMs: number;
  /** The app's first render (the script has run), the hero on screen, the socket connected. */
  firstRenderMs: number;
  heroMs: number;
  liveMs: number;
  bytes: number;
  scriptBytes: number;
  requests: number;
  /** Fingerprinted files (/assets/) whose request reached the server (200 or 304). */
  revalidatedAssets: number;
}

/** Counts what crosses the (emulated) network for one page, by CDP request id. */
class TrafficMeter {
  private readonly types = new Map<string, { type: string; url: string; network: boolean; status: number }>();
  /** With `--waterfall`: when each request started and ended, ms after the navigation's request. */
  readonly waterfall: string[] = [];
  private readonly started = new Map<string, { at: number; url: string }>();
  private origin: number | null = null;
  bytes = 0;
  scriptBytes = 0;
  requests = 0;
  revalidatedAssets = 0;
  private counting = true;

  constructor(cdp: CDPSession) {
    if (WATERFALL) this.recordWaterfall(cdp);
    cdp.on('Network.responseReceived', (event) => {
      const { response, type, requestId } = event;
      const network = !response.fromDiskCache && !response.fromServiceWorker && !response.fromPrefetchCache;
      this.types.set(requestId, { type, url: response.url, network, status: response.status });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const info = this.types.get(event.requestId);
      if (!this.counting || !info) return;
      if (!info.network) return;
      this.requests++;
      this.bytes += event.encodedDataLength;
      if (info.type === 'Script') this.scriptBytes += event.encodedDataLength;
      if (new URL(info.url).pathname.startsWith('/assets/')) this.revalidatedAssets++;
    });
  }

  stop() {
    this.counting = false;
  }

  private recordWaterfall(cdp: CDPSession) {
    const since = (timestamp: number) => {
      this.origin ??= timestamp;
      return Math.round((timestamp - this.origin) * 1000);
    };
    const short = (url: string) => {
      const { pathname, search } = new URL(url);
      return `${pathname}${search}`.slice(0, 60);
    };
    cdp.on('Network.requestWillBeSent', (event) => {
      this.started.set(event.requestId, { at: since(event.timestamp), url: short(event.request.url) });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const start = this.started.get(event.requestId);
      const info = this.types.get(event.requestId);
      if (!this.counting || !start) return;
      const from = info?.network === false ? ' (cache/worker)' : '';
      this.waterfall.push(`${start.at}–${since(event.timestamp)} ms ${start.url}${from}`);
    });
    cdp.on('Network.webSocketWillSendHandshakeRequest', (event) => {
      if (this.counting) this.waterfall.push(`${since(event.timestamp)} ms websocket handshake sent`);
    });
    cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
      if (this.counting) this.waterfall.push(`${since(event.timestamp)} ms websocket open`);
    });
    cdp.on('Network.webSocketFrameReceived', (event) => {
      if (this.counting) {
        this.waterfall.push(`${since(event.timestamp)} ms frame ${event.response.payloadData.slice(0, 40)}`);
      }
    });
  }
}

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  if (NETWORK !== 'none') await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Loads Home in `page` and measures it until the hero is tappable. */
async function measureLoad(page: Page, cdp: CDPSession, url: string): Promise<LoadResult> {
  const meter = new TrafficMeter(cdp);
  const tappable = page.waitForEvent('console', {
    predicate: (message) => message.text() === TAPPABLE_MESSAGE,
    timeout: 120_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  await tappable;
  meter.stop();
  if (WATERFALL) process.stdout.write(`\nwaterfall of ${url.slice(0, 20)}…\n${meter.waterfall.join('\n')}\n`);
  const timings = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    tappable: (window as unknown as { __tappableAt: number }).__tappableAt,
    firstRender: (window as unknown as { __scriptAt?: number }).__scriptAt ?? Number.NaN,
    hero: (window as unknown as { __heroAt?: number }).__heroAt ?? Number.NaN,
    live: (window as unknown as { __liveAt?: number }).__liveAt ?? Number.NaN,
  }));
  return {
    fcpMs: timings.fcp,
    tappableMs: timings.tappable,
    firstRenderMs: timings.firstRender,
    heroMs: timings.hero,
    liveMs: timings.live,
    bytes: meter.bytes,
    scriptBytes: meter.scriptBytes,
    requests: meter.requests,
    revalidatedAssets: meter.revalidatedAssets,
  };
}

/** Bottom-nav taps: from the click to the new screen painted, in the page's clock. */
async function measureTabSwitches(page: Page): Promise<number[]> {
  const tabs = ['Quest Board', 'Invites', 'Arena', 'Titans Emporium', 'Home'];
  const times: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const tab of tabs) {
      const ms = await page.evaluate(
        (label) =>
          new Promise<number>((resolve, reject) => {
            const target = Array.from(
              document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main"] a'),
            ).find((a) => a.getAttribute('aria-label') === label || a.textContent?.trim() === label);
            if (!target) return reject(new Error(`no nav link ${label}`));
            // Whatever the screen is (other branches fill them in): the page in <main> is replaced.
            const before = document.querySelector('main')?.firstElementChild ?? null;
            const started = performance.now();
            target.click();
            const check = () => {
              const now = document.querySelector('main')?.firstElementChild ?? null;
              if (now && now !== before && now.getBoundingClientRect().height > 0) {
                // The frame that shows it.
                requestAnimationFrame(() => resolve(performance.now() - started));
              } else requestAnimationFrame(check);
            };
            check();
          }),
        tab,
      );
      times.push(ms);
    }
  }
  return times;
}

/**
 * Waits until the page has nothing left to do after its start (route code, the service worker,
 * the sound): five idle periods in a row with 40 ms or more to spare,
 * or 20 s at most. A player who looks at Home for a few seconds then switches tabs meets this.
 */
async function waitUntilSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const giveUp = setTimeout(resolve, 20_000);
        let calm = 0;
        const tick = (deadline: IdleDeadline) => {
          calm = deadline.timeRemaining() >= 40 ? calm + 1 : 0;
          if (calm < 5) return void requestIdleCallback(tick);
          clearTimeout(giveUp);
          resolve();
        };
        requestIdleCallback(tick);
      }),
  );
}

/** Network gone, then back: from the `online` event to the socket connected again. */
async function measureReconnect(page: Page, cdp: CDPSession): Promise<number> {
  await page.evaluate(() => {
    const state = window as unknown as { __onlineAt?: number; __reconnectedAt?: number };
    state.__onlineAt = undefined;
    state.__reconnectedAt = undefined;
    window.addEventListener(
      'online',
      () => {
        state.__onlineAt = performance.now();
        const check = () => {
          if (document.querySelector('[data-testid="connection-dot"][data-status="connected"]')) {
            state.__reconnectedAt = performance.now();
          } else requestAnimationFrame(check);
        };
        check();
      },
      { once: true },
    );
  });
  await cdp.send('Network.emulateNetworkConditions', { ...SLOW_4G, offline: true });
  await page.locator('[data-testid="connection-dot"][data-status="closed"]').waitFor({ timeout: 30_000 });
  // A few seconds away, as in a tunnel.
  await page.waitForTimeout(3_000);
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await page.waitForFunction(
    () => (window as unknown as { __reconnectedAt?: number }).__reconnectedAt,
    undefined,
    {
      timeout: 60_000,
      polling: 100,
    },
  );
  return page.evaluate(() => {
    const state = window as unknown as { __onlineAt: number; __reconnectedAt: number };
    return state.__reconnectedAt - state.__onlineAt;
  });
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
 * The floor, measured in the same run as the app: the same phone and network, empty cache then
 * warm, opening a page with the splash and the socket and nothing else. Always with Telegram's
 * launch hash, whatever `--launch` says: the floor's script reads the init data there.
 */
async function measureFloor(
  browser: Browser,
  runs: number,
): Promise<{ cold: FloorLoad[]; warm: FloorLoad[] }> {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-floor-'));
  writeFloorSite(site, path.join(repoRoot, 'apps/web/dist'));
  const server = await startServer({ env: { WEB_DIST_DIR: site } });
  const cold: FloorLoad[] = [];
  const warm: FloorLoad[] = [];
  try {
    await registerWithHero(server.url);
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ baseURL: server.url, ...PHONE });
      const first = await newPhone(context, false);
      cold.push(await measureFloorLoad(first.page, await telegramLaunchUrl(server.url)));
      await first.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
        timeout: 60_000,
      });
      await first.page.close();
      const second = await newPhone(context, false);
      warm.push(await measureFloorLoad(second.page, await telegramLaunchUrl(server.url)));
      await context.close();
    }
  } finally {
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
  return { cold, warm };
}

async function main() {
  const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!fs.existsSync(webIndex)) throw new Error('The web app is not built: run `npm run build` first.');
  const runs = runsOption();
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    await registerWithHero(server.url);
    const cold: LoadResult[] = [];
    const warm: LoadResult[] = [];
    const tabSwitches: number[] = [];
    const settledTabSwitches: number[] = [];
    const reconnects: number[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ baseURL: server.url, ...PHONE });
      // Empty cache: a new profile.
      const first = await newPhone(context);
      cold.push(await measureLoad(first.page, first.cdp, await launchUrl(server.url)));
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
      const warmUrl = await launchUrl(server.url);
      if (CPU_PROFILE_DIR) {
        await second.cdp.send('Profiler.enable');
        await second.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await second.cdp.send('Profiler.start');
      }
      if (TRACE_DIR) {
        fs.mkdirSync(TRACE_DIR, { recursive: true });
        await browser.startTracing(second.page, {
          path: path.join(TRACE_DIR, `warm-load-${run + 1}.json`),
          categories: TRACE_CATEGORIES,
        });
      }
      warm.push(await measureLoad(second.page, second.cdp, warmUrl));
      if (TRACE_DIR) await browser.stopTracing();
      if (CPU_PROFILE_DIR) {
        const { profile } = await second.cdp.send('Profiler.stop');
        fs.mkdirSync(CPU_PROFILE_DIR, { recursive: true });
        fs.writeFileSync(
          path.join(CPU_PROFILE_DIR, `warm-load-${run + 1}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      if (CPU_PROFILE_DIR) await second.cdp.send('Profiler.start');
      if (TRACE_DIR) {
        await browser.startTracing(second.page, {
          path: path.join(TRACE_DIR, `tab-switches-${run + 1}.json`),
          categories: TRACE_CATEGORIES,
        });
      }
      tabSwitches.push(...(await measureTabSwitches(second.page)));
      if (TRACE_DIR) await browser.stopTracing();
      await waitUntilSettled(second.page);
      settledTabSwitches.push(...(await measureTabSwitches(second.page)));
      if (CPU_PROFILE_DIR) {
        const { profile } = await second.cdp.send('Profiler.stop');
        fs.writeFileSync(
          path.join(CPU_PROFILE_DIR, `tab-switches-${run + 1}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      reconnects.push(await measureReconnect(second.page, second.cdp));
      await context.close();
      process.stdout.write(`run ${run + 1}/${runs} done\n`);
    }
    const floorLoads = await measureFloor(browser, runs);
    process.stdout.write('floor measured\n');

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
    const result = {
      when: new Date().toISOString(),
      // The figures depend on the machine's other work: this is the load while they were taken.
      machine: { cpus: os.cpus().length, loadAverage1m: os.loadavg()[0] ?? 0 },
      profile: {
        network: 'Slow 4G (DevTools preset)',
        ...SLOW_4G,
        cpuSlowdown: CPU_SLOWDOWN,
        launch: LAUNCH,
      },
      runs,
      cold: summary(cold),
      warm: summary(warm),
      tabSwitchMs: { median: median(tabSwitches), max: Math.max(...tabSwitches) },
      settledTabSwitchMs: { median: median(settledTabSwitches), max: Math.max(...settledTabSwitches) },
      reconnectMs: { median: median(reconnects), max: Math.max(...reconnects) },
      /** The same loads of a page with the splash and the socket and no app (web-floor.ts). */
      floor: {
        cold: floorSummary(floorLoads.cold),
        warm: floorSummary(floorLoads.warm),
      },
      raw: { cold, warm, tabSwitches, settledTabSwitches, reconnects, floor: floorLoads },
    };

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const ms = (value: number) => `${Math.round(value)} ms`;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    const lines = [
      `Web app on ${NETWORK === 'none' ? 'an unthrottled network' : 'Slow 4G (562.5 ms RTT, 1.44 Mbit/s down)'} with ${CPU_SLOWDOWN}x CPU slowdown, median of ${runs} runs`,
      `launched ${LAUNCH === 'telegram' ? "as Telegram's Android client opens a Mini App" : 'in a bare browser (the development imitation of Telegram)'}`,
      `machine: ${result.machine.cpus} CPUs, load average ${result.machine.loadAverage1m.toFixed(1)} at the end`,
      '',
      '| measure | empty cache | warm cache |',
      '| --- | --- | --- |',
      `| first contentful paint | ${ms(result.cold.fcpMs)} | ${ms(result.warm.fcpMs)} |`,
      `| tappable hero (target ${TARGETS.coldTappableMs} / ${TARGETS.warmTappableMs} ms) | ${ms(result.cold.tappableMs)} ${verdict(result.cold.tappableMs <= TARGETS.coldTappableMs)} | ${ms(result.warm.tappableMs)} ${verdict(result.warm.tappableMs <= TARGETS.warmTappableMs)} |`,
      `| … of which: app's first render | ${ms(result.cold.firstRenderMs)} | ${ms(result.warm.firstRenderMs)} |`,
      `| … hero on screen | ${ms(result.cold.heroMs)} | ${ms(result.warm.heroMs)} |`,
      `| … socket connected | ${ms(result.cold.liveMs)} | ${ms(result.warm.liveMs)} |`,
      `| bytes transferred until then | ${kb(result.cold.bytes)} | ${kb(result.warm.bytes)} |`,
      `| script bytes (compressed) | ${kb(result.cold.scriptBytes)} | ${kb(result.warm.scriptBytes)} |`,
      `| requests over the network | ${result.cold.requests} | ${result.warm.requests} |`,
      `| fingerprinted files revalidated (target 0) | – | ${result.warm.revalidatedAssets} ${verdict(result.warm.revalidatedAssets === 0)} |`,
      `| floor, a page with the splash and the socket only: first paint | ${ms(result.floor.cold.fcpMs)} | ${ms(result.floor.warm.fcpMs)} |`,
      `| … its socket connected | ${ms(result.floor.cold.liveMs)} | ${ms(result.floor.warm.liveMs)} |`,
      `| tappable hero beyond the floor's socket | ${ms(result.cold.tappableMs - result.floor.cold.liveMs)} | ${ms(result.warm.tappableMs - result.floor.warm.liveMs)} |`,
      '',
      `tab switch right after the warm load (target ${TARGETS.tabSwitchMs} ms): median ${ms(result.tabSwitchMs.median)}, max ${ms(result.tabSwitchMs.max)} ${verdict(result.tabSwitchMs.median <= TARGETS.tabSwitchMs)}`,
      `tab switch once the app has settled (target ${TARGETS.tabSwitchMs} ms): median ${ms(result.settledTabSwitchMs.median)}, max ${ms(result.settledTabSwitchMs.max)} ${verdict(result.settledTabSwitchMs.median <= TARGETS.tabSwitchMs)}`,
      `reconnect after offline → online (target ${TARGETS.reconnectMs} ms): median ${ms(result.reconnectMs.median)}, max ${ms(result.reconnectMs.max)} ${verdict(result.reconnectMs.median <= TARGETS.reconnectMs)}`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
    const outDir = path.join(repoRoot, 'bench-results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `web-${result.when.replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`\nwritten: ${path.relative(repoRoot, file)}\n`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
