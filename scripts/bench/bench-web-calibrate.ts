/**
 * bench:web's CPU calibration: the slowdown that makes this host's Chromium run script as fast as
 * a reference low-end phone, instead of a fixed multiplier of whatever the host is. DevTools'
 * "4×" is relative to the machine: on a slower or busier host the app's main-thread work grows
 * with it while the floor, mostly network, barely moves, so figures of different days did not
 * compare (decisions D-WEB-48).
 *
 * The yardstick is Lighthouse's BenchmarkIndex (Lighthouse core/lib/page-functions.js), a score
 * of how fast a page's main thread builds strings (with garbage collection) and copies arrays
 * (without): DevTools' own CPU calibration (panels/mobile_throttling) uses it, and it calls a
 * score of 264 a low-tier phone (Moto G Power 2022). The bench measures the score in a blank page
 * without throttling, then searches for the rate at which the score is the target.
 */
import type { Browser, CDPSession } from 'playwright-core';

/** DevTools' low-tier mobile device (CalibrationController: Moto G Power 2022). */
export const LOW_TIER_PHONE_INDEX = 264;

/**
 * Lighthouse's BenchmarkIndex measured in the page, each half for `halfMs` of the page's clock:
 * string builds (10,000 characters, a GC-heavy loop) and copies of 100,000 integers between two
 * arrays, each counted per second and divided by 10, averaged. Higher is faster.
 */
const BENCHMARK_INDEX = `(halfMs) => {
  const perSecond = (runs, startedAt) => Math.round(runs / 10 / ((Date.now() - startedAt) / 1000));
  let startedAt = Date.now();
  let builds = 0;
  while (Date.now() - startedAt < halfMs) {
    let text = '';
    for (let i = 0; i < 10000; i++) text += 'a';
    // Keeps the optimiser from dropping the loop.
    if (text.length === 1) throw new Error('unreachable');
    builds++;
  }
  const gc = perSecond(builds, startedAt);
  const one = [];
  const other = [];
  for (let i = 0; i < 100000; i++) one[i] = other[i] = i;
  startedAt = Date.now();
  let copies = 0;
  // The clock is read every tenth copy only, as Lighthouse does.
  while (copies % 10 !== 0 || Date.now() - startedAt < halfMs) {
    const from = copies % 2 === 0 ? one : other;
    const to = copies % 2 === 0 ? other : one;
    for (let i = 0; i < from.length; i++) to[i] = from[i];
    copies++;
  }
  return (gc + perSecond(copies, startedAt)) / 2;
}`;

/** How long each half of one measurement runs (the page's clock, throttled or not). */
const HALF_MS = 500;

export interface Calibration {
  /** The host's score without throttling (the best of three). */
  hostIndex: number;
  /** The score the emulated phone is to have. */
  targetIndex: number;
  /** The CPU throttling rate chosen. */
  rate: number;
  /** The score measured at that rate. */
  indexAtRate: number;
}

async function scoreAt(cdp: CDPSession, rate: number): Promise<number> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: `(${BENCHMARK_INDEX})(${HALF_MS})`,
    returnByValue: true,
  });
  if (exceptionDetails || typeof result.value !== 'number') throw new Error('the benchmark index failed');
  return result.value;
}

/**
 * Finds the throttling rate at which this host scores `targetIndex`: the host's best of three
 * unthrottled scores gives the first guess (score falls about as 1/rate), then up to four
 * measured corrections until the score is within 5 % of the target.
 */
export async function calibrateCpu(
  browser: Browser,
  targetIndex = LOW_TIER_PHONE_INDEX,
): Promise<Calibration> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The first run warms the engine up; the best of the next three is the host's speed.
    await scoreAt(cdp, 1);
    const hostScores = [await scoreAt(cdp, 1), await scoreAt(cdp, 1), await scoreAt(cdp, 1)];
    const hostIndex = Math.max(...hostScores);
    if (hostIndex <= targetIndex) return { hostIndex, targetIndex, rate: 1, indexAtRate: hostIndex };
    let rate = hostIndex / targetIndex;
    let indexAtRate = await scoreAt(cdp, rate);
    for (let step = 0; step < 4 && Math.abs(indexAtRate / targetIndex - 1) > 0.05; step++) {
      rate = Math.max(1, rate * (indexAtRate / targetIndex));
      indexAtRate = await scoreAt(cdp, rate);
    }
    return { hostIndex, targetIndex, rate: Math.round(rate * 100) / 100, indexAtRate };
  } finally {
    await context.close();
  }
}

/** The calibration's line in the bench's output. */
export function describeCalibration(calibration: Calibration): string {
  const { hostIndex, targetIndex, rate, indexAtRate } = calibration;
  return `CPU calibrated: host BenchmarkIndex ${Math.round(hostIndex)} unthrottled; ${rate}x slowdown gives ${Math.round(indexAtRate)} (target ${targetIndex}, a low-tier phone)`;
}
