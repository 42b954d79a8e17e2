/**
 * The floor of bench-taps' durable phases: the least work the game's contract asks of a server, on
 * the same database layer, with nothing of the game around it. Like the echo server it answers
 * every `tap` at once; like the real server it makes each accepted tap durable with the tap
 * engine's own flush statement (balances, ledger rows and batch numbers for every dirty player
 * each interval, one statement per chunk of 500) and confirms it with `coinsUpdated`. A REST
 * balance change reads the player's level and then debits them with its ledger row in one statement.
 *
 * It leaves out everything else: no game rules (every tap counts), no energy, no payload
 * validation, no dispatcher, no Fastify, no gateway queues, no drizzle. Its init data is checked
 * (HMAC) and its purchases keep the real per-player limit (D-HARDEN-2: 40 in 10 s), so the REST
 * load it carries is the real server's. PGlite only: its own data folder (FLOOR_DATA_DIR).
 * GET /metrics answers in the real server's shape. Run as its own process with --expose-gc.
 */
import type { Socket } from 'socket.io';
import { validateInitData } from '../../apps/server/src/auth/init-data.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { FLUSH_SQL } from '../../apps/server/src/taps/tap-engine.ts';
import { UPGRADE_KINDS, type UpgradeKind, upgradePrice } from '../../packages/shared/src/boosts/upgrades.ts';
import { answerJson, standInServer, type TapLike } from './stand-in-server.ts';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const botToken = process.env.TELEGRAM_BOT_TOKEN ?? '';
const flushMs = Number(process.env.TAP_FLUSH_INTERVAL_MS ?? 200);
const dataDir = process.env.FLOOR_DATA_DIR;
if (!dataDir) throw new Error('FLOOR_DATA_DIR is not set');

const TAP_VALUE = 10;
const ENERGY = 1000;
/** Players start with coins to spend, as the bench funds its purchasers. */
const STARTING_COINS = 5_000_000;
const CHUNK_ROWS = 500;
const PURCHASES_PER_WINDOW = 40;
const PURCHASE_WINDOW_MS = 10_000;
const LEVEL_COLUMNS: Record<UpgradeKind, string> = {
  tap_power: 'tap_power_level',
  energy_capacity: 'energy_capacity_level',
  energy_regen: 'energy_regen_level',
  cooldown_reduction: 'cooldown_reduction_level',
};

const database = await openDatabase({ databaseUrl: undefined, dataDir, poolSize: 1 });
const stats = { tapEvents: 0, tapsAccepted: 0, coinsAccepted: 0, flushes: 0, rowsFlushed: 0 };

interface Player {
  id: string;
  coins: number;
  pending: number;
  pendingTaps: number;
  inflight: number;
  /** Batch numbers per client id: applied in memory, durable in the database. */
  seqs: Map<string, { applied: number; durable: number }>;
  /** Open sockets, with the client id each named at its handshake. */
  sockets: Map<Socket, string>;
}
const players = new Map<string, Player>();
const dirty = new Set<Player>();

const ids = new Map<string, string>();

/** A player's row id, the row created on first sight with coins to spend (the floor has no registration). */
async function playerId(telegramId: string): Promise<string> {
  const known = ids.get(telegramId);
  if (known) return known;
  await database.query(
    `insert into users (telegram_user_id, energy, referral_code, coins)
     values ($1::bigint, ${ENERGY}, 'floor' || $1::text, ${STARTING_COINS}) on conflict (telegram_user_id) do nothing`,
    [telegramId],
  );
  const [row] = await database.query<{ id: string }>('select id from users where telegram_user_id = $1', [
    telegramId,
  ]);
  ids.set(telegramId, row!.id);
  return row!.id;
}

function status(player: Player, clientId: string) {
  const seq = player.seqs.get(clientId);
  return {
    coins: player.coins,
    energy: ENERGY,
    max_energy: ENERGY,
    pending: player.pending + player.inflight,
    gems: 0,
    energy_regen_rate: 3,
    tap_value: TAP_VALUE,
    tap_multiplier: 1,
    ...(seq ? { confirmed_seq: seq.durable, applied_seq: seq.applied } : {}),
  };
}

