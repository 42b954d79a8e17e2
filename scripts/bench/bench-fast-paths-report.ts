/**
 * Results of bench-fast-paths: one record per measured window (a variant in a round), the gain of
 * each path from the medians, the printed table and the JSON file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { median } from './bench-report.ts';
import type { PurchaseStats } from './purchase-driver.ts';
import type { PhaseCounts } from './tap-harness.ts';

/** Every fast path on (`all`), or the one path switched off. */
export type VariantName = string;
export const ALL_ON: VariantName = 'all';
/** A path that earns less than this on its benchmark is deleted (D-PLATFORM-3). */
export const KEEP_GAIN_PCT = 5;

/** One variant's window in one round. */
export interface VariantRecord {
  variant: VariantName;
  /** The FAST_PATHS value the server ran with. */
  fastPaths: string;
  round: number;
  /** Server CPU over the window (all its threads, from schedstat), per tap event the server counted. */
  cpuUsPerEvent: number;
  /** PostgreSQL backends' CPU per tap event (PostgreSQL only; /proc ticks, coarse). */
  dbCpuUsPerEvent: number | null;
  serverEvents: number;
  eventsPerSecond: number;
  serverCpuPct: number;
  replyP99: number;
  durableP99: number;
  /** Share of the whole machine used by other processes over the window, %. */
  othersPct: number;
  noisy: boolean;
  purchases: PurchaseStats | null;
  /** What broke (a variant with problems is reported, not measured). */
  problems: string[];
  seconds: number;
}

/** What one window measured. */
export interface WindowFigures {
  counts: PhaseCounts;
  /** Server CPU over the window, µs. */
  serverCpuUs: number;
  /** Tap events the server counted in the window. */
  serverEvents: number;
  /** PostgreSQL's CPU over the window, µs (null on PGlite). */
  dbCpuUs: number | null;
  othersPct: number;
}

type RecordBase = Pick<
  VariantRecord,
  'variant' | 'fastPaths' | 'round' | 'purchases' | 'problems' | 'seconds'
>;

/** One window's record; a window that never ran (the server did not start) has no figures. */
export function toRecord(
  base: RecordBase,
  window: WindowFigures | null,
  windowSeconds: number,
  noiseLimitPct: number,
): VariantRecord {
  const events = Math.max(1, window?.serverEvents ?? 0);
  return {
    ...base,
    cpuUsPerEvent: window ? window.serverCpuUs / events : Number.NaN,
    dbCpuUsPerEvent: window?.dbCpuUs != null ? window.dbCpuUs / events : null,
    serverEvents: window?.serverEvents ?? 0,
    eventsPerSecond: (window?.counts.events ?? 0) / windowSeconds,
    serverCpuPct: window ? (window.serverCpuUs / (windowSeconds * 1e6)) * 100 : Number.NaN,
    replyP99: window?.counts.reply.p99 ?? Number.NaN,
    durableP99: window?.counts.durable?.p99 ?? Number.NaN,
    othersPct: window?.othersPct ?? Number.NaN,
    noisy: (window?.othersPct ?? 0) > noiseLimitPct,
  };
}

export interface PathSummary {
  path: string;
  offUsPerEvent: number;
  onUsPerEvent: number;
  /** The median over rounds of (off − on) / off in that round, % */
  gainPct: number;
  /** The same gain within each round (the path's window against that round's all-on window). */
  roundGainsPct: number[];
  durableP99Off: number;
  durableP99On: number;
  noisyWindows: number;
  failedWindows: number;
  verdict: string;
}

export interface FastPathsResults {
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  database: string;
  machine: { cores: number; node: string; platform: string };
  options: Record<string, unknown>;
  records: VariantRecord[];
  summary: PathSummary[];
  /** Paths not measured here, with where they are. */
  elsewhere: Record<string, string>;
}

const clean = (records: VariantRecord[], variant: VariantName) =>
  records.filter((record) => record.variant === variant && record.problems.length === 0);

const gain = (off: number, on: number) => ((off - on) / off) * 100;

