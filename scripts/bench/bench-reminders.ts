/**
 * `npm run bench:reminders` — the bot reminders' delivery at scale (rules BR8, BR9; decisions
 * D-REMIND-1, D-REMIND-2). Two real server processes form a cluster on PostgreSQL and Redis
 * (DATABASE_URL, REDIS_URL; defaults are the local ones) and send to a local fake Bot API that
 * enforces a rate limit with 429s and retry_after, as Telegram does. Phases:
 *   1. baseline: players tap on process B for --seconds; durable tap p99 is measured;
 *   2. drain: --reminders due reminders (default 20,000) for as many players are released at once
 *      while the same tap load runs on B, and process A is killed -9 once --kill-at of them are
 *      sent; the drain rate, the 429s, and every chat's message count are measured.
 * Checks: none duplicated, none lost, the drain at the configured rate (--rate, default 1,000 a
 * second, the fake's limit too), and the durable tap p99 while draining within 1.2 × the baseline.
 * Everything runs on 127.0.0.1 and stops by itself (each phase is bounded in time).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_NODE_ARGS } from '../../apps/server/src/server-launch.ts';
import { PlayerPool, type WindowFigures } from './bench-cluster-clients.ts';
import { identities, registerUsers } from './bench-users.ts';
import { killAllChildren, type ServerChild, startServerChild } from './server-child.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const BOT_TOKEN = '4242:bench-reminders-token';
const METRICS_TOKEN = `bench-metrics-${randomBytes(8).toString('hex')}`;
const ADMIN_TOKEN = `bench-admin-${randomBytes(8).toString('hex')}`;
const SECRET = `bench-secret-${randomBytes(8).toString('hex')}`;

function option(name: string, fallback: number): number {
  const arg = process.argv.find((entry) => entry.startsWith(`--${name}=`));
  const value = Number(
    arg?.split('=')[1] ?? process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback,
  );
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const REMINDERS = option('reminders', 20_000);
const RATE = option('rate', 1_000);
const TAPPERS = option('tappers', 150);
const SECONDS = option('seconds', 20);
const KILL_AT = option('kill-at', 0.4);
/** The drain may take this long before the run gives up on it. */
const DRAIN_LIMIT_MS = Math.max(120_000, (REMINDERS / RATE) * 4_000);

