/**
 * Phase E of `npm run bench:cluster`: PvP across processes (D-CLUSTER-15 to 18) against PvP on one
 * process, in setup C. Players are sorted by the process HAProxy sends them to (its
 * X-Titans-Server answer header), paired one pair at a time (x queues, then y), half of the pairs
 * across the two processes and half within one, and tap their live targets at 8–10 taps/s. The
 * figure is the time from x's `pvpTap` to y's `pvpHealthUpdate` for that hit: x's n-th hit (its
 * acks say which taps hit) is the update in which y sees `opponent_taps` reach n. While y taps too, x's
 * hits wait for y's own next update, at most 100 ms (F39): the figure includes that wait.
 */
import { PLAYER_ROUTE_HEADER } from '@titans/shared/cluster/player-route';
import type { ClientToServerEvents, ServerToClientEvents } from '@titans/shared/realtime/events';
import { io, type Socket } from 'socket.io-client';
import type { Identity } from './bench-cluster-clients.ts';
import { percentile } from './bench-cluster-report.ts';
import { registerPlayers, type Setup } from './bench-cluster-setup.ts';

type FighterSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const now = () => performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Fighter {
  identity: Identity;
  server: string;
  socket: FighterSocket;
  battleId: string | null;
  target: number | null;
  /** Send times of taps not acknowledged yet, in order. */
  unacked: number[];
  hits: number;
  /** Send time of the n-th tap that hit, and when the opponent saw hit n. */
  hitSentAt: Map<number, number>;
  seenByOpponentAt: Map<number, number>;
  timer: NodeJS.Timeout | null;
}

export interface PvpFigures {
  cross: { pairs: number; p50: number; p99: number; samples: number };
  same: { pairs: number; p50: number; p99: number; samples: number };
}

/** Which process HAProxy sends this player to. */
async function serverOf(setup: Setup, telegramId: number): Promise<string> {
  const response = await fetch(`${setup.url}/health`, {
    headers: { [PLAYER_ROUTE_HEADER]: String(telegramId) },
  });
  await response.arrayBuffer();
  return response.headers.get('x-titans-server') ?? '?';
}

function open(setup: Setup, identity: Identity, server: string): Promise<Fighter> {
  const socket: FighterSocket = io(`${setup.url}?player=${identity.telegramId}`, {
    path: '/engine.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { initData: identity.initData, clientId: `bench-pvp-${identity.telegramId}` },
  });
  const fighter: Fighter = {
    identity,
    server,
    socket,
    battleId: null,
    target: null,
    unacked: [],
    hits: 0,
    hitSentAt: new Map(),
    seenByOpponentAt: new Map(),
    timer: null,
  };
  socket.on('battleStarted', (payload) => {
    fighter.battleId = payload.battle_id;
    fighter.target = payload.live.target?.id ?? null;
  });
  // A found match starts only when both accept its ready check (F51): the bench's fighters accept at once.
  socket.on('matchFound', (payload) => socket.emit('acceptMatch', { match_id: payload.match_id }));
  socket.on('battleEvent', (event) => {
    if (event.type === 'targetSpawned') fighter.target = event.target.id;
    if (event.type === 'targetExpired' && fighter.target === event.target_id) fighter.target = null;
  });
  // An update carries the opponent's hits that waited for it (F39): it shows their last ones.
  socket.on('pvpHealthUpdate', (update) => {
    const theirs = [...(update.earlier_hits ?? []), update.hit].filter(
      (hit) => hit.by === 'opponent' && hit.kind === 'tap',
    ).length;
    for (let n = update.opponent_taps - theirs + 1; n <= update.opponent_taps; n++)
      if (!fighter.seenByOpponentAt.has(n)) fighter.seenByOpponentAt.set(n, now());
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`pvp: no statusUpdated for ${identity.telegramId}`)),
      20_000,
    );
    socket.once('connect_error', (error) => reject(error));
    socket.once('connect', () => socket.emit('initUser', { telegram_user_id: identity.telegramId }));
    socket.once('statusUpdated', () => {
      clearTimeout(timer);
      resolve(fighter);
    });
  });
}

const findPvp = (fighter: Fighter, characterId: string) =>
  fighter.socket.emit('findMatch', {
    telegram_user_id: fighter.identity.telegramId,
    battle_type: 'pvp',
    energy_to_spend: 10,
    selected_character_id: characterId,
    equipped_items: [],
  });