const { httpServer, io } = standInServer({
  metricsToken: process.env.METRICS_TOKEN ?? '',
  metrics: (server) => ({ sockets: server.engine.clientsCount, engineUsers: players.size, taps: stats }),
  route(request, response, url) {
    if (request.method !== 'POST' || !url.pathname.startsWith('/v1/boosts/')) return false;
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      balanceChange(url.pathname, request.headers.authorization, body).then(
        ({ code, body: reply, retryAfter }) =>
          answerJson(response, code, reply, retryAfter ? { 'retry-after': String(retryAfter) } : {}),
        (error: unknown) => answerJson(response, 500, { error: 'server/internal', message: String(error) }),
      );
    });
    return true;
  },
});

const purchaseWindows = new Map<string, { start: number; count: number }>();

async function balanceChange(
  path: string,
  authorization: string | undefined,
  body: string,
): Promise<{ code: number; body: unknown; retryAfter?: number }> {
  const auth = validateInitData(authorization?.replace(/^tma /, ''), botToken, 0);
  if (!auth.ok) return { code: 401, body: { error: auth.problem } };
  const telegramId = auth.identity.telegramUserId;
  const now = Date.now();
  let window = purchaseWindows.get(telegramId);
  if (!window || now - window.start >= PURCHASE_WINDOW_MS) {
    window = { start: now, count: 0 };
    purchaseWindows.set(telegramId, window);
  }
  if (++window.count > PURCHASES_PER_WINDOW) {
    const retryAfter = Math.ceil((window.start + PURCHASE_WINDOW_MS - now) / 1000);
    return { code: 429, body: { error: 'request/rate-limited' }, retryAfter };
  }
  const id = await playerId(telegramId);
  if (path === '/v1/boosts/refill') {
    await database.query(`update users set energy = ${ENERGY}, energy_updated_at = now() where id = $1`, [
      id,
    ]);
    return { code: 200, body: { code: 200, data: { energy: ENERGY }, message: 'Refilled' } };
  }
  const kind = (JSON.parse(body || '{}') as { kind?: UpgradeKind }).kind;
  if (!kind || !UPGRADE_KINDS.includes(kind)) return { code: 400, body: { error: 'request/invalid' } };
  const column = LEVEL_COLUMNS[kind];
  const [row] = await database.query<{ level: number; coins: number }>(
    `select ${column} as level, coins from users where id = $1`,
    [id],
  );
  const price = upgradePrice(kind, row!.level);
  if (price === null) return { code: 400, body: { error: 'boost/max-level' } };
  if (Number(row!.coins) < price) return { code: 400, body: { error: 'boost/insufficient-coins' } };
  // One statement: the debit only if the level is still the one priced, and its ledger row.
  const [done] = await database.query<{ coins: number }>(
    `with updated as (
       update users set coins = coins - $2, ${column} = ${column} + 1, updated_at = now()
        where id = $1 and ${column} = $3 and coins >= $2 returning id, coins)
     insert into ledger (user_id, currency, delta, balance_after, reason, idempotency_key)
     select id, 'coins', -$2, coins, 'upgrade', gen_random_uuid()::text from updated
     returning balance_after as coins`,
    [id, price, row!.level],
  );
  if (!done) return { code: 409, body: { error: 'boost/conflict' } };
  return { code: 200, body: { code: 200, data: { kind, coins: done.coins }, message: 'Upgraded' } };
}

