/**
 * `npm run bench:cluster` — what running Titans as a cluster costs (docs/benchmarks.md, "The cluster"). One run,
 * one client harness, one load, three setups measured in alternating windows (the order rotates
 * each round), medians of the rounds:
 *   (A) one process reached directly (PostgreSQL, no Redis),
 *   (B) one process behind HAProxy (no Redis),
 *   (C) two processes behind HAProxy with Redis (the bench's own redis-server).
 * Each setup has its own fresh PostgreSQL database (dropped at the end) and its own players, who
 * tap over socket.io at a human pace through the setup's address. Per tap event it prints CPU µs
 * of the server processes, HAProxy, Redis and PostgreSQL, reply p50/p99, durable confirmation p99
 * and Redis commands per tap. Then (D) one of C's processes is killed (-9) under the same load
 * and each of its players is timed from the kill to its first accepted tap through HAProxy.
 *
 * Options (flags or environment):
 *   --players=N   BENCH_PLAYERS   players per setup (default 150)
 *   --seconds=N   BENCH_SECONDS   measuring window per phase (default 5)
 *   --idle-seconds=N              idle window before each (default 2): per-second costs with no taps
 *   --rounds=N    BENCH_ROUNDS    rounds of A, B, C (default 3)
 *   --flush-ms=N  BENCH_FLUSH_MS  the servers' TAP_FLUSH_INTERVAL_MS (default 200)
 *   --batch-ms=N                  the web app's tap batching (default 100, tap-pipeline.ts)
 *   --reconnect-ms=N              a cut player's retry interval (default 100)
 *   --pvp-pairs=N                 PvP pairs across processes, and as many within one (default 8)
 *   --c-processes=N               C's processes (default 2); 1 tells the cluster code's own cost
 *                                 apart from splitting the players over processes (D and E skipped)
 *   --floor                       two more setups in the rotation, the floor: (A0) a bare socket.io
 *                                 echo reached directly and (C0) two behind the same HAProxy, so
 *                                 C / A is read against what C0 / A0 costs on this machine
 *   --cpu-prof=DIR                every server writes a V8 CPU profile to DIR/<setup>/ when it
 *                                 stops (`npm run bench:profile` reads them); phases D and E are
 *                                 skipped, so the profiles hold the tap rounds alone
 * DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test).
 * Results: stdout and bench-results/cluster-<time>.json.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInitData } from '../../apps/server/src/auth/init-data.ts';
import { HAPROXY } from '../cluster/haproxy-config.ts';
import type { BenchPlayer } from './bench-cluster-clients.ts';
import { CpuMeter, mapParts, postgresPids, RedisStats } from './bench-cluster-costs.ts';
import { pvpPhase } from './bench-cluster-pvp.ts';
import { BenchRedis } from './bench-cluster-redis.ts';
import {
  type ClusterResults,
  type KillRecord,
  percentile,
  renderClusterReport,
  type WindowRecord,
  writeClusterJson,
} from './bench-cluster-report.ts';
import {
  type Balance,
  grantCoins,
  join,
  type Setup,
  type SetupName,
  startSetup,
  stopSetup,
} from './bench-cluster-setup.ts';
import { MachineWatch } from './machine-cpu.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const CPU_PROF_DIR = process.argv.find((arg) => arg.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length);
const BOT_TOKEN = '4242:bench-token';
const ADMIN_TOKEN = `bench-admin-${randomBytes(8).toString('hex')}`;
const WARMUP_MS = 1_000;
const DRAIN_MS = 3_000;
/** Phase D: tapping before the kill, and how long the cut players get to come back. */
const BEFORE_KILL_MS = 2_000;
const RECOVERY_DEADLINE_MS = 20_000;

