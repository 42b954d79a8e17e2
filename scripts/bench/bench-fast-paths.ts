/**
 * `npm run bench:fast-paths` — what each fenced fast path (D-PLATFORM-1 to 3) saves the server:
 * the real server started once per variant and window, `FAST_PATHS=on` and, for each path, every
 * path but that one, each driven by the same fixed open-loop load (players tapping over socket.io
 * through bench-taps' harness, one event per tap, while other players make REST balance changes,
 * as bench-taps' mixed phase). The figure is server CPU µs per tap event; the gain of a path is
 * the median over rounds of (off − all-on) / off within the round, so the drift between rounds (a
 * busier machine, PGlite's growing data) cancels. Rounds alternate the order (in order, reversed,
 * in order…), so drift within a round hits every variant alike. After each window
 * the variant is checked as bench-taps checks (coins pushed = stored = the start + what replies
 * accepted, taps and coins the server counted, ledger and total_taps after it stopped, each
 * purchaser's coins, ledger and levels): a variant that breaks something is reported, not measured.
 * adapter-broadcast works only between processes with Redis: `npm run bench:cluster` measures it.
 *
 * Options (flags):
 *   --quick             one round, short windows, few players: a smoke run
 *   --rounds=N          rounds of every variant (default 3)
 *   --players=N         tapping players (default 200)
 *   --rate=N            tap events per second from all of them (default 1,500)
 *   --seconds=N         measuring window (default 8), after --warmup-seconds=N (default 3)
 *   --purchases=N       REST balance changes per second alongside (default 40; 0: taps alone)
 *   --purchasers=N      players making them, new ones for every window (default 30)
 *   --paths=a,b         measure only these paths (against all on)
 * With DATABASE_URL the server uses a throw-away PostgreSQL database (the PGlite paths are then
 * left out); otherwise PGlite in a temp folder. Results: stdout and bench-results/fast-paths-*.json.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { FAST_PATH_NAMES } from '../../apps/server/src/config/config-types.ts';
import { SERVER_NODE_ARGS } from '../../apps/server/src/server-launch.ts';
import { processSched } from './bench-cluster-costs.ts';
import {
  type BenchDatabase,
  type LedgerTotals,
  pgliteBenchDatabase,
  postgresBenchDatabase,
} from './bench-database.ts';
import { checkLedger, checkTaps, PURCHASER_FUNDS, type Tally } from './bench-fast-paths-checks.ts';
import {
  ALL_ON,
  type FastPathsResults,
  renderFastPaths,
  summarise,
  toRecord,
  type VariantRecord,
  type WindowFigures,
  windowLine,
  writeFastPathsJson,
} from './bench-fast-paths-report.ts';
import { identities, registerUsers } from './bench-users.ts';
import { findProcesses, MachineWatch } from './machine-cpu.ts';
import { PurchaseDriver } from './purchase-driver.ts';
import { killAllChildren, type ServerChild, type ServerMetrics, startServerChild } from './server-child.ts';
import { type ClientIdentity, TapHarness } from './tap-harness.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const BOT_TOKEN = '4242:bench-token';
const METRICS_TOKEN = `bench-metrics-${randomBytes(8).toString('hex')}`;
/** A window in which other processes used more of the machine than this is flagged noisy. */
const NOISE_LIMIT_PCT = 15;
/** Only used between processes with Redis; bench:cluster measures it. */
const ELSEWHERE = { 'adapter-broadcast': 'measured by bench:cluster (Redis, two processes)' };

