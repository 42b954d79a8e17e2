/**
 * `npm run flood` — one hostile player floods the real server while others tap at human rates
 * (rules: H3). The server runs as a child process with its default limits (only the per-address
 * REST limit is raised, because every simulated player here shares 127.0.0.1). Phases:
 *   1. baseline: the human players tap for --seconds;
 *   2. flood: the same, while the flooder sends --rest-rate REST calls/s (reads, writes and
 *      purchases) and --socket-rate socket messages/s (taps) for --seconds, reconnecting when
 *      the server disconnects it.
 * Prints the humans' durable-confirmation p50/p99 in both phases (target: p99 ≤ flush interval
 * + 100 ms), the flooder's answers (429s, `error` events, disconnects), and checks that nothing
 * was lost: every human tap batch confirmed, and each human's coins = start + the value of their
 * accepted taps. Exits non-zero when a check fails. With DATABASE_URL it runs on PostgreSQL.
 *   --seconds=N (10)  --players=N (40)  --tap-rate=N (6 taps/s each)  --rest-rate=N (2000)
 *   --socket-rate=N (5000)  --flush-ms=N (200)
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ClientToServerEvents, ServerToClientEvents } from '@titans/shared/realtime/events';
import { io, type Socket } from 'socket.io-client';
import { SERVER_NODE_ARGS } from '../../apps/server/src/server-launch.ts';
import { pgliteBenchDatabase, postgresBenchDatabase } from './bench-database.ts';
import { identities, registerUsers } from './bench-users.ts';
import { LatencyRecorder } from './latency-recorder.ts';
import { killAllChildren, startServerChild } from './server-child.ts';
import type { ClientIdentity } from './tap-harness.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const repoRoot = path.resolve(import.meta.dirname, '../..');
const BOT_TOKEN = '4242:flood-token';
const METRICS_TOKEN = `flood-metrics-${randomBytes(8).toString('hex')}`;

function option(name: string, fallback: number): number {
  const raw = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const options = {
  seconds: option('seconds', 10),
  players: option('players', 40),
  tapRate: option('tap-rate', 6),
  restRate: option('rest-rate', 2000),
  socketRate: option('socket-rate', 5000),
  flushMs: option('flush-ms', 200),
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

function connect(url: string, identity: ClientIdentity, clientId: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, {
    path: '/engine.io',
    transports: ['websocket'],
    auth: { initData: identity.initData, clientId },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** One human: a tap every 1000/rate ms (jittered), with the time of each batch kept until it is durable. */
class Human {
  seq = 0;
  confirmed = 0;
  value = 0;
  rejected = 0;
  errors = 0;
  disconnected = false;
  private readonly sent = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly identity: ClientIdentity,
    readonly socket: ClientSocket,
    private readonly latency: () => LatencyRecorder,
  ) {
    socket.on('tapRegistered', (reply) => {
      this.value += reply.value;
      this.rejected += reply.rejected;
    });
    const onStatus = (status: { confirmed_seq?: number }) => {
      const confirmed = status.confirmed_seq ?? 0;
      for (let seq = this.confirmed + 1; seq <= confirmed; seq++) {
        const sentAt = this.sent.get(seq);
        if (sentAt !== undefined) this.latency().record(now() - sentAt);
        this.sent.delete(seq);
      }
      if (confirmed > this.confirmed) this.confirmed = confirmed;
    };
    socket.on('coinsUpdated', onStatus);
    socket.on('statusUpdated', onStatus);
    socket.on('error', () => this.errors++);
    socket.on('disconnect', () => {
      this.disconnected = true;
    });
  }

  start(rate: number) {
    const tick = () => {
      this.seq++;
      this.sent.set(this.seq, now());
      this.socket.emit('tap', { telegram_user_id: this.identity.telegramId, count: 1, seq: this.seq });
      this.timer = setTimeout(tick, (1000 / rate) * (0.75 + Math.random() * 0.5));
    };
    this.timer = setTimeout(tick, Math.random() * (1000 / rate));
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
  }
}

interface FloodResult {
  floodSeconds: number;
  rest: { sent: number; statuses: Record<number, number>; failed: number; skipped: number };
  flood: {
    sent: number;
    errors: Record<string, number>;
    disconnects: number;
    reconnects: number;
    refusedHandshakes: number;
    accepted: number;
  };
}

/** Runs this script as `--role=flooder` in a child process and returns what it measured. */
async function runFlooderChild(url: string, identity: ClientIdentity): Promise<FloodResult> {
  const { spawn } = await import('node:child_process');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      import.meta.filename,
      '--role=flooder',
      `--url=${url}`,
      `--id=${identity.telegramId}`,
      ...process.argv.slice(2),
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, FLOOD_INIT_DATA: identity.initData },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = output.split('\n').find((text) => text.startsWith('FLOOD-RESULT '));
  if (code !== 0 || !line) throw new Error(`flooder exited with ${code}: ${output.slice(-2000)}`);
  return JSON.parse(line.slice('FLOOD-RESULT '.length)) as FloodResult;
}