function option(name: string, envName: string | null, fallback: number): number {
  const raw =
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ??
    (envName ? process.env[envName] : undefined);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const options = {
  players: Math.round(option('players', 'BENCH_PLAYERS', 150)),
  seconds: option('seconds', 'BENCH_SECONDS', 5),
  idleSeconds: option('idle-seconds', null, 2),
  rounds: Math.round(option('rounds', 'BENCH_ROUNDS', 3)),
  flushMs: Math.round(option('flush-ms', 'BENCH_FLUSH_MS', 200)),
  batchMs: Math.round(option('batch-ms', null, 100)),
  reconnectMs: Math.round(option('reconnect-ms', null, 100)),
  pvpPairs: Math.round(option('pvp-pairs', null, 8)),
  cProcesses: Math.max(1, Math.round(option('c-processes', null, 2))),
  /** `--floor`: A0 and C0 (bare echoes, bench-cluster-setup.ts) join the rotation. */
  floor: process.argv.includes('--floor'),
  /** A human pace (as bench-taps' open loop): 8–10 taps per second per player. */
  minRate: 8,
  maxRate: 10,
};

const log = (message: string) =>
  console.info(`[cluster ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const cores = os.availableParallelism();

/** Every process of the run, for the noise figure (the machine's busy time not ours). */
function ourPids(setups: Setup[], redis: BenchRedis) {
  const pids = [
    { name: 'harness', pid: process.pid },
    { name: 'redis', pid: redis.pid },
  ];
  for (const setup of setups) {
    const { servers, haproxy } = setup.pids();
    for (const pid of [...servers, ...haproxy]) pids.push({ name: setup.name, pid });
  }
  return pids;
}

/** CPU and Redis commands of one setup over `ms` while its players do what they are doing. */
function meterFor(setup: Setup, stats: RedisStats) {
  return new CpuMeter(
    () => ({ ...setup.pids(), postgres: postgresPids(setup.databaseName) }),
    setup.name === 'C' ? stats : null,
  );
}

const sumCalls = (calls: Map<string, number>) => [...calls.values()].reduce((sum, n) => sum + n, 0);

/**
 * One slot of one setup: first idle (connected players, no taps: what its processes cost by the
 * second), then its players tap through the measuring window while the other setups idle.
 */
async function measure(setup: Setup, round: number, all: Setup[], redis: BenchRedis, stats: RedisStats) {
  const meter = meterFor(setup, stats);
  const idleMs = options.idleSeconds * 1000;
  await meter.begin();
  await sleep(idleMs);
  const idle = await meter.end();
  const watch = new MachineWatch(cores);
  const windowMs = options.seconds * 1000;
  setup.pool.start(WARMUP_MS, windowMs);
  await sleep(WARMUP_MS);
  await meter.begin();
  watch.start(ourPids(all, redis), () =>
    all.flatMap((each) => postgresPids(each.databaseName).map((pid) => ({ name: 'postgres', pid }))),
  );
  await sleep(windowMs);
  const machine = watch.stop();
  const costs = await meter.end();
  const figures = await setup.pool.stop(DRAIN_MS);
  const events = Math.max(1, figures.events);
  const record: WindowRecord = {
    setup: setup.name,
    round,
    windowMs,
    events: figures.events,
    taps: figures.tapsAccepted,
    rejected: figures.rejected,
    perEvent: mapParts((part) => costs.cpuUs[part] / events),
    slicesPerEvent: mapParts((part) => costs.slices[part] / events),
    idlePerSecond: mapParts((part) => idle.cpuUs[part] / options.idleSeconds),
    idleRedisPerSecond: sumCalls(idle.redisCalls) / options.idleSeconds,
    replyP50: figures.reply.p50,
    replyP99: figures.reply.p99,
    durableP99: figures.durable.p99,
    unreplied: figures.unreplied,
    unconfirmed: figures.unconfirmed,
    redisCalls: Object.fromEntries(costs.redisCalls),
    othersPct: machine.othersPct,
  };
  const { servers, haproxy, redis: redisUs, postgres } = record.perEvent;
  log(
    `round ${round} ${setup.name}: ${record.events} events, ${record.taps} taps; µs/event servers ${servers.toFixed(1)} ` +
      `HAProxy ${haproxy.toFixed(1)} Redis ${redisUs.toFixed(1)} PostgreSQL ${postgres.toFixed(1)}; reply p99 ` +
      `${record.replyP99.toFixed(1)} ms, durable p99 ${record.durableP99.toFixed(1)} ms; Redis cmds ` +
      `${sumCalls(costs.redisCalls)} (idle ${record.idleRedisPerSecond.toFixed(1)}/s); others ${record.othersPct.toFixed(0)} %`,
  );
  if (figures.unreplied > 0 || figures.unconfirmed > 0)
    log(
      `  ${figures.unreplied} batches unanswered, ${figures.unconfirmed} not confirmed durable after the drain`,
    );
  return record;
}

/** (D): C's players tap; its second process is killed; each cut player is timed back to an accepted tap. */
async function killPhase(c: Setup): Promise<KillRecord> {
  const pool = c.pool;
  pool.start(0, BEFORE_KILL_MS + RECOVERY_DEADLINE_MS);
  await sleep(BEFORE_KILL_MS);
  const victim = c.cluster.servers[1];
  if (!victim) throw new Error('C has no second process');
  pool.markCut(performance.now());
  await c.cluster.kill(victim.name);
  const deadline = performance.now() + RECOVERY_DEADLINE_MS;
  // Disconnects arrive within milliseconds of the kill; then wait for every cut player to come back.
  await sleep(500);
  while (performance.now() < deadline) {
    const cut = pool.players.filter((player) => player.cut);
    if (cut.length > 0 && cut.every((player) => player.backAfterMs !== null)) break;
    await sleep(50);
  }
  await sleep(1_000);
  await pool.stop(DRAIN_MS * 2);
  const cut = pool.players.filter((player) => player.cut);
  const times = (pick: (player: BenchPlayer) => number | null) =>
    cut.flatMap((player) => {
      const ms = pick(player);
      return ms === null ? [] : [ms];
    });
  const back = times((player) => player.backAfterMs);
  const connected = times((player) => player.connectedAfterMs);
  const ready = times((player) => player.readyAfterMs);
  const record: KillRecord = {
    playersCut: cut.length,
    recovered: back.length,
    p50: percentile(back, 0.5),
    p99: percentile(back, 0.99),
    max: Math.max(...back),
    connectedP50: percentile(connected, 0.5),
    connectedP99: percentile(connected, 0.99),
    readyP50: percentile(ready, 0.5),
    readyP99: percentile(ready, 0.99),
    reconnectMs: options.reconnectMs,
  };
  log(
    `kill -9 ${victim.name}: ${record.playersCut} players cut, ${record.recovered} back; p50 ${record.p50.toFixed(0)} ms, p99 ${record.p99.toFixed(0)} ms`,
  );
  return record;
}

/** (E): PvP hits across C's two processes against within one. */
async function measurePvp(c: Setup, firstId: number, results: ClusterResults): Promise<string> {
  const candidates = Array.from({ length: options.pvpPairs * 6 }, (_, index) => {
    const telegramId = firstId + index;
    return { telegramId, initData: signInitData({ id: telegramId, first_name: 'Bench' }, BOT_TOKEN) };
  });
  const figures = await pvpPhase(
    c,
    candidates,
    options.pvpPairs,
    options.seconds * 1000,
    (telegramId) => grantCoins(c, telegramId, 10_000, ADMIN_TOKEN),
    (text) => results.problems.push(text),
  );
  results.pvpFigures = figures;
  const { cross, same } = figures;
  return (
    `pvp: tap → opponent's pvpHealthUpdate, across processes p50 ${cross.p50.toFixed(1)} / p99 ${cross.p99.toFixed(1)} ms ` +
    `(${cross.pairs} pairs, ${cross.samples} hits) against one process p50 ${same.p50.toFixed(1)} / p99 ` +
    `${same.p99.toFixed(1)} ms (${same.pairs} pairs, ${same.samples} hits): p99 ${(cross.p99 / same.p99).toFixed(2)} ×`
  );
}

