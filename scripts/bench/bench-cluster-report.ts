/**
 * The figures of `npm run bench:cluster`: one record per measured window, the medians per setup,
 * the cluster's targets checked against them, and the kill-recovery times.
 */
import fs from 'node:fs';
import path from 'node:path';
import { mapParts, PARTS, type Part } from './bench-cluster-costs.ts';
import type { PvpFigures } from './bench-cluster-pvp.ts';
import { isFloor, SETUP_LABELS, type SetupName } from './bench-cluster-setup.ts';

export interface WindowRecord {
  setup: SetupName;
  round: number;
  windowMs: number;
  events: number;
  taps: number;
  rejected: number;
  /** CPU µs per tap event, by part. */
  perEvent: Record<Part, number>;
  /** Times the part's threads were put on a core, per tap event (each wake-up costs a switch). */
  slicesPerEvent: Record<Part, number>;
  /** The same setup just before, no taps: CPU µs per second by part, Redis commands per second. */
  idlePerSecond: Record<Part, number>;
  idleRedisPerSecond: number;
  replyP50: number;
  replyP99: number;
  durableP99: number;
  unreplied: number;
  unconfirmed: number;
  /** Redis commands in the window (harness's own left out), by command. */
  redisCalls: Record<string, number>;
  /** Share of the machine used by other processes (other sessions), %. */
  othersPct: number;
}

export interface KillRecord {
  playersCut: number;
  recovered: number;
  p50: number;
  p99: number;
  max: number;
  /** The same players' new handshakes through HAProxy, and initUser answered (owner taken). */
  connectedP50: number;
  connectedP99: number;
  readyP50: number;
  readyP99: number;
  reconnectMs: number;
}

export interface ClusterResults {
  started: string;
  build: string;
  options: Record<string, unknown>;
  windows: WindowRecord[];
  kill: KillRecord | null;
  pvp: string;
  pvpFigures: PvpFigures | null;
  checks: string[];
  mismatches: string[];
  problems: string[];
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Nearest-rank percentile (0..1) of a list. */
export function percentile(values: number[], rank: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(rank * sorted.length) - 1))] ?? Number.NaN;
}

const total = (perEvent: Record<Part, number>) => PARTS.reduce((sum, part) => sum + perEvent[part], 0);
export const redisCommands = (record: WindowRecord) =>
  Object.values(record.redisCalls).reduce((sum, calls) => sum + calls, 0);

interface SetupMedians {
  perEvent: Record<Part, number>;
  total: number;
  /** Per event above the idle cost of the same processes. */
  aboveIdle: Record<Part, number>;
  aboveIdleTotal: number;
  idleTotalPerSecond: number;
  tapsPerEvent: number;
  replyP50: number;
  replyP99: number;
  durableP99: number;
  redisPerTap: number;
  redisAboveIdlePerTap: number;
  redisPerEvent: number;
  othersPct: number;
  slicesPerEvent: Record<Part, number>;
}

/** CPU µs per event less what the same processes spent idle over as long. */
function aboveIdle(record: WindowRecord): Record<Part, number> {
  const events = Math.max(1, record.events);
  return mapParts(
    (part) => record.perEvent[part] - (record.idlePerSecond[part] * record.windowMs) / 1000 / events,
  );
}

function mediansOf(records: WindowRecord[]): SetupMedians {
  const perEvent = Object.fromEntries(
    PARTS.map((part) => [part, median(records.map((record) => record.perEvent[part]))]),
  );
  return {
    perEvent: { servers: 0, haproxy: 0, redis: 0, postgres: 0, ...perEvent },
    total: median(records.map((record) => total(record.perEvent))),
    tapsPerEvent: median(records.map((record) => record.taps / Math.max(1, record.events))),
    replyP50: median(records.map((record) => record.replyP50)),
    replyP99: median(records.map((record) => record.replyP99)),
    durableP99: median(records.map((record) => record.durableP99)),
    aboveIdle: mapParts((part) => median(records.map((record) => aboveIdle(record)[part]))),
    aboveIdleTotal: median(records.map((record) => total(aboveIdle(record)))),
    idleTotalPerSecond: median(records.map((record) => total(record.idlePerSecond))),
    redisPerTap: median(records.map((record) => redisCommands(record) / Math.max(1, record.taps))),
    redisAboveIdlePerTap: median(
      records.map(
        (record) =>
          (redisCommands(record) - (record.idleRedisPerSecond * record.windowMs) / 1000) /
          Math.max(1, record.taps),
      ),
    ),
    redisPerEvent: median(records.map((record) => redisCommands(record) / Math.max(1, record.events))),
    othersPct: median(records.map((record) => record.othersPct)),
    slicesPerEvent: mapParts((part) => median(records.map((record) => record.slicesPerEvent[part]))),
  };
}

