/**
 * `npm run bench:battles` — the Arena under load: N concurrent bot battles and N/2 PvP pairs,
 * every player tapping its live target at 8–10 taps/s, against a bare socket.io echo server
 * measured in the same run with as many clients tapping as often (taps → one reply each). Options:
 *   --players=N   BENCH_PLAYERS  players per kind (default 200: 200 bot battles + 100 PvP pairs)
 *   --seconds=N   BENCH_SECONDS  each server's measured time (default 15)
 *   --turns                      the two servers take 3 s turns instead (see TURNS below)
 *   --cpu-prof=DIR               V8 CPU profiles of both servers (see below)
 * With DATABASE_URL the server uses a fresh PostgreSQL database (created and dropped here);
 * otherwise PGlite in a temp folder. After the battles end it checks every finished battle paid
 * each player exactly once and that every player's ledger equals their balance.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { createApp } from '../../apps/server/src/app.ts';
import { signInitData } from '../../apps/server/src/auth/init-data.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { ledger, userCharacters, users } from '../../apps/server/src/db/schema.ts';
import { SERVER_NODE_ARGS } from '../../apps/server/src/server-launch.ts';
import { LatencyRecorder } from './latency-recorder.ts';
import { killAllChildren, type ServerChild, type ServerMetrics, startServerChild } from './server-child.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const BOT_TOKEN = '4242:bench-token';
const METRICS_TOKEN = `bench-metrics-${randomBytes(8).toString('hex')}`;
// Brann against Medium, and Brann against Brann, last longer than the set-up and the window at 8–10
// taps a second (rules BAL4, BAL9: free heroes knock Easy or each other out in about 15 s).
const HERO = 'brann-ironbeard';
const DIFFICULTY = 'medium';

function option(name: string, env: string, fallback: number) {
  const raw =
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? process.env[env];
  return raw ? Number(raw) : fallback;
}

const PLAYERS = option('players', 'BENCH_PLAYERS', 200);
/**
 * `--cpu-prof=DIR`: the real server writes a V8 CPU profile there, and the echo one into DIR/echo
 * (`npm run bench:profile` reads them), so the two can be compared per tap event.
 */
const CPU_PROF_DIR = process.argv.find((arg) => arg.startsWith('--cpu-prof='))?.slice('--cpu-prof='.length);
const SECONDS = option('seconds', 'BENCH_SECONDS', 15);
/**
 * `--turns`: both servers run at once and take 3 s turns (echo, Titans, Titans, echo, …), each
 * measured only in its own, so both meet the same moments of a machine whose speed drifts. The
 * echo's turns share the machine with the battles' bots and spawns, which go on between turns.
 * Without it the echo runs alone first, then the Titans server (the issue's method).
 */
const TURNS = process.argv.includes('--turns');
const TURN_SECONDS = TURNS ? 3 : SECONDS;
const ROUNDS = TURNS ? Math.max(1, Math.round(SECONDS / TURN_SECONDS)) : 1;
/** The pause after a turn, for answers still on their way, before the other server's turn. */
const SETTLE_MS = 250;
// Battles outlast the set-up and the measured window; afterwards every player forfeits at once.
const TIME_LIMIT_MS = 900_000;

interface Client {
  socket: Socket;
  telegramId: number;
  battleId: string | null;
  isPvp: boolean;
  target: number | null;
  sent: number[];
  done: boolean;
}

const pct = (recorder: LatencyRecorder) =>
  recorder.percentiles(0.5, 0.99).map((v) => Math.round(v * 10) / 10);