/** x queues, then y: they meet in one battle (false when they did not: a refusal, or no match in 10 s). */
async function pair(x: Fighter, y: Fighter, characterId: string): Promise<boolean> {
  const started = (fighter: Fighter) =>
    new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 10_000);
      fighter.socket.once('battleStarted', (payload) => {
        clearTimeout(timer);
        resolve(payload.battle_id);
      });
    });
  // x must be queued before y asks; a refusal (an error instead) or silence ends the attempt.
  const queued = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    x.socket.once('matchmakingStarted', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  const battleX = started(x);
  findPvp(x, characterId);
  if (!(await queued)) return false;
  const battleY = started(y);
  findPvp(y, characterId);
  const [idX, idY] = await Promise.all([battleX, battleY]);
  if (idX !== null && idX === idY) return true;
  // Neither stays queued to meet a later pair's player instead of its own partner.
  for (const fighter of [x, y]) fighter.socket.emit('cancelMatchmaking', {});
  return false;
}

/** Taps the live target every 100–125 ms; each ack says whether the tap hit. */
function tapLoop(fighter: Fighter) {
  const tick = () => {
    const { battleId, target } = fighter;
    if (battleId && target !== null) {
      const sentAt = now();
      fighter.unacked.push(sentAt);
      fighter.socket.emit('pvpTap', { battle_id: battleId, target_id: target }, (reply: unknown) => {
        const at = fighter.unacked.shift() ?? sentAt;
        const hit = typeof reply === 'object' && reply !== null && 'hit' in reply && reply.hit === true;
        if (hit) fighter.hitSentAt.set(++fighter.hits, at);
      });
    }
    fighter.timer = setTimeout(tick, 100 + Math.random() * 25);
  };
  fighter.timer = setTimeout(tick, Math.random() * 100);
}

/** Latencies of x's hits as y saw them, for hits sent in [from, to). */
function latencies(pairs: Array<[Fighter, Fighter]>, from: number, to: number): number[] {
  const out: number[] = [];
  for (const [x, y] of pairs) {
    for (const [tapper, opponent] of [
      [x, y],
      [y, x],
    ] as const) {
      for (const [n, sentAt] of tapper.hitSentAt) {
        const seen = opponent.seenByOpponentAt.get(n);
        if (seen !== undefined && sentAt >= from && sentAt < to) out.push(seen - sentAt);
      }
    }
  }
  return out;
}

/**
 * Runs phase E on setup C. `candidates` should be about three times the players needed: they are
 * sorted by process first, and only those used are registered and given the stake by `grant`.
 */
export async function pvpPhase(
  setup: Setup,
  candidates: Identity[],
  pairsPerKind: number,
  windowMs: number,
  grant: (telegramId: number) => Promise<void>,
  note: (text: string) => void,
): Promise<PvpFigures> {
  const servers = await Promise.all(candidates.map((identity) => serverOf(setup, identity.telegramId)));
  const byServer = new Map<string, Array<{ identity: Identity; server: string }>>();
  candidates.forEach((identity, index) => {
    const server = servers[index] ?? '?';
    byServer.set(server, [...(byServer.get(server) ?? []), { identity, server }].slice(0, 2 * pairsPerKind));
  });
  const [one = [], two = []] = [...byServer.values()];
  const chosen = [...one, ...two].map((entry) => entry.identity);
  const characterId = await registerPlayers(setup, chosen);
  for (const identity of chosen) await grant(identity.telegramId);
  setup.otherPlayers.push(...chosen.map((identity) => identity.telegramId));
  const take = async (list: Array<{ identity: Identity; server: string }>) => {
    const entry = list.shift();
    return entry ? open(setup, entry.identity, entry.server) : null;
  };
  const cross: Array<[Fighter, Fighter]> = [];
  const same: Array<[Fighter, Fighter]> = [];
  for (let index = 0; index < pairsPerKind * 2; index++) {
    const isCross = index % 2 === 0;
    const sameFrom = index % 4 === 1 ? one : two;
    const x = await take(isCross ? one : sameFrom);
    const y = await take(isCross ? two : sameFrom);
    if (!x || !y) break;
    if (await pair(x, y, characterId)) (isCross ? cross : same).push([x, y]);
    else note(`pvp: ${x.identity.telegramId} and ${y.identity.telegramId} did not meet`);
  }
  const fighters = [...cross, ...same].flat();
  for (const fighter of fighters) tapLoop(fighter);
  const from = now() + 1_000;
  await sleep(1_000 + windowMs);
  const to = now();
  for (const fighter of fighters) if (fighter.timer) clearTimeout(fighter.timer);
  await sleep(500);
  for (const fighter of fighters)
    if (fighter.battleId) fighter.socket.emit('forfeitBattle', { battle_id: fighter.battleId });
  await sleep(1_000);
  for (const fighter of fighters) fighter.socket.close();
  const summary = (list: Array<[Fighter, Fighter]>) => {
    const samples = latencies(list, from, to);
    return {
      pairs: list.length,
      p50: percentile(samples, 0.5),
      p99: percentile(samples, 0.99),
      samples: samples.length,
    };
  };
  return { cross: summary(cross), same: summary(same) };
}