/** Gains and verdicts, one row per path switched off. */
export function summarise(records: VariantRecord[], paths: string[]): PathSummary[] {
  const on = clean(records, ALL_ON);
  const onMedian = median(on.map((record) => record.cpuUsPerEvent));
  return paths.map((name) => {
    const off = clean(records, name);
    const offMedian = median(off.map((record) => record.cpuUsPerEvent));
    const roundGainsPct = off.flatMap((record) => {
      const pair = on.find((other) => other.round === record.round);
      return pair ? [gain(record.cpuUsPerEvent, pair.cpuUsPerEvent)] : [];
    });
    const mine = records.filter((record) => record.variant === name);
    const failedWindows = mine.filter((record) => record.problems.length > 0).length;
    // Judged on the rounds' own gains, each against all-on in the same round: PGlite's data grows
    // through the run, so a path's median and all-on's come from different moments of it.
    const gainPct = roundGainsPct.length > 0 ? median(roundGainsPct) : gain(offMedian, onMedian);
    let verdict = gainPct >= KEEP_GAIN_PCT ? `keep (≥ ${KEEP_GAIN_PCT} %)` : `under ${KEEP_GAIN_PCT} %`;
    if (off.length === 0 || on.length === 0) verdict = 'not measured: every window failed';
    else if (failedWindows > 0) verdict += `; ${failedWindows} window(s) FAILED`;
    return {
      path: name,
      offUsPerEvent: offMedian,
      onUsPerEvent: onMedian,
      gainPct,
      roundGainsPct,
      durableP99Off: median(off.map((record) => record.durableP99)),
      durableP99On: median(on.map((record) => record.durableP99)),
      noisyWindows: mine.filter((record) => record.noisy).length,
      failedWindows,
      verdict,
    };
  });
}

const fmt = (value: number, digits = 1) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const last = widths.length - 1;
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 || column === last ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The log line of one window. */
export function windowLine(record: VariantRecord): string {
  const name = record.variant === ALL_ON ? 'all on' : `${record.variant} off`;
  return (
    `round ${record.round} ${name}: ${fmt(record.cpuUsPerEvent)} µs/event, ${fmt(record.eventsPerSecond, 0)} events/s, ` +
    `server ${fmt(record.serverCpuPct, 0)} % of a core, durable p99 ${fmt(record.durableP99)} ms, ` +
    `others ${fmt(record.othersPct)} %${record.noisy ? ' (noisy)' : ''}, ${fmt(record.seconds, 0)} s` +
    (record.problems.length > 0 ? `; !!!! ${record.problems.join(' | ')}` : '')
  );
}

export function renderFastPaths(results: FastPathsResults): string {
  const o = results.options;
  const rule = '='.repeat(110);
  const lines = [
    rule,
    `Fast paths — ${results.database}; ${results.machine.cores} cores, Node ${results.machine.node}`,
    `${o.rounds} round(s) (order alternating), ${o.players} players at ${o.rate} tap events/s in all, ` +
      `${o.purchases} REST changes/s; window ${o.seconds} s after ${o.warmupSeconds} s warm-up` +
      `${o.quick ? ', QUICK' : ''}; took ${fmt(results.durationSeconds, 0)} s`,
    rule,
    '',
    'Server CPU µs per tap event: median with the path off, with all on; gain = median over rounds of (off − on) / off, each round against its own all-on',
  ];
  const all = results.records.filter((record) => record.variant === ALL_ON);
  const rows: string[][] = [
    [
      'path',
      'off µs/event',
      'on µs/event',
      'gain %',
      'by round %',
      'durable p99 off/on ms',
      'noisy',
      'verdict',
    ],
  ];
  for (const row of results.summary)
    rows.push([
      row.path,
      fmt(row.offUsPerEvent),
      fmt(row.onUsPerEvent),
      fmt(row.gainPct),
      row.roundGainsPct.map((value) => fmt(value)).join(' '),
      `${fmt(row.durableP99Off)} / ${fmt(row.durableP99On)}`,
      String(row.noisyWindows),
      row.verdict,
    ]);
  for (const [name, where] of Object.entries(results.elsewhere))
    rows.push([name, '–', '–', '–', '', '', '', where]);
  lines.push(table(rows));
  lines.push(
    '',
    `all on, by round: ${all.map((record) => `${fmt(record.cpuUsPerEvent)} µs/event (others ${fmt(record.othersPct, 0)} %)`).join(', ')}`,
    `noisy: windows in which other processes used more than ${o.noiseLimitPct} % of the machine; ` +
      'the gains by round show whether they moved the median',
  );
  const failed = results.records.filter((record) => record.problems.length > 0);
  if (failed.length === 0)
    lines.push('correctness: every window checked (coins = ledger, taps written = accepted)');
  for (const record of failed)
    lines.push(`!!!! ${record.variant} round ${record.round}: ${record.problems.slice(0, 5).join(' | ')}`);
  lines.push(rule);
  return lines.join('\n');
}

export function writeFastPathsJson(results: FastPathsResults, kind: string, repoRoot: string): string {
  const folder = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(folder, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const file = path.join(folder, `fast-paths-${kind}-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