/** A stand-in for api.telegram.org: sendMessage under a per-second limit, 429 with retry_after past it. */
async function startLimitedBotApi(limit: number) {
  const perChat = new Map<number, number>();
  /** When each chat's messages were accepted (for telling a kill's second copies from others). */
  const chatTimes = new Map<number, number[]>();
  const perSecond = new Map<number, number>();
  let accepted = 0;
  let refused = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const method = /\/bot[^/]+\/(\w+)$/.exec(request.url ?? '')?.[1];
      if (method !== 'sendMessage') return send(200, { ok: true, result: true });
      const now = Date.now();
      const second = Math.floor(now / 1000);
      const used = perSecond.get(second) ?? 0;
      if (used >= limit) {
        refused++;
        return send(429, {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        });
      }
      perSecond.set(second, used + 1);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { chat_id: number };
      const chat = Number(body.chat_id);
      perChat.set(chat, (perChat.get(chat) ?? 0) + 1);
      chatTimes.set(chat, [...(chatTimes.get(chat) ?? []), now]);
      accepted++;
      firstAt ||= now;
      lastAt = now;
      send(200, {
        ok: true,
        result: { message_id: accepted, date: second, chat: { id: chat, type: 'private' } },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => ({ accepted, refused, firstAt, lastAt, perChat, chatTimes, perSecond }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(server: ServerChild, action: 'pause' | 'resume') {
  const response = await fetch(`${server.url}/admin/reminders/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (!response.ok) throw new Error(`reminders ${action} answered ${response.status}`);
}

/** 20,000 players who allow reminders, at noon where they are, each with one reminder due now. */
async function seedReminders(client: pg.Client, count: number, firstChat: number) {
  const offset = (((12 - new Date().getUTCHours() + 36) % 24) - 12) * 60;
  await client.query(
    `INSERT INTO users (telegram_user_id, energy, referral_code, first_name)
     SELECT $1::bigint + g, 1000, 'BR' || ($1::bigint + g), 'Bench'
     FROM generate_series(0, $2 - 1) AS g`,
    [firstChat, count],
  );
  await client.query(
    `INSERT INTO reminder_settings (user_id, allowed, utc_offset_minutes)
     SELECT id, true, $3 FROM users WHERE telegram_user_id >= $1 AND telegram_user_id < $1::bigint + $2`,
    [firstChat, count, offset],
  );
  await client.query(
    `INSERT INTO reminder_outbox (user_id, chat_id, kind, occurrence_key, due_at)
     SELECT id, telegram_user_id, 'energy_full', 'bench:' || telegram_user_id, now() - interval '1 second'
     FROM users WHERE telegram_user_id >= $1 AND telegram_user_id < $1::bigint + $2`,
    [firstChat, count],
  );
}

function startServer(name: string, env: Record<string, string>) {
  return startServerChild({
    name,
    cwd: repoRoot,
    args: [...SERVER_NODE_ARGS],
    env: { LOG_LEVEL: 'warn', ...env },
    metricsToken: METRICS_TOKEN,
    healthTimeoutMs: 120_000,
  });
}

/** CPU milliseconds the process used so far, and the reminders it sent (when its /metrics says). */
async function cpuAndSent(server: ServerChild): Promise<{ cpuMs: number; sent: number | null }> {
  const metrics = await server.metrics();
  const reminders: unknown = Reflect.get(metrics, 'reminders');
  const sent = typeof reminders === 'object' && reminders !== null ? Reflect.get(reminders, 'sent') : null;
  return {
    cpuMs: (metrics.cpu.user + metrics.cpu.system) / 1000,
    sent: typeof sent === 'number' ? sent : null,
  };
}

async function tapWindow(pool: PlayerPool): Promise<WindowFigures> {
  pool.start(2_000, SECONDS * 1000);
  await sleep(2_000 + SECONDS * 1000);
  return pool.stop(10_000);
}

async function main(): Promise<number> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const name = `titans_bench_rem_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  const adminClient = new pg.Client({ connectionString: adminUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const botApi = await startLimitedBotApi(RATE);
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: path.join(os.tmpdir(), name),
    REDIS_URL: redisUrl,
    CLUSTER_KEY_PREFIX: `br${randomBytes(3).toString('hex')}:`,
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: botApi.url,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    REMINDER_RATE_PER_SECOND: String(RATE),
    METRICS_TOKEN,
    ADMIN_TOKEN,
    RATE_LIMIT_ADDRESS: '10000000',
    RATE_LIMIT_READS: '10000000',
    RATE_LIMIT_WRITES: '10000000',
    TAP_FLUSH_INTERVAL_MS: '100',
  };
  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  try {
    const a = await startServer('A', env);
    const b = await startServer('B', env);
    await db.connect();
    await admin(b, 'pause');
    console.log(`servers A ${a.url}, B ${b.url}; fake Bot API ${botApi.url} at ${RATE}/s`);

    const players = identities(7_000_000, TAPPERS, BOT_TOKEN);
    await registerUsers(b.url, players);
    const pool = new PlayerPool('B', () => b.url, { minRate: 4, maxRate: 6, batchMs: 250 }, 1_000);
    await pool.connect(players, randomBytes(3).toString('hex'));

    console.log(`baseline: ${TAPPERS} players tapping on B for ${SECONDS} s, no reminders`);
    const [loadBefore = 0] = os.loadavg();
    const baselineStart = await cpuAndSent(b);
    const baseline = await tapWindow(pool);
    const baselineCpu = await cpuAndSent(b);

    const firstChat = 8_000_000;
    await seedReminders(db, REMINDERS, firstChat);
    console.log(
      `drain: ${REMINDERS} due reminders released; A is killed -9 at ${Math.round(KILL_AT * 100)} %`,
    );
    const tapping = tapWindow(pool);
    const released = Date.now();
    await admin(b, 'resume');
    let killedAt = 0;
    const deadline = released + DRAIN_LIMIT_MS;
    for (;;) {
      const { accepted } = botApi.stats();
      if (!killedAt && accepted >= REMINDERS * KILL_AT) {
        process.kill(a.pid, 'SIGKILL');
        killedAt = Date.now();
        console.log(`  A killed at ${accepted} sent (${((killedAt - released) / 1000).toFixed(1)} s)`);
      }
      const [row] = (
        await db.query<{ left: string }>(
          "SELECT count(*) AS left FROM reminder_outbox WHERE status = 'pending'",
        )
      ).rows;
      if (Number(row?.left) === 0 || Date.now() > deadline) break;
      await sleep(200);
    }
    const drained = Date.now();
    const drainCpu = await cpuAndSent(b);
    const during = await tapping;

    const stats = botApi.stats();
    const chats = [...stats.perChat.entries()].filter(
      ([chat]) => chat >= firstChat && chat < firstChat + REMINDERS,
    );
    const duplicated = chats.filter(([, count]) => count > 1).length;
    // Second copies by when they came: straddling the kill (its window), or both before or both
    // after it (a live sender's lease ran out during a stall and another round took the row).
    const copies = { acrossKill: 0, beforeKill: 0, afterKill: 0 };
    for (const [chat, count] of chats) {
      if (count < 2) continue;
      const [first = 0, second = 0] = stats.chatTimes.get(chat) ?? [];
      if (!killedAt || second <= killedAt) copies.beforeKill++;
      else if (first > killedAt) copies.afterKill++;
      else copies.acrossKill++;
    }
    const [{ left = '0' } = {}] = (
      await db.query<{ left: string }>(
        "SELECT count(*) AS left FROM reminder_outbox WHERE status = 'pending'",
      )
    ).rows;
    // Lost: neither sent nor still waiting (a run cut off by its time limit leaves rows pending).
    const pending = Number(left);
    const lost = REMINDERS - chats.length - pending;
    const seconds = [...stats.perSecond.entries()].sort(([x], [y]) => x - y);
    const full = seconds.slice(1, -1).map(([, count]) => count);
    const status = (
      await db.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM reminder_outbox GROUP BY status',
      )
    ).rows;
    const drainSeconds = (drained - released) / 1000;
    const sendSeconds = (stats.lastAt - stats.firstAt) / 1000;
    const ratio = during.durable.p99 / Math.max(1, baseline.durable.p99);
    const report = {
      reminders: REMINDERS,
      rate: RATE,
      sent: stats.accepted,
      refused429: stats.refused,
      duplicated,
      duplicatedBy: copies,
      lost,
      pendingAtEnd: pending,
      outbox: Object.fromEntries(status.map((row) => [row.status, Number(row.n)])),
      drainSeconds: Number(drainSeconds.toFixed(1)),
      sendSeconds: Number(sendSeconds.toFixed(1)),
      averagePerSecond: Math.round(stats.accepted / sendSeconds),
      medianFullSecond: full.sort((x, y) => x - y)[Math.floor(full.length / 2)] ?? 0,
      maxSecond: Math.max(...seconds.map(([, count]) => count)),
      killedAfterSeconds: killedAt ? Number(((killedAt - released) / 1000).toFixed(1)) : null,
      tapDurableP99Ms: {
        baseline: Math.round(baseline.durable.p99),
        draining: Math.round(during.durable.p99),
      },
      tapDurableP50Ms: {
        baseline: Math.round(baseline.durable.p50),
        draining: Math.round(during.durable.p50),
      },
      tapP99Ratio: Number(ratio.toFixed(2)),
      // B's CPU per second of each window, and per reminder it sent (when its /metrics counts them).
      bCpuMsPerSecond: {
        baseline: Math.round((baselineCpu.cpuMs - baselineStart.cpuMs) / (SECONDS + 2)),
        draining: Math.round((drainCpu.cpuMs - baselineCpu.cpuMs) / drainSeconds),
      },
      bSent: drainCpu.sent,
      loadAverage: {
        before: Number(loadBefore.toFixed(1)),
        after: Number((os.loadavg()[0] ?? 0).toFixed(1)),
      },
    };
    console.log(JSON.stringify(report, null, 2));
    const checks = {
      'none duplicated': duplicated === 0,
      'none lost': lost === 0,
      'all drained within the time limit': pending === 0,
      'no second above the limit': report.maxSecond <= RATE,
      'durable tap p99 while draining ≤ 1.2 × baseline': ratio <= 1.2,
    };
    for (const [check, passed] of Object.entries(checks)) console.log(`${passed ? 'PASS' : 'FAIL'} ${check}`);
    await b.stop();
    return Object.values(checks).every(Boolean) ? 0 : 1;
  } finally {
    await killAllChildren();
    await db.end().catch(() => undefined);
    await botApi.close();
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

process.exitCode = await main();