function option(name: string, fallback: number, min = 1): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number ≥ ${min}`);
  return value;
}

const quick = process.argv.includes('--quick');
const options = {
  quick,
  rounds: Math.round(option('rounds', quick ? 1 : 3)),
  players: Math.round(option('players', quick ? 40 : 200)),
  rate: option('rate', quick ? 200 : 1500),
  seconds: option('seconds', quick ? 2 : 8),
  warmupSeconds: option('warmup-seconds', quick ? 1 : 3, 0),
  purchases: option('purchases', quick ? 10 : 40, 0),
  purchasers: Math.round(option('purchasers', quick ? 5 : 30)),
  flushMs: 200,
  noiseLimitPct: NOISE_LIMIT_PCT,
  paths: process.argv
    .find((arg) => arg.startsWith('--paths='))
    ?.slice('--paths='.length)
    .split(',')
    .map((name) => name.trim()),
};

const log = (message: string) =>
  console.info(`[fast-paths ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const cores = os.availableParallelism();

interface Variant {
  name: string;
  fastPaths: string;
}

/** All on, then each path measured here switched off alone. */
function variantsFor(database: BenchDatabase): Variant[] {
  for (const name of options.paths ?? [])
    if (!FAST_PATH_NAMES.some((known) => known === name))
      throw new Error(`--paths: unknown ${name}; known: ${FAST_PATH_NAMES.join(', ')}`);
  const measured = FAST_PATH_NAMES.filter(
    (name) =>
      !(name in ELSEWHERE) &&
      (options.paths?.includes(name) ?? true) &&
      // PostgreSQL never takes the PGlite paths: switching one off changes nothing.
      !(database.kind === 'postgres' && name.startsWith('pglite-')),
  );
  return [
    { name: ALL_ON, fastPaths: 'on' },
    ...measured.map((off) => ({ name: off, fastPaths: FAST_PATH_NAMES.filter((n) => n !== off).join(',') })),
  ];
}

// --- cleanup -------------------------------------------------------------------------------------

let database: BenchDatabase | null = null;
let disposing: Promise<void> | null = null;
const disposeDatabase = () => {
  disposing ??= database
    ? database.dispose().catch((error) => console.error('cleanup failed:', error))
    : null;
  return disposing ?? Promise.resolve();
};
process.on('exit', () => void killAllChildren());
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the server and removing the bench database`);
    const cleanup = killAllChildren().then(disposeDatabase);
    void Promise.race([cleanup, sleep(5000)]).then(() => process.exit(130));
  });
}

// --- one server, one window ----------------------------------------------------------------------

function startReal(db: BenchDatabase, fastPaths: string): Promise<ServerChild> {
  return startServerChild({
    name: 'server',
    cwd: repoRoot,
    // As `npm run serve` starts it (apps/server/src/server-launch.ts).
    args: [...SERVER_NODE_ARGS],
    env: {
      FAST_PATHS: fastPaths,
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      TAP_FLUSH_INTERVAL_MS: String(options.flushMs),
      // Every simulated player shares this one address: lift the per-address limit only.
      RATE_LIMIT_ADDRESS: '10000000',
      ...db.serverEnv,
    },
    metricsToken: METRICS_TOKEN,
    // A loaded shared machine has needed more than the default to start a server.
    healthTimeoutMs: 180_000,
  });
}

/** Before a window: waits (at most 8 s, 60 s over the run) while other processes keep the machine busy. */
let quietBudgetMs = (quick ? 10 : 60) * 1000;
async function quietMachine() {
  const started = performance.now();
  for (;;) {
    const watch = new MachineWatch(cores);
    watch.start([{ name: 'harness', pid: process.pid }]);
    await sleep(500);
    const waited = performance.now() - started;
    if (watch.stop().othersPct <= NOISE_LIMIT_PCT || waited > Math.min(8_000, quietBudgetMs)) {
      quietBudgetMs -= waited;
      return;
    }
  }
}

/** The fixed load through the window: open-loop taps (and REST changes), CPU read at both ends. */
async function measureWindow(
  db: BenchDatabase,
  server: ServerChild,
  harness: TapHarness,
  driver: PurchaseDriver | null,
) {
  const watch = new MachineWatch(cores);
  const ours = [
    { name: 'harness', pid: process.pid },
    { name: 'server', pid: server.pid },
  ];
  const pattern = db.processPattern;
  const discover = () => (pattern ? findProcesses(pattern).map((pid) => ({ name: 'postgres', pid })) : []);
  const ends: {
    start?: [number, Promise<ServerMetrics>];
    end?: [number, Promise<ServerMetrics>];
    others?: number;
    dbUs?: number;
  } = {};
  const perPlayer = options.rate / options.players;
  const warmupMs = options.warmupSeconds * 1000;
  const windowMs = options.seconds * 1000;
  const [counts] = await Promise.all([
    harness.run({
      clients: options.players,
      shape: { kind: 'open', minRate: perPlayer * 0.9, maxRate: perPlayer * 1.1, batchMs: 0 },
      warmupMs,
      windowMs,
      drainMs: 5_000,
      onWindowStart: () => {
        watch.start(ours, discover);
        ends.start = [processSched(server.pid)?.ns ?? 0, server.metrics()];
      },
      onWindowEnd: () => {
        ends.end = [processSched(server.pid)?.ns ?? 0, server.metrics()];
        const cpu = watch.stop();
        ends.others = cpu.othersPct;
        ends.dbUs = cpu.perProcessCpuUs.postgres ?? 0;
      },
    }),
    driver?.run(warmupMs + windowMs, options.purchases, 0),
  ]);
  if (!ends.start || !ends.end) throw new Error('window hooks did not run');
  const [m0, m1] = await Promise.all([ends.start[1], ends.end[1]]);
  // A /metrics request waits in the server's queue: trust its counts only when answered in order.
  const serverEvents = m1.uptime > m0.uptime ? m1.taps.tapEvents - m0.taps.tapEvents : counts.events;
  return {
    counts,
    serverCpuUs: (ends.end[0] - ends.start[0]) / 1000,
    serverEvents,
    dbCpuUs: pattern ? (ends.dbUs ?? 0) : null,
    othersPct: ends.others ?? 0,
  } satisfies WindowFigures;
}

// --- the run -------------------------------------------------------------------------------------

interface RunContext {
  db: BenchDatabase;
  runTag: string;
  tappers: ClientIdentity[];
  /** Totals after the last server stopped. */
  ledger: LedgerTotals;
}

/** One variant in one round: a fresh server, the load, the checks. */
async function runVariant(
  context: RunContext,
  variant: Variant,
  round: number,
  purchasers: ClientIdentity[],
) {
  const { db, tappers } = context;
  const problems: string[] = [];
  const tally: Tally = { coins: 0, taps: 0 };
  let window: WindowFigures | null = null;
  let driver: PurchaseDriver | null = null;
  let server: ServerChild | null = null;
  const started = performance.now();
  await quietMachine();
  try {
    server = await startReal(db, variant.fastPaths);
    const harness = new TapHarness({ name: 'real', url: server.url, durable: true }, tappers.length);
    // Fresh client ids: the server keeps each one's batch numbers.
    await harness.connect(tappers, `${context.runTag}-${round}-${variant.name}`);
    const startCoins = harness.clients.map((client) => client.coins);
    if (purchasers.length > 1)
      driver = new PurchaseDriver(server.url, purchasers.slice(0, -1), purchasers.at(-1)!);
    window = await measureWindow(db, server, harness, driver);
    await checkTaps(server, harness, tappers, startCoins, tally, problems);
    await harness.close();
  } catch (error) {
    problems.push(`failed: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`);
  }
  const exitCode = await server?.stop();
  if (server && exitCode !== 0)
    problems.push(`server exited with ${exitCode}: ${server.output().slice(-500)}`);
  context.ledger = await checkLedger(db, context.ledger, tally, driver, problems);
  const seconds = (performance.now() - started) / 1000;
  const base = { variant: variant.name, fastPaths: variant.fastPaths, round, problems, seconds };
  return toRecord({ ...base, purchases: driver?.stats() ?? null }, window, options.seconds, NOISE_LIMIT_PCT);
}

/** Registers every player with an all-on server, then funds the purchasers while it is stopped. */
async function setUp(db: BenchDatabase, players: ClientIdentity[], purchasers: ClientIdentity[]) {
  const server = await startReal(db, 'on');
  const started = performance.now();
  await registerUsers(server.url, players);
  log(`registered ${players.length} players in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if ((await server.stop()) !== 0)
    throw new Error(`set-up server did not stop cleanly:\n${server.output().slice(-2000)}`);
  // No route creates money: the purchasers are funded through the ledger while the server is down.
  if (purchasers.length > 0)
    await db.fund(
      purchasers.map((player) => player.telegramId),
      PURCHASER_FUNDS,
    );
}