/** The flooder: REST calls and socket messages at the configured rates for --seconds. */
async function flooderMain() {
  const url = process.argv.find((arg) => arg.startsWith('--url='))!.slice('--url='.length);
  const flooderIdentity: ClientIdentity = {
    telegramId: option('id', 1),
    initData: process.env.FLOOD_INIT_DATA ?? '',
  };
  const rest = { sent: 0, statuses: {} as Record<number, number>, failed: 0, skipped: 0, inFlight: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const target = new URL(url);
  const authorization = `tma ${flooderIdentity.initData}`;
  const calls: Array<{ method: string; path: string; body?: string }> = [
    { method: 'GET', path: `/v1/user/${flooderIdentity.telegramId}` },
    { method: 'GET', path: '/v1/boosts' },
    { method: 'GET', path: '/v1/characters' },
    { method: 'POST', path: '/v1/boosts/upgrade', body: JSON.stringify({ kind: 'tap_power' }) },
    {
      method: 'PUT',
      path: `/v1/user/update/${flooderIdentity.telegramId}`,
      body: JSON.stringify({ background_image: null }),
    },
    { method: 'POST', path: `/v1/user/${flooderIdentity.telegramId}/sync-balance` },
  ];
  const restCall = () => {
    if (rest.inFlight >= 2_000) {
      rest.skipped++;
      return;
    }
    const call = calls[rest.sent % calls.length]!;
    rest.sent++;
    rest.inFlight++;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: call.method,
        path: call.path,
        agent,
        headers: {
          authorization,
          ...(call.body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) }
            : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          rest.inFlight--;
          rest.statuses[response.statusCode ?? 0] = (rest.statuses[response.statusCode ?? 0] ?? 0) + 1;
        });
      },
    );
    request.on('error', () => {
      rest.inFlight--;
      rest.failed++;
    });
    request.end(call.body);
  };

  const flood = {
    sent: 0,
    errors: {} as Record<string, number>,
    disconnects: 0,
    reconnects: 0,
    refusedHandshakes: 0,
    accepted: 0,
    value: 0,
  };
  let flooder: ClientSocket | null = null;
  let floodSeq = 0;
  const attachFlooder = async () => {
    try {
      const socket = await connect(url, flooderIdentity, 'flooder-client');
      socket.on('error', (error) => {
        const code = error.code ?? 'none';
        flood.errors[code] = (flood.errors[code] ?? 0) + 1;
      });
      socket.on('tapRegistered', (reply) => {
        flood.accepted += reply.accepted;
        flood.value += reply.value;
      });
      socket.on('disconnect', () => {
        flood.disconnects++;
        flooder = null;
      });
      socket.emit('initUser', { telegram_user_id: flooderIdentity.telegramId });
      flooder = socket;
    } catch {
      flood.refusedHandshakes++; // refused handshake: try again on the next tick
    }
  };
  await attachFlooder();
  const tickMs = 10;
  const started = now();
  let restDue = 0;
  let socketDue = 0;
  let connecting = false;
  while (now() - started < options.seconds * 1000) {
    const elapsed = (now() - started) / 1000;
    while (restDue < elapsed * options.restRate) {
      restCall();
      restDue++;
    }
    const socket = flooder as ClientSocket | null;
    while (socketDue < elapsed * options.socketRate) {
      socketDue++;
      if (!socket) continue;
      floodSeq++;
      socket.emit('tap', { telegram_user_id: flooderIdentity.telegramId, count: 1, seq: floodSeq });
      flood.sent++;
    }
    if (!socket && !connecting) {
      connecting = true;
      flood.reconnects++;
      void attachFlooder().finally(() => {
        connecting = false;
      });
    }
    await sleep(tickMs);
  }
  const floodSeconds = (now() - started) / 1000;
  (flooder as ClientSocket | null)?.close();
  const drainUntil = Date.now() + 10_000;
  while (rest.inFlight > 0 && Date.now() < drainUntil) await sleep(50);
  agent.destroy();
  console.log(`FLOOD-RESULT ${JSON.stringify({ floodSeconds, rest, flood })}`);
  process.exit(0);
}