/**
 * After the processes stopped (drained, flushed): each player's coins equal their ledger, and the
 * coins the server answered for their taps; in C (killed), no batch confirmed durable was lost.
 */
function expectBalances(results: ClusterResults) {
  return (setup: Setup, balances: Map<number, Balance>) => {
    let wrong = 0;
    let lost = 0;
    for (const player of setup.pool.players) {
      const balance = balances.get(player.identity.telegramId);
      const coins = balance?.coins ?? Number.NaN;
      if (balance?.ledger !== coins || coins !== player.acceptedValue()) wrong++;
      if (!(coins >= player.confirmedValue())) lost++;
    }
    const label = `${setup.name}: ${setup.pool.players.length} players`;
    const others = setup.otherPlayers.filter((id) => {
      const balance = balances.get(id);
      return !balance || balance.coins !== balance.ledger;
    });
    if (setup.otherPlayers.length > 0 && others.length === 0)
      results.checks.push(`${setup.name}: ${setup.otherPlayers.length} PvP players: coins = ledger`);
    if (others.length > 0)
      results.mismatches.push(`${setup.name}: ${others.length} PvP players with coins ≠ ledger`);
    if (wrong === 0) results.checks.push(`${label}: coins = ledger = accepted taps' coins`);
    else results.mismatches.push(`${label}: ${wrong} with coins ≠ ledger or ≠ the accepted taps' coins`);
    if (lost === 0) results.checks.push(`${label}: nothing confirmed durable was lost`);
    else results.mismatches.push(`${label}: ${lost} lost coins confirmed durable`);
  };
}