const f1 = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const f3 = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '–');

/** The printed report; also answers whether every target was met. */
export function renderClusterReport(results: ClusterResults, flushMs: number): string {
  const setups = (['A', 'B', 'C', 'A0', 'C0'] as const).filter((name) =>
    results.windows.some((record) => record.setup === name),
  );
  const medians = new Map(
    setups.map((name) => [name, mediansOf(results.windows.filter((record) => record.setup === name))]),
  );
  const lines = [
    '',
    `bench:cluster — ${results.started}, build ${results.build}`,
    'This machine has 2 cores shared by the harness, every server process, HAProxy, Redis and PostgreSQL',
    '(and other sessions): the figures are costs per tap event and ratios between setups, not throughput.',
    `Medians of ${Math.max(...results.windows.map((record) => record.round))} rounds; CPU in µs per tap event (one \`tap\` message, ` +
      `${f1(medians.get('A')?.tapsPerEvent ?? Number.NaN)} taps on average).`,
    '',
    '| Setup | servers | HAProxy | Redis | PostgreSQL | total | reply p50 / p99 ms | durable p99 ms | Redis cmds per tap / per event | others % |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const name of setups) {
    const m = medians.get(name);
    if (!m) continue;
    lines.push(
      `| ${name}: ${name === 'C' && results.options.cProcesses === 1 ? 'ONE process behind HAProxy, in cluster mode with Redis' : SETUP_LABELS[name]} | ${PARTS.map((part) => f1(m.perEvent[part])).join(' | ')} | ${f1(m.total)} | ` +
        `${f1(m.replyP50)} / ${f1(m.replyP99)} | ${f1(m.durableP99)} | ` +
        `${name === 'C' ? `${f3(m.redisPerTap)} / ${f3(m.redisPerEvent)}` : '– (no Redis)'} | ${f1(m.othersPct)} |`,
    );
  }
  lines.push(
    '',
    'The same, less what the same processes cost idle (measured just before each window, no taps):',
    '',
    '| Setup | idle, µs CPU per s | servers | HAProxy | Redis | PostgreSQL | total above idle | Redis cmds per tap above idle |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const name of setups) {
    const m = medians.get(name);
    if (!m) continue;
    lines.push(
      `| ${name} | ${m.idleTotalPerSecond.toFixed(0)} | ${PARTS.map((part) => f1(m.aboveIdle[part])).join(' | ')} | ` +
        `${f1(m.aboveIdleTotal)} | ${name === 'C' ? f3(Math.max(0, m.redisAboveIdlePerTap)) : '–'} |`,
    );
  }
  const a = medians.get('A');
  const b = medians.get('B');
  const c = medians.get('C');
  // Each wake-up of a process (epoll returns, a preempted thread comes back) costs a context
  // switch and cold caches: fewer events per wake-up cost more CPU per event.
  lines.push(
    '',
    'Times put on a core per tap event (/proc schedstat; a wake-up or a return after preemption):',
    ...setups.flatMap((name) => {
      const m = medians.get(name);
      return m
        ? [
            `  ${name}: servers ${f3(m.slicesPerEvent.servers)}, HAProxy ${f3(m.slicesPerEvent.haproxy)}, PostgreSQL ${f3(m.slicesPerEvent.postgres)}`,
          ]
        : [];
    }),
  );
  lines.push('', 'Targets:');
  if (a && c) {
    const ratio = c.total / a.total;
    lines.push(
      `- CPU per tap event, C / A ≤ 1.2: ${ratio.toFixed(2)} (${ratio <= 1.2 ? 'met' : 'MISSED'}); ` +
        `servers alone ${(c.perEvent.servers / a.perEvent.servers).toFixed(2)}; above idle ` +
        `${(c.aboveIdleTotal / a.aboveIdleTotal).toFixed(2)} (servers ${(c.aboveIdle.servers / a.aboveIdle.servers).toFixed(2)})`,
      `  (C / B, the cluster with the balancer already paid: ${(c.total / (b?.total ?? Number.NaN)).toFixed(2)}, ` +
        `above idle ${(c.aboveIdleTotal / (b?.aboveIdleTotal ?? Number.NaN)).toFixed(2)})`,
      `  (without HAProxy, which usually runs on a machine of its own: C / A ${(
        (c.total - c.perEvent.haproxy) / (a.total - a.perEvent.haproxy)
      ).toFixed(
        2,
      )}, above idle ${((c.aboveIdleTotal - c.aboveIdle.haproxy) / (a.aboveIdleTotal - a.aboveIdle.haproxy)).toFixed(2)})`,
      `- Redis commands per tap in C < 0.05: ${f3(c.redisPerTap)} (${c.redisPerTap < 0.05 ? 'met' : 'MISSED'})`,
    );
  }
  const a0 = medians.get('A0');
  const c0 = medians.get('C0');
  if (a && c && a0 && c0) {
    const floor = c0.total / a0.total;
    lines.push(
      `- The floor, bare echoes in the same rotation: C0 / A0 ${floor.toFixed(2)} (servers alone ` +
        `${(c0.perEvent.servers / a0.perEvent.servers).toFixed(2)}, HAProxy ${f1(c0.perEvent.haproxy)} µs per event); ` +
        `Titans' C / A is ${(c.total / a.total / floor).toFixed(2)} × the floor's`,
    );
  }
  for (const name of setups) {
    const m = medians.get(name);
    // An echo makes nothing durable.
    if (m && !isFloor(name))
      lines.push(
        `- durable p99 ≤ flush ${flushMs} + 100 ms, ${name}: ${f1(m.durableP99)} ms (${m.durableP99 <= flushMs + 100 ? 'met' : 'MISSED'})`,
      );
  }
  lines.push(...perRound(results.windows));
  lines.push('', ...redisBreakdown(results.windows), '', ...killLines(results.kill), results.pvp, '');
  lines.push(`Checks: ${results.checks.length} passed, ${results.mismatches.length} mismatches`);
  for (const mismatch of results.mismatches) lines.push(`  !! ${mismatch}`);
  for (const problem of results.problems) lines.push(`  note: ${problem}`);
  return lines.join('\n');
}