async function seed(dataDir: string, databaseUrl: string | undefined, count: number) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const titans = await createApp(config, { logger: false });
  const rows = Array.from({ length: count }, (_, i) => ({ telegramId: 900_000 + i, id: randomUUID() }));
  await titans.database.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx.insert(users).values(
        chunk.map((r) => ({
          id: r.id,
          telegramUserId: BigInt(r.telegramId),
          username: `bench${r.telegramId}`,
          energy: 1000,
          coins: 10_000,
          referralCode: `B${r.telegramId}`,
          selectedCharacterId: HERO,
        })),
      );
      await tx.insert(userCharacters).values(chunk.map((r) => ({ userId: r.id, characterId: HERO })));
      await tx.insert(ledger).values(
        chunk.map((r) => ({
          userId: r.id,
          currency: 'coins',
          delta: 10_000,
          balanceAfter: 10_000,
          reason: 'bench-grant',
          idempotencyKey: `bench-grant:${r.id}`,
        })),
      );
    }
  });
  await titans.app.close();
  return rows;
}

function connect(url: string, telegramId: number): Promise<Socket> {
  const socket = io(url, {
    path: '/engine.io',
    transports: ['websocket'],
    auth: { initData: signInitData({ id: telegramId, first_name: 'Bench' }, BOT_TOKEN) },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** One side's clients tapping: only during its server's turns. */
class Tapping {
  private readonly timers: NodeJS.Timeout[] = [];

  /** One tap per client, sent at 8–10 a second each during a turn; between turns no timer runs. */
  constructor(private readonly taps: ReadonlyArray<() => void>) {}

  begin() {
    this.taps.forEach((tap, index) => {
      const next = () => {
        tap();
        this.timers[index] = setTimeout(next, 100 + Math.random() * 25);
      };
      this.timers[index] = setTimeout(next, Math.random() * 100);
    });
  }

  end() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
  }
}

/** One server's measured phases, added up: its CPU, the tap events it answered, and how long. */
class Phases {
  cpuUser = 0;
  cpuSystem = 0;
  events = 0;
  seconds = 0;
  /** Where each phase lies in the server's own time (seconds since it was spawned), for --cpu-prof. */
  readonly windows: string[] = [];

  constructor(private readonly spawnedAt: number) {}

  /**
   * Measures one phase: `run.begin` starts its clients tapping, `run.end` stops them; `events`
   * counts the tap events so far, read when the server's metrics are. Answers the closing metrics.
   */
  async measure(
    server: ServerChild,
    events: (metrics: ServerMetrics) => number,
    run: { begin(): void; end(): void },
  ): Promise<ServerMetrics> {
    run.begin();
    const before = await server.metrics();
    const eventsBefore = events(before);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, TURN_SECONDS * 1000));
    const after = await server.metrics();
    this.events += events(after) - eventsBefore;
    const ended = performance.now();
    run.end();
    this.cpuUser += after.cpu.user - before.cpu.user;
    this.cpuSystem += after.cpu.system - before.cpu.system;
    this.seconds += (ended - started) / 1000;
    this.windows.push(
      `${((started - this.spawnedAt) / 1000).toFixed(1)},${((ended - this.spawnedAt) / 1000).toFixed(1)}`,
    );
    // What is still on its way is answered before the other server's phase begins.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return after;
  }

  cpuPerEvent() {
    return (this.cpuUser + this.cpuSystem) / Math.max(1, this.events);
  }

  systemPerEvent() {
    return this.cpuSystem / Math.max(1, this.events);
  }
}