/** What a Ctrl-C must stop and drop: the setups started so far and the bench's Redis. */
const running: { setups: Setup[]; redis: BenchRedis | null } = { setups: [], redis: null };
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // npm and tsx relay the signal too: the first one does the clean-up, bounded in time.
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the setups and dropping their databases`);
    const cleanup = Promise.all(
      running.setups.map(async (setup) => {
        setup.pool.close();
        await setup.cluster.stop();
        await setup.database.dispose();
      }),
    ).then(() => running.redis?.stop());
    void Promise.race([cleanup, sleep(25_000)]).then(() => process.exit(130));
  });
}

/** Starts A, B and C one after another (their processes boot; C's migrate one at a time). */
async function startSetups(setups: Setup[], redis: BenchRedis, firstId: number, runTag: string) {
  const names: SetupName[] = options.floor ? ['A', 'B', 'C', 'A0', 'C0'] : ['A', 'B', 'C'];
  for (const [index, name] of names.entries()) {
    setups.push(
      await startSetup(name, {
        adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
        redisUrl: redis.url,
        keyPrefix: `bench-${runTag}:`,
        botToken: BOT_TOKEN,
        adminToken: ADMIN_TOKEN,
        flushMs: options.flushMs,
        players: options.players,
        // PvP's players come after the first three setups' (measurePvp).
        firstTelegramId: firstId + (index < 3 ? index : index + 2) * options.players,
        runTag,
        pace: { minRate: options.minRate, maxRate: options.maxRate, batchMs: options.batchMs },
        reconnectMs: options.reconnectMs,
        cProcesses: options.cProcesses,
        ...(CPU_PROF_DIR ? { cpuProfDir: path.resolve(CPU_PROF_DIR, name) } : {}),
      }),
    );
    log(`${name} up at ${setups.at(-1)?.url}`);
  }
}

/** A warm-up load per setup, then the measured rounds. */
async function runRounds(setups: Setup[], redis: BenchRedis, stats: RedisStats): Promise<WindowRecord[]> {
  // Each process's first load runs cold code (JIT, pools): a short unmeasured load for each setup.
  for (const setup of setups) {
    setup.pool.start(0, 0);
    await sleep(WARMUP_MS * 2);
    await setup.pool.stop(DRAIN_MS);
  }
  const windows: WindowRecord[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    // The order rotates (ABC, BCA, CAB) so a drift of the machine does not favour one setup.
    for (let step = 0; step < setups.length; step++) {
      const setup = setups[(round - 1 + step) % setups.length];
      if (setup) windows.push(await measure(setup, round, setups, redis, stats));
    }
  }
  return windows;
}

/** The commit under test; BENCH_BUILD names it where there is no .git (an exported snapshot). */
function buildName(): string {
  if (process.env.BENCH_BUILD) return process.env.BENCH_BUILD;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  for (const binary of [HAPROXY, '/usr/bin/redis-server'])
    if (!fs.existsSync(binary))
      throw new Error(`${binary} is missing (apt-get install haproxy redis-server)`);
  const started = new Date().toISOString();
  const build = buildName();
  const runTag = randomBytes(3).toString('hex');
  const results: ClusterResults = {
    started,
    build,
    options,
    windows: [],
    kill: null,
    pvp: 'pvp: not measured',
    pvpFigures: null,
    checks: [],
    mismatches: [],
    problems: [],
  };
  log(
    `options ${JSON.stringify(options)}; ${cores} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  const redis = await BenchRedis.start();
  running.redis = redis;
  const stats = await RedisStats.open(redis.url);
  const firstId = 800_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const setups = running.setups;
  try {
    await startSetups(setups, redis, firstId, runTag);
    await Promise.all(setups.map((setup) => join(setup, runTag)));
    log(`${options.players} players registered and connected per setup`);
    results.windows.push(...(await runRounds(setups, redis, stats)));
    const c = setups.find((setup) => setup.name === 'C');
    if (c && !CPU_PROF_DIR && options.cProcesses > 1) {
      results.pvp = await measurePvp(c, firstId + 3 * options.players, results);
      log(results.pvp);
      results.kill = await killPhase(c);
    }
  } finally {
    await stats.close();
    for (const setup of setups) {
      results.problems.push(...setup.pool.problems.slice(0, 5));
      await stopSetup(setup, expectBalances(results)).catch((error: unknown) =>
        results.mismatches.push(`${setup.name}: stopping or reading balances failed: ${String(error)}`),
      );
    }
    await redis.stop();
  }
  console.info(renderClusterReport(results, options.flushMs));
  log(`results: ${writeClusterJson(repoRoot, results)}`);
  return results.mismatches.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