/** C / A and C / B (and C0 / A0) within each round: neighbouring windows share the machine's state of the moment. */
function perRound(windows: WindowRecord[]): string[] {
  const rounds = [...new Set(windows.map((record) => record.round))];
  const ratios = (top: SetupName, over: SetupName) =>
    rounds.flatMap((round) => {
      const find = (name: SetupName) =>
        windows.find((record) => record.round === round && record.setup === name);
      const upper = find(top);
      const base = find(over);
      return upper && base ? [total(upper.perEvent) / total(base.perEvent)] : [];
    });
  const show = (list: number[]) =>
    `${list.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${median(list).toFixed(2)})`;
  const floor = ratios('C0', 'A0');
  return [
    `- CPU per tap event by round: C / A ${show(ratios('C', 'A'))}; C / B ${show(ratios('C', 'B'))}` +
      (floor.length > 0 ? `; C0 / A0 ${show(floor)}` : ''),
  ];
}

function redisBreakdown(windows: WindowRecord[]): string[] {
  const sums = new Map<string, number>();
  let taps = 0;
  for (const record of windows.filter((window) => window.setup === 'C')) {
    taps += record.taps;
    for (const [name, calls] of Object.entries(record.redisCalls))
      sums.set(name, (sums.get(name) ?? 0) + calls);
  }
  const top = [...sums].sort((x, y) => y[1] - x[1]).slice(0, 10);
  return [
    `Redis commands in C's windows (${taps} taps; commands run by Lua scripts count too):`,
    `  ${top.map(([name, calls]) => `${name} ${calls}`).join(', ') || 'none'}`,
  ];
}

function killLines(kill: KillRecord | null): string[] {
  if (!kill) return ['kill -9: not measured'];
  return [
    `kill -9 of one of C's two processes: ${kill.playersCut} players cut, ${kill.recovered} tapping again; ` +
      `kill → first accepted tap p50 ${f1(kill.p50)} ms, p99 ${f1(kill.p99)} ms, max ${f1(kill.max)} ms ` +
      `(clients retry every ${kill.reconnectMs} ms; the web app's first reconnect waits 1.5–4.5 s more)`,
    `  of which: socket connected again through HAProxy p50 ${f1(kill.connectedP50)} / p99 ${f1(kill.connectedP99)} ms, ` +
      `initUser answered p50 ${f1(kill.readyP50)} / p99 ${f1(kill.readyP99)} ms`,
  ];
}

/** Writes the results to bench-results/cluster-<time>.json; answers the path. */
export function writeClusterJson(repoRoot: string, results: ClusterResults): string {
  const dir = path.join(repoRoot, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `cluster-${results.started.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(results, null, 2));
  return file;
}