async function main() {
  const database = process.env.DATABASE_URL
    ? await postgresBenchDatabase(process.env.DATABASE_URL)
    : await pgliteBenchDatabase();
  const server = await startServerChild({
    name: 'real',
    cwd: repoRoot,
    args: [...SERVER_NODE_ARGS],
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
      TAP_FLUSH_INTERVAL_MS: String(options.flushMs),
      // Every simulated player shares 127.0.0.1 here; in production each has their own address.
      RATE_LIMIT_ADDRESS: '10000000',
      ...database.serverEnv,
    },
    metricsToken: METRICS_TOKEN,
    healthTimeoutMs: 300_000,
  });
  const failures: string[] = [];
  try {
    const firstId = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
    const people = identities(firstId, options.players + 1, BOT_TOKEN);
    const flooderIdentity = people[0]!;
    const humansIdentities = people.slice(1);
    await registerUsers(server.url, people, 8);
    console.log(
      `flood: ${options.players} players tapping at ${options.tapRate}/s, flooder at ${options.restRate} REST/s ` +
        `and ${options.socketRate} socket msgs/s for ${options.seconds} s; flush ${options.flushMs} ms; ${database.label}; ` +
        `machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    );

    const startCoins = new Map<number, number>();
    const readCoins = async (identity: ClientIdentity) => {
      const response = await fetch(`${server.url}/v1/user/${identity.telegramId}`, {
        headers: { authorization: `tma ${identity.initData}` },
      });
      const body = (await response.json()) as { data: { coins: number; pending?: number } };
      return Number(body.data.coins) + Number(body.data.pending ?? 0);
    };
    for (const identity of humansIdentities) startCoins.set(identity.telegramId, await readCoins(identity));

    let recorder = new LatencyRecorder(200_000);
    const humans: Human[] = [];
    for (const identity of humansIdentities) {
      const socket = await connect(server.url, identity, `human-${identity.telegramId}`);
      socket.emit('initUser', { telegram_user_id: identity.telegramId });
      humans.push(new Human(identity, socket, () => recorder));
    }
    await sleep(500);
    for (const human of humans) human.start(options.tapRate);

    const summarise = (label: string) => {
      const [p50, p99] = recorder.percentiles(0.5, 0.99);
      const line = `${label}: durable confirmation p50 ${p50!.toFixed(0)} ms, p99 ${p99!.toFixed(0)} ms, max ${recorder.max.toFixed(0)} ms over ${recorder.seen} tap batches`;
      console.log(line);
      return p99!;
    };

    // Phase 1: baseline.
    await sleep(1_000);
    recorder = new LatencyRecorder(200_000);
    await sleep(options.seconds * 1000);
    const baselineP99 = summarise('baseline');

    // Phase 2: flood, from a child process so the flooder's load does not slow this process's clock
    // for the humans' latencies.
    recorder = new LatencyRecorder(200_000);
    const floodResult = await runFlooderChild(server.url, flooderIdentity);
    const floodP99 = summarise('flood');
    const { rest, flood, floodSeconds } = floodResult;

    // Drain: every human batch confirmed, then compare coins.
    for (const human of humans) human.stop();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && humans.some((human) => human.confirmed < human.seq)) await sleep(50);

    const unconfirmed = humans.filter((human) => human.confirmed < human.seq);
    if (unconfirmed.length) failures.push(`${unconfirmed.length} players have unconfirmed tap batches`);
    const disconnected = humans.filter((human) => human.disconnected);
    if (disconnected.length) failures.push(`${disconnected.length} human sockets were disconnected`);
    let lost = 0;
    for (const human of humans) {
      const coins = await readCoins(human.identity);
      if (coins !== startCoins.get(human.identity.telegramId)! + human.value) lost++;
    }
    if (lost) failures.push(`${lost} players' coins differ from their accepted taps`);
    const humanErrors = humans.reduce((sum, human) => sum + human.errors, 0);
    const humanRejected = humans.reduce((sum, human) => sum + human.rejected, 0);
    const limitedRest = rest.statuses[429] ?? 0;
    const limitedSocket = flood.errors['request/rate-limited'] ?? 0;
    console.log(
      `flooder REST: ${rest.sent} calls in ${floodSeconds.toFixed(1)} s (${(rest.sent / floodSeconds).toFixed(0)}/s), ` +
        `answers ${JSON.stringify(rest.statuses)}, connection errors ${rest.failed}, not sent (2000 in flight) ${rest.skipped}`,
    );
    console.log(
      `flooder socket: ${flood.sent} messages (${(flood.sent / floodSeconds).toFixed(0)}/s), error events ${JSON.stringify(flood.errors)}, ` +
        `disconnected ${flood.disconnects}×, reconnected ${flood.reconnects}× (${flood.refusedHandshakes} handshakes refused), taps accepted ${flood.accepted}`,
    );
    console.log(
      `others: ${humans.length} players, ${humans.reduce((sum, human) => sum + human.seq, 0)} tap batches, ` +
        `error events ${humanErrors}, rejected taps ${humanRejected}, disconnected ${disconnected.length}, coins mismatches ${lost}`,
    );
    const targetMs = options.flushMs + 100;
    console.log(
      `durable p99: baseline ${baselineP99.toFixed(0)} ms, during flood ${floodP99.toFixed(0)} ms (target ≤ ${targetMs} ms)`,
    );
    if (floodP99 > targetMs)
      failures.push(`durable p99 during the flood ${floodP99.toFixed(0)} ms > ${targetMs} ms`);
    if (limitedRest === 0) failures.push('the flooder got no 429');
    if (limitedSocket === 0) failures.push('the flooder got no rate-limited error event');
    if (humanErrors > 0) failures.push(`human players got ${humanErrors} error events`);
    for (const human of humans) human.socket.close();
  } finally {
    await server.stop();
    await database.dispose();
  }
  if (failures.length) {
    console.error(`FLOOD CHECK FAILED:\n  - ${failures.join('\n  - ')}`);
    process.exitCode = 1;
  } else {
    console.log('flood check passed');
  }
}

const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
(role === 'flooder' ? flooderMain() : main()).catch(async (error) => {
  console.error(error);
  await killAllChildren();
  process.exit(1);
});