io.on('connection', (socket) => {
  const clientId = String((socket.handshake.auth as { clientId?: string }).clientId ?? `socket:${socket.id}`);
  let player: Player | null = null;
  socket.on('initUser', (payload: { telegram_user_id?: number | string }) => {
    const telegramId = String(payload?.telegram_user_id ?? '');
    void (async () => {
      let known = players.get(telegramId);
      if (!known) {
        const id = await playerId(telegramId);
        const [row] = await database.query<{ coins: number }>('select coins from users where id = $1', [id]);
        known = players.get(telegramId) ?? {
          id,
          coins: Number(row!.coins),
          pending: 0,
          pendingTaps: 0,
          inflight: 0,
          seqs: new Map(),
          sockets: new Map(),
        };
        players.set(telegramId, known);
      }
      player = known;
      known.sockets.set(socket, clientId);
      socket.emit('statusUpdated', status(known, clientId));
    })();
  });
  socket.on('tap', (payload: TapLike) => {
    stats.tapEvents++;
    if (!player) return;
    const count = typeof payload?.count === 'number' ? payload.count : 1;
    const value = count * TAP_VALUE;
    stats.tapsAccepted += count;
    stats.coinsAccepted += value;
    player.pending += value;
    player.pendingTaps += count;
    if (typeof payload?.seq === 'number') {
      const seq = player.seqs.get(clientId);
      if (seq) seq.applied = payload.seq;
      else player.seqs.set(clientId, { applied: payload.seq, durable: 0 });
    }
    dirty.add(player);
    const pending = player.pending + player.inflight;
    socket.emit('tapRegistered', {
      seq: payload?.seq ?? null,
      accepted: count,
      rejected: 0,
      reason: null,
      value,
      total: player.coins + pending,
      coins: player.coins,
      pending,
      energy: ENERGY,
      max_energy: ENERGY,
      combo: 0,
    });
  });
  socket.on('disconnect', () => player?.sockets.delete(socket));
});

let flushNumber = 0;
let flushing = false;

/** Every dirty player's taps, written and confirmed as the tap engine does (rules T5). */
async function flush() {
  if (flushing || dirty.size === 0) return;
  flushing = true;
  const rows = [...dirty].map((player) => {
    const row = {
      player,
      delta: player.pending,
      taps: player.pendingTaps,
      seqs: [...player.seqs].map(([clientId, seq]) => [clientId, seq.applied] as const),
    };
    player.inflight += player.pending;
    player.pending = 0;
    player.pendingTaps = 0;
    return row;
  });
  dirty.clear();
  const number = ++flushNumber;
  const at = new Date().toISOString();
  try {
    // All chunks in one go, as the tap engine writes them (Database.urgent).
    await database.urgent(async (query) => {
      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        const chunk = rows.slice(start, start + CHUNK_ROWS);
        const sessions = chunk.flatMap((row) =>
          row.seqs.map(([clientId, seq]) => [row.player.id, clientId, seq]),
        );
        const stored = await query<{ id: string; coins: number }>(FLUSH_SQL, [
          chunk.map((row) => row.player.id),
          chunk.map((row) => row.delta),
          chunk.map(() => ENERGY),
          chunk.map(() => at),
          chunk.map((row) => row.taps),
          chunk.map((row) => `tap:${row.player.id}:floor:${number}`),
          sessions.map((session) => session[0]),
          sessions.map((session) => session[1]),
          sessions.map((session) => session[2]),
          // The owner's fence (D-CLUSTER-14): the floor's players are never taken, epoch 0.
          chunk.map(() => 0),
        ]);
        stats.flushes++;
        stats.rowsFlushed += chunk.length;
        const coins = new Map(stored.map((row) => [row.id, Number(row.coins)]));
        for (const row of chunk) {
          const player = row.player;
          player.inflight -= row.delta;
          player.coins = coins.get(player.id) ?? player.coins;
          for (const [clientId, seq] of row.seqs) {
            const known = player.seqs.get(clientId);
            if (known && seq > known.durable) known.durable = seq;
          }
          for (const [socket, clientId] of player.sockets)
            socket.emit('coinsUpdated', status(player, clientId));
        }
      }
    });
  } finally {
    flushing = false;
  }
}

const timer = setInterval(
  () => void flush().catch((error: unknown) => console.error('floor flush failed', error)),
  flushMs,
);

httpServer.listen(port, host);

const shutdown = () => {
  clearInterval(timer);
  io.close();
  httpServer.close(() => void database.close().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 3_000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
