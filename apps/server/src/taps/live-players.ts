import { tapStats } from '@titans/shared/boosts/upgrades';
import { DEFAULT_TAP_VALUE } from '@titans/shared/constants';
import { initialTapState, type TapContext, type TapState } from '@titans/shared/taps/tap-rules';
import type { PlayerOwnership } from '../cluster/player-ownership.ts';
import type { Database, RawQuery } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { selectList } from '../db/select-list.ts';
import { type LevelsRow, upgradeLevelColumns, upgradeLevelsOf } from '../users/upgrade-levels.ts';
import { adoptCarriedRate } from './carried-rate.ts';
import type { ClientSeqs, ClientSessions } from './client-sessions.ts';
import type { TapSubscriber } from './tap-subscribers.ts';

/** A player while they are tapping: the single authority over their energy and unflushed coins. */
export interface LivePlayer {
  userId: string;
  /** The fence this process took the player with (users.owner_epoch, D-CLUSTER-14). */
  epoch: number;
  /** When this process took the player (app clock): the minimum hold runs from here (D-CLUSTER-24). */
  ownedSince: number;
  context: TapContext;
  hasCharacter: boolean;
  state: TapState;
  /** Coins as last read from or written to the database. */
  confirmedCoins: number;
  gems: number;
  /** Accepted, not yet handed to a flush. */
  pendingCoins: number;
  pendingTaps: number;
  /** Handed to the flush that is writing now. */
  inflightCoins: number;
  inflightTaps: number;
  seqs: ClientSeqs;
  subscribers: Set<TapSubscriber>;
  /** Client ids per process whose sockets forward this player's taps here (D-CLUSTER-24). */
  remoteClients: Map<string, Set<string>>;
  /** Balance changes under way (BalanceGateway): the periodic flush leaves this player alone. */
  held: number;
  lastTouched: number;
  /** When the first pending tap was accepted (performance.now()); 0 with none pending. */
  pendingSince: number;
  overCapSeconds: number[];
  rejectedForRate: number;
  lastFlaggedAt: number;
}

/** What the engine keeps of a user's row, with their hero's tap value (null: no hero chosen). */
export interface LiveRow extends LevelsRow {
  selectedCharacterId: string | null;
  energy: number;
  energyUpdatedAt: Date;
  coins: number;
  gems: number;
  tapValue: number | null;
  ownerEpoch: number;
}

/**
 * Read on every load and inside every balance change, as fixed SQL. Only the columns the engine
 * keeps: PGlite formats and parses every column it returns, so the whole row would cost this
 * read's CPU several times over.
 */
const LIVE_ROW_SQL = `select ${selectList({
  ...upgradeLevelColumns,
  selectedCharacterId: users.selectedCharacterId,
  energy: users.energy,
  energyUpdatedAt: users.energyUpdatedAt,
  coins: users.coins,
  gems: users.gems,
  ownerEpoch: users.ownerEpoch,
})}, (select tap_value from characters where id = users.selected_character_id) as "tapValue"
  from users where id = $1`;

/** A user's row as the engine keeps it, through `query` (a transaction's or the database's). */
export async function readLiveRow(query: RawQuery, userId: string): Promise<LiveRow | undefined> {
  const [row] = await query<LiveRow>(LIVE_ROW_SQL, [userId]);
  return row;
}

function contextOf(row: LiveRow): TapContext {
  const stats = tapStats(upgradeLevelsOf(row));
  return {
    tapValue: row.tapValue ?? DEFAULT_TAP_VALUE,
    tapMultiplier: stats.tapMultiplier,
    max: stats.maxEnergy,
    regenPerSecond: stats.regenPerSecond,
  };
}

/** Takes the user's stored upgrades, hero and balances into the live state. */
export function adopt(live: LivePlayer, row: LiveRow) {
  live.context = contextOf(row);
  live.hasCharacter = row.selectedCharacterId !== null;
  // Coins in flight are settled by their flush; while none are, the stored coins are exact.
  if (live.inflightCoins === 0) live.confirmedCoins = row.coins;
  live.gems = row.gems;
}

export interface LivePlayersOptions {
  database: Database;
  sessions: ClientSessions;
  now: () => number;
  /** Players idle this long with no connection are dropped from memory. */
  idleEvictMs: number;
  /** Who may hold a player (one process: this one, always). */
  ownership: PlayerOwnership;
}

const EMPTY: ReadonlySet<TapSubscriber> = new Set();

/** The players in memory: loaded once on first use, shared by concurrent callers, evicted when idle. */
export class LivePlayers {
  private readonly players = new Map<string, LivePlayer>();
  private readonly loading = new Map<string, Promise<LivePlayer | null>>();
  /** Connections watching players another process holds (D-CLUSTER-14). */
  private readonly watchers = new Map<string, Set<TapSubscriber>>();

  constructor(private readonly options: LivePlayersOptions) {}

  /** A player already in memory. */
  get(userId: string): LivePlayer | undefined {
    return this.players.get(userId);
  }