/** The echo baseline's clients: the same number of sockets, each tap answered by one tapRegistered. */
async function echoClients(echo: ServerChild, players: number) {
  const sockets = await Promise.all(Array.from({ length: players }, (_, i) => connect(echo.url, 1 + i)));
  const latency = new LatencyRecorder(200_000);
  const taps = sockets.map((socket) => {
    const sent: number[] = [];
    socket.on('tapRegistered', () => {
      const at = sent.shift();
      if (at !== undefined) latency.record(performance.now() - at);
    });
    return () => {
      sent.push(performance.now());
      socket.emit('tap', { count: 1 });
    };
  });
  const run = new Tapping(taps);
  const close = () => {
    run.end();
    for (const socket of sockets) socket.close();
  };
  return { latency, run, close };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-bench-battles-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const name = `titans_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const total = PLAYERS * 2;
  console.log(
    `bench:battles — ${PLAYERS} bot battles + ${PLAYERS / 2} PvP pairs, ${SECONDS} s window, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  const seeded = await seed(dataDir, databaseUrl, total);

  const echoSpawnedAt = performance.now();
  const echo = await startServerChild({
    name: 'echo',
    cwd: repoRoot,
    args: [
      '--expose-gc',
      ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR, 'echo')}`] : []),
      '--import',
      'tsx',
      'scripts/bench/echo-server.ts',
    ],
    env: { METRICS_TOKEN },
    metricsToken: METRICS_TOKEN,
  });
  const echoSide = await echoClients(echo, total);
  const echoPhases = new Phases(echoSpawnedAt);
  const measureEcho = () => echoPhases.measure(echo, (metrics) => metrics.taps.tapEvents, echoSide.run);
  const closeEcho = async () => {
    echoSide.close();
    await echo.stop();
  };
  if (!TURNS) {
    await measureEcho();
    await closeEcho();
  }

  const realSpawnedAt = performance.now();
  const real = await startServerChild({
    name: 'real',
    cwd: repoRoot,
    args: [
      '--expose-gc',
      ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : []),
      ...SERVER_NODE_ARGS,
    ],
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      BATTLE_INTRO_MS: '0',
      BATTLE_BOT_SETUP_MS: '0',
      BATTLE_TIME_LIMIT_MS: String(TIME_LIMIT_MS),
      SOCKET_MESSAGES_PER_SECOND: '100',
    },
    metricsToken: METRICS_TOKEN,
  });
  const baseline = await real.metrics(true);
  await real.metrics(); // starts lateness sampling

  const clients: Client[] = [];
  // Every message the players receive: each costs the server an encode, a frame and a write.
  let received = 0;
  for (let i = 0; i < seeded.length; i += 50) {
    const batch = await Promise.all(
      seeded.slice(i, i + 50).map(async (row) => {
        const socket = await connect(real.url, row.telegramId);
        socket.onAny(() => {
          received++;
        });
        await new Promise<void>((resolve) => {
          socket.once('statusUpdated', () => resolve());
          socket.emit('initUser', { telegram_user_id: String(row.telegramId) });
        });
        return {
          socket,
          telegramId: row.telegramId,
          battleId: null,
          isPvp: false,
          target: null,
          sent: [],
          done: false,
        };
      }),
    );
    clients.push(...batch);
  }

  const tapLatency = new LatencyRecorder(400_000);
  const pveLatency = new LatencyRecorder(400_000);
  let tapsSent = 0;
  const completed: Array<{ result: string; coins: number }> = [];
  const startedAt = performance.now();
  let allStarted = 0;
  await Promise.all(
    clients.map(
      (client, index) =>
        new Promise<void>((resolve) => {
          const { socket } = client;
          socket.on('battleStarted', (payload: any) => {
            client.battleId = payload.battle_id;
            client.isPvp = payload.is_pvp;
            client.target = payload.live.target?.id ?? null;
            allStarted = performance.now();
            resolve();
          });
          socket.on('battleEvent', (event: any) => {
            if (event.type === 'targetSpawned') client.target = event.target.id;
            if (event.type === 'targetExpired' && client.target === event.target_id) client.target = null;
            if (event.type === 'tapIgnored') client.sent.shift();
          });
          const onHit = (recorder: LatencyRecorder) => (payload: any) => {
            if (payload.hit.by !== 'you' || payload.hit.kind !== 'tap') return;
            const at = client.sent.shift();
            if (at !== undefined) recorder.record(performance.now() - at);
          };
          socket.on('pvpHealthUpdate', onHit(tapLatency));
          socket.on('battleTurnProcessed', onHit(pveLatency));
          socket.on('battleCompleted', (payload: any) => {
            client.done = true;
            completed.push({ result: payload.result, coins: payload.coins_earned });
          });
          // A found PvP match starts only when both accept its ready check (F51): the bots accept at once.
          socket.on('matchFound', (payload: any) =>
            socket.emit('acceptMatch', { match_id: payload.match_id }),
          );
          socket.emit('findMatch', {
            telegram_user_id: String(client.telegramId),
            battle_type: index < PLAYERS ? 'pve' : 'pvp',
            difficulty: DIFFICULTY,
            energy_to_spend: 10,
            selected_character_id: HERO,
            equipped_items: [],
          });
        }),
    ),
  );
  const startSeconds = (allStarted - startedAt) / 1000;
  const afterStart = await real.metrics(true);

  const realRun = new Tapping(
    clients.map((client) => () => {
      if (client.done || client.target === null || !client.battleId) return;
      client.sent.push(performance.now());
      tapsSent++;
      if (client.isPvp)
        client.socket.emit('pvpTap', { battle_id: client.battleId, target_id: client.target });
      else
        client.socket.emit('battleAction', {
          battle_id: client.battleId,
          action: { type: 'attack' },
          target_id: client.target,
        });
    }),
  );
  await real.metrics(); // drop lateness samples from the start

  const realPhases = new Phases(realSpawnedAt);
  const lateness = new LatencyRecorder(200_000);
  let messages = 0;
  // Tap messages the server took straight from engine.io (D-BATTLE-20) rather than through socket.io.
  let direct = 0;
  const measureReal = async () => {
    const receivedBefore = received;
    const directBefore = ((await real.metrics()) as any).socketMessages.direct as number;
    const after = await realPhases.measure(real, () => tapsSent, realRun);
    messages += received - receivedBefore;
    direct += (after as any).socketMessages.direct - directBefore;
    for (const ms of (after as any).arena.lateness as number[]) lateness.record(ms);
  };
  for (let round = 0; round < ROUNDS; round++) {
    if (!TURNS) await measureReal();
    else if (round % 2 === 0) {
      await measureEcho();
      await measureReal();
    } else {
      await measureReal();
      await measureEcho();
    }
  }
  if (CPU_PROF_DIR) {
    console.log(
      `CPU profile in ${CPU_PROF_DIR}; the measured windows: --window=${realPhases.windows.join('+')}`,
    );
    console.log(
      `echo CPU profile in ${path.join(CPU_PROF_DIR, 'echo')}; the measured windows: --window=${echoPhases.windows.join('+')}`,
    );
  }
  if (TURNS) await closeEcho();
  const taps = realPhases.events;
  const messagesPerTap = messages / Math.max(1, taps);
  const rooms = new Set(clients.map((client) => client.battleId)).size;
  const held = (afterStart as any).arena.rooms as number;
  const heapPerBattle = (afterStart.memory.heapUsed - baseline.memory.heapUsed) / Math.max(1, rooms);

  // Every battle ends at once (forfeits; a PvP battle's second forfeit changes nothing) and is paid.
  for (const client of clients)
    if (client.battleId && !client.done) client.socket.emit('forfeitBattle', { battle_id: client.battleId });
  const deadline = Date.now() + 180_000;
  while (completed.length < clients.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 500));
  for (const client of clients) client.socket.close();
  await real.stop();

  // Correctness, read straight from the database.
  const config = loadConfig({
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const titans = await createApp(config, { logger: false });
  const [paid] = await titans.database.query<{ battles: number; bad: number }>(
    // Each player of a finished battle: one stake row, at most one settlement row (a defeat has
    // none), no void row (D-BATTLE-13).
    `select count(*)::int as battles,
            count(*) filter (where b.status = 'finished' and (
               (select count(*) from ledger l where l.idempotency_key like 'battle:' || b.id || ':%:stake') <> players
               or (select count(*) from ledger l where l.idempotency_key in
                     ('battle:' || b.id || ':' || b.player1_id, 'battle:' || b.id || ':' || b.player2_id)) > players
               or exists (select 1 from ledger l where l.idempotency_key like 'battle:' || b.id || ':%:void')))::int as bad
       from (select *, case when player2_id is null then 1 else 2 end as players from battles) b`,
  );
  const [mismatch] = await titans.database.query<{ n: number }>(
    `select count(*)::int as n from users u
      where u.coins <> coalesce((select sum(delta) from ledger l where l.user_id = u.id and l.currency = 'coins'), 0)`,
  );
  const [finished] = await titans.database.query<{ n: number }>(
    `select count(*)::int as n from battles where status = 'finished'`,
  );
  await titans.app.close();
  await dropDatabase?.();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const [p50, p99] = pct(tapLatency);
  const [pveP50, pveP99] = pct(pveLatency);
  const eventsPerSecond = taps / realPhases.seconds;
  const echoPerSecond = echoPhases.events / echoPhases.seconds;
  const [echoP50, echoP99] = pct(echoSide.latency);
  const cpuPerTap = realPhases.cpuPerEvent();
  const echoCpu = echoPhases.cpuPerEvent();
  const lines = [
    '',
    `| Figure | Titans Arena | echo | ratio |`,
    `| --- | --- | --- | --- |`,
    `| battles started per second | ${(rooms / startSeconds).toFixed(0)} (${rooms} in ${startSeconds.toFixed(1)} s) | – | – |`,
    `| concurrent battles held | ${held} (${PLAYERS} bot + ${PLAYERS / 2} PvP) | – | – |`,
    `| tap events/s | ${eventsPerSecond.toFixed(0)} | ${echoPerSecond.toFixed(0)} | ${(eventsPerSecond / echoPerSecond).toFixed(2)} |`,
    `| tap → pvpHealthUpdate p50 / p99 (ms) | ${p50} / ${p99} | ${echoP50} / ${echoP99} | p99 +${(p99! - echoP99!).toFixed(1)} ms |`,
    `| tap → battleTurnProcessed p50 / p99 (ms) | ${pveP50} / ${pveP99} | – | – |`,
    `| messages to the players per tap event | ${messagesPerTap.toFixed(2)} | 1.00 | ${messagesPerTap.toFixed(2)} |`,
    `| tap events taken straight from engine.io | ${Math.round((100 * direct) / Math.max(1, taps))} % | – | – |`,
    `| bot attack / spawn timer lateness p99 (ms) | ${pct(lateness)[1]} (${lateness.seen} timers) | – | – |`,
    `| server CPU per tap event (µs) | ${cpuPerTap.toFixed(0)} | ${echoCpu.toFixed(0)} | ${(cpuPerTap / echoCpu).toFixed(2)} |`,
    // The kernel's part (socket reads and writes) apart from the process's own (user) work.
    `| … of it in the kernel (µs) | ${realPhases.systemPerEvent().toFixed(0)} | ${echoPhases.systemPerEvent().toFixed(0)} | ${(realPhases.systemPerEvent() / echoPhases.systemPerEvent()).toFixed(2)} |`,
    `| heap per battle (KB) | ${(heapPerBattle / 1024).toFixed(1)} | – | – |`,
    `| battles finished / payment mismatches / ledger ≠ balance | ${finished!.n} / ${paid!.bad} / ${mismatch!.n} | – | – |`,
    '',
  ];
  console.log(lines.join('\n'));
  const ok = paid!.bad === 0 && mismatch!.n === 0 && finished!.n === rooms;
  console.log(ok ? 'Every finished battle paid exactly once; ledger = balance.' : 'PAYMENT CHECK FAILED');
  process.exitCode = ok ? 0 : 1;
}

process.on('exit', () => void killAllChildren());
main().catch(async (error) => {
  console.error(error);
  await killAllChildren();
  process.exit(1);
});
