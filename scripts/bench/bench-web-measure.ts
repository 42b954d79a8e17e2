/**
 * bench:web's measurements in the page (bench-web.ts runs them): the load until the hero is
 * tappable, bottom-nav tab switches, waiting until the app has settled, and a reconnect.
 */
import type { CDPSession, Page } from 'playwright-core';
import { telegramLaunchUrl } from '../../e2e/helpers/telegram-client.ts';

export function option(name: string): string | undefined {
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts), in bytes per second. */
export const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
/**
 * `--cpu=N` fixes the CPU slowdown at N×; without it bench-web.ts calibrates it to the host
 * (bench-web-calibrate.ts) and sets it here before the first load.
 */
export const FIXED_CPU_SLOWDOWN = option('cpu') === undefined ? undefined : Number(option('cpu'));
let cpuSlowdown = FIXED_CPU_SLOWDOWN ?? 4;
export function setCpuSlowdown(rate: number): void {
  cpuSlowdown = rate;
}
export function cpuSlowdownRate(): number {
  return cpuSlowdown;
}
/** `--network=none` drops the network profile (to tell network time from CPU time). */
export const NETWORK = option('network') ?? 'slow4g';
/** `--launch=browser` opens the bare URL (the development imitation of Telegram). */
export const LAUNCH = option('launch') ?? 'telegram';
if (LAUNCH !== 'telegram' && LAUNCH !== 'browser') throw new Error('--launch is telegram or browser');
/** `--waterfall` prints every load's requests with their start and end. */
export const WATERFALL = process.argv.includes('--waterfall');
/** `--cpu-prof=DIR` writes each warm load's and tab-switch round's CPU profiles there (DevTools' Performance panel). */
export const CPU_PROFILE_DIR = option('cpu-prof');
/** `--trace=DIR` records a performance trace of each warm load and of its tab switches (DevTools' Performance panel). */
export const TRACE_DIR = option('trace');
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];
/** What the probe logs once the hero is tappable. */
const TAPPABLE_MESSAGE = 'titans-bench:tappable';

/**
 * Installed before any page script: notes when the hero can be tapped (on screen, socket
 * connected), in the page's clock (ms since navigation start), and says so on the console. The
 * harness waits for that message rather than polling with `waitForFunction`: Playwright would
 * compile its own injected script in the page during the load, 200–250 ms of main thread at 4×
 * CPU that a player's phone never spends.
 */
export const TAPPABLE_PROBE = `(() => {
  // tsx keeps function names with a __name() helper that pages do not have.
  window.__name = window.__name || ((fn) => fn);
  // Layout shifts (CLS's sum), for readLayoutShift: pictures arriving must move nothing.
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
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
export function launchUrl(serverUrl: string): Promise<string> {
  return LAUNCH === 'browser' ? Promise.resolve('/') : telegramLaunchUrl(serverUrl);
}

export interface LoadResult {
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
  private readonly started = new Map<
    string,
    { at: number; url: string; priority: string; sentAt?: number }
  >();
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
      this.started.set(event.requestId, {
        at: since(event.timestamp),
        url: short(event.request.url),
        priority: event.request.initialPriority,
      });
    });
    // When the request left for the network: a request waits for one of HTTP/1.1's six connections.
    cdp.on('Network.responseReceived', (event) => {
      const start = this.started.get(event.requestId);
      const timing = event.response.timing;
      if (start && timing && timing.sendStart >= 0)
        start.sentAt = since(timing.requestTime + timing.sendStart / 1000);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const start = this.started.get(event.requestId);
      const info = this.types.get(event.requestId);
      if (!this.counting || !start) return;
      const from = info?.network === false ? ' (cache/worker)' : '';
      const sent =
        start.sentAt !== undefined && start.sentAt - start.at > 20 ? `, sent at ${start.sentAt} ms` : '';
      this.waterfall.push(
        `${start.at}–${since(event.timestamp)} ms ${start.url}${from} (${start.priority}${sent})`,
      );
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

export async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  if (NETWORK !== 'none') await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/** Loads Home in `page` and measures it until the hero is tappable. */
export async function measureLoad(page: Page, cdp: CDPSession, url: string): Promise<LoadResult> {
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

/** The layout shift the page has had since it opened (the sum of CLS's entries), once it has settled. */
export function readLayoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
}

/** Bottom-nav taps: from the click to the new screen painted, in the page's clock. */
export async function measureTabSwitches(page: Page): Promise<number[]> {
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
export async function waitUntilSettled(page: Page): Promise<void> {
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
export async function measureReconnect(page: Page, cdp: CDPSession): Promise<number> {
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

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