  /**
   * Loads a player into memory once; concurrent callers share the load. Null: no such user.
   * Throws OwnerKeepsPlayerError while a live owner elsewhere keeps them (unless `force`).
   */
  async ensure(userId: string, options: { force?: boolean } = {}): Promise<LivePlayer | null> {
    const live = this.players.get(userId);
    if (live) return live;
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.load(userId, options).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  private async load(userId: string, options: { force?: boolean }): Promise<LivePlayer | null> {
    const first = await this.read(userId);
    if (!first) return null;
    // In a cluster the player is taken first and read again: a hand-over flushed the previous
    // owner's taps meanwhile. One process keeps the row's epoch and the first read.
    const taken = await this.options.ownership.acquire(this.options.database.query, userId, options);
    const row = taken === null ? first : await this.read(userId);
    if (!row) return null;
    const epoch = taken?.epoch ?? row.ownerEpoch;
    const seqs = await this.options.sessions.load(userId);
    // Another load may have finished first while this one awaited.
    const raced = this.players.get(userId);
    if (raced) return raced;
    const live = this.build(userId, row, epoch, seqs);
    // The rate state comes along from the previous owner (rules: CR4).
    if (taken?.rate) adoptCarriedRate(live, taken.rate, live.ownedSince);
    // Connections that watched the player while another process held them now follow them here.
    for (const watcher of this.watchers.get(userId) ?? []) live.subscribers.add(watcher);
    this.watchers.delete(userId);
    this.players.set(userId, live);
    return live;
  }

  /** A player's state as stored, for a connection that watches them while another process holds them. */
  async preview(userId: string): Promise<LivePlayer | null> {
    const row = await this.read(userId);
    if (!row) return null;
    return this.build(userId, row, row.ownerEpoch, await this.options.sessions.load(userId));
  }

  /** A connection waits here for a player held by another process (until it taps, D-CLUSTER-14). */
  watch(userId: string, subscriber: TapSubscriber) {
    let set = this.watchers.get(userId);
    if (!set) {
      set = new Set();
      this.watchers.set(userId, set);
    }
    set.add(subscriber);
  }

  /** The connections here that watch a player another process holds. */
  watchersOf(userId: string): ReadonlySet<TapSubscriber> {
    return this.watchers.get(userId) ?? EMPTY;
  }

  unwatch(userId: string, subscriber: TapSubscriber) {
    const set = this.watchers.get(userId);
    if (!set?.delete(subscriber) || set.size > 0) return;
    this.watchers.delete(userId);
  }

  private build(userId: string, row: LiveRow, epoch: number, seqs: ClientSeqs): LivePlayer {
    const now = this.options.now();
    return {
      userId,
      epoch,
      ownedSince: now,
      context: contextOf(row),
      hasCharacter: row.selectedCharacterId !== null,
      state: initialTapState({ energy: row.energy, at: row.energyUpdatedAt.getTime() }),
      confirmedCoins: row.coins,
      gems: row.gems,
      pendingCoins: 0,
      pendingTaps: 0,
      inflightCoins: 0,
      inflightTaps: 0,
      seqs,
      subscribers: new Set(),
      remoteClients: new Map(),
      held: 0,
      lastTouched: now,
      pendingSince: 0,
      overCapSeconds: [],
      rejectedForRate: 0,
      lastFlaggedAt: 0,
    };
  }

  /** Re-reads a loaded player's row (a change that is not about money). */
  async reread(live: LivePlayer) {
    const row = await this.read(live.userId);
    if (row) adopt(live, row);
  }

  private async read(userId: string): Promise<LiveRow | undefined> {
    const [row] = await this.options.database.query<LiveRow>(LIVE_ROW_SQL, [userId]);
    return row;
  }

  /** Whether a balance change holds any player. */
  anyHeld(): boolean {
    for (const live of this.players.values()) if (live.held > 0) return true;
    return false;
  }

  /** Drops players idle for `idleEvictMs` with nothing connected, held, queued or unwritten. */
  evictIdle(queued: (live: LivePlayer) => boolean) {
    const now = this.options.now();
    for (const live of this.players.values()) {
      const busy =
        live.subscribers.size > 0 ||
        live.held > 0 ||
        queued(live) ||
        live.inflightCoins !== 0 ||
        live.pendingCoins !== 0;
      if (!busy && now - live.lastTouched > this.options.idleEvictMs) this.drop(live);
    }
  }

  /**
   * Players held here whose row now carries another process's epoch: taken while this process
   * was away (paused past its heartbeat, D-CLUSTER-14), even those with nothing left to write.
   */
  async takenElsewhere(): Promise<LivePlayer[]> {
    const held = [...this.players.values()];
    if (held.length === 0) return [];
    const rows = await this.options.database.query<{ id: string; ownerEpoch: number }>(
      'select id, owner_epoch as "ownerEpoch" from users where id = any($1)',
      [held.map((live) => live.userId)],
    );
    const epochs = new Map(rows.map((row) => [row.id, Number(row.ownerEpoch)]));
    return held.filter(
      (live) => this.players.get(live.userId) === live && epochs.get(live.userId) !== live.epoch,
    );
  }

  /** Forgets a player here (evicted, handed over or fenced out) and gives up their ownership. */
  drop(live: LivePlayer) {
    if (this.players.get(live.userId) !== live) return;
    this.players.delete(live.userId);
    this.options.ownership.released(live.userId);
  }

  /** Players held in memory. */
  get size() {
    return this.players.size;
  }
}