async function main(): Promise<number> {
  const started = new Date();
  database = process.env.DATABASE_URL
    ? await postgresBenchDatabase(process.env.DATABASE_URL)
    : await pgliteBenchDatabase();
  const db = database;
  const variants = variantsFor(db);
  log(
    `database: ${db.label}; ${variants.length} variants × ${options.rounds} rounds; ${JSON.stringify(options)}`,
  );
  const firstId = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const tappers = identities(firstId, options.players, BOT_TOKEN);
  // New purchasers for every window, so each one meets upgrade levels at 0 (the same REST work).
  const perWindow = options.purchases > 0 ? options.purchasers + 1 : 0;
  const windows = variants.length * options.rounds;
  const purchasers = identities(firstId + options.players, perWindow * windows, BOT_TOKEN);
  await setUp(db, [...tappers, ...purchasers], purchasers);
  const context: RunContext = {
    db,
    runTag: randomBytes(3).toString('hex'),
    tappers,
    ledger: await db.totals(),
  };
  const records: VariantRecord[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    // Alternating: in order, reversed, in order…
    const order = round % 2 === 1 ? variants : [...variants].reverse();
    for (const variant of order) {
      const slice = purchasers.slice(records.length * perWindow, (records.length + 1) * perWindow);
      records.push(await runVariant(context, variant, round, slice));
      log(windowLine(records.at(-1)!));
    }
  }
  const finished = new Date();
  const results: FastPathsResults = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationSeconds: (finished.getTime() - started.getTime()) / 1000,
    database: db.label,
    machine: { cores, node: process.version, platform: `${os.platform()} ${os.release()}` },
    options,
    records,
    summary: summarise(
      records,
      variants.filter((variant) => variant.name !== ALL_ON).map((variant) => variant.name),
    ),
    elsewhere: ELSEWHERE,
  };
  console.info(`\n${renderFastPaths(results)}`);
  console.info(
    `results written to ${path.relative(repoRoot, writeFastPathsJson(results, db.kind, repoRoot))}`,
  );
  return records.some((record) => record.problems.length > 0) ? 1 : 0;
}

main()
  .then(async (code) => {
    await disposeDatabase();
    process.exit(code);
  })
  .catch(async (error) => {
    if (interrupted) return;
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await killAllChildren();
    await disposeDatabase();
    process.exit(2);
  });
