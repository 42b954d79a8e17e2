import { regenerate } from '@titans/shared/taps/energy';
import type { StatusPayload } from '@titans/shared/taps/schemas';
import { applyTaps } from '@titans/shared/taps/tap-rules';
import {
  type ForwardedTap,
  type OwnedPlayers,
  OwnerKeepsPlayerError,
  type OwnerNotice,
  type PlayerOwnership,
  type RelayedStatus,
  SingleProcessOwnership,
} from '../cluster/player-ownership.ts';
import type { TapResult } from '../core/tap-result.ts';
import type { RawQuery } from '../db/database.ts';
import type { LiveBalance, LiveBalanceSource } from '../users/user-view.ts';
import { ClientSessions } from './client-sessions.ts';
import { adopt, type LivePlayer, LivePlayers, type LiveRow, readLiveRow } from './live-players.ts';
import { OverCapFlags } from './over-cap-flags.ts';
import type { EnergyEffect, Holding, TapEngineOptions, TapStats } from './tap-engine-types.ts';
import { TapFlusher } from './tap-flusher.ts';
import { TapOwners } from './tap-owners.ts';
import { type TapOutcome, type TapSubscriber, TapSubscribers } from './tap-subscribers.ts';

export type { LivePlayer, LiveRow } from './live-players.ts';
export type { EnergyEffect, Holding, TapEngineOptions, TapStats } from './tap-engine-types.ts';
export { FLUSH_SQL, type TapObserver } from './tap-flusher.ts';
export type { TapSubscriber } from './tap-subscribers.ts';

/** A load a live owner elsewhere refused: undefined; anything else is thrown on. */
function keptElsewhere(error: unknown): undefined {
  if (error instanceof OwnerKeepsPlayerError) return undefined;
  throw error;
}

/**
 * The authority over tapping. Taps are applied in memory by the pure rules, one event at a time
 * (Node runs each handler to completion, so there is one writer per user). The parts, each in its
 * own file: the live players (load, cache, evict), the client sessions (batch numbers per client
 * id), the flusher (the statement, chunks, retries, settling), the subscribers (fan-out) and the
 * over-cap flags. Only after a flush commits are the balances pushed as confirmed, so a crash
 * loses at most what was pending.
 */
export class TapEngine implements LiveBalanceSource, OwnedPlayers {
  readonly stats: TapStats = {
    tapEvents: 0,
    tapsAccepted: 0,
    tapsRejected: 0,
    tapsRejectedEnergy: 0,
    tapsRejectedRate: 0,
    duplicateBatches: 0,
    coinsAccepted: 0,
    playersMoved: 0,
    flushes: 0,
    rowsFlushed: 0,
    flushFailures: 0,
  };
  private readonly now: () => number;
  private readonly sessions: ClientSessions;
  private readonly players: LivePlayers;
  private readonly subscribers: TapSubscribers;
  private readonly flusher: TapFlusher;
  private readonly overCap: OverCapFlags;
  private timer: NodeJS.Timeout | null = null;
  private housekeeping: NodeJS.Timeout | null = null;
  private housekeepingRuns = 0;
  private readonly ownership: PlayerOwnership;
  private readonly owners: TapOwners;

  constructor(private readonly options: TapEngineOptions) {
    const { database, logger } = options;
    this.now = options.now ?? Date.now;
    this.ownership = options.ownership ?? new SingleProcessOwnership();
    this.sessions = new ClientSessions(database, logger);
    this.players = new LivePlayers({
      database,
      sessions: this.sessions,
      now: this.now,
      idleEvictMs: options.idleEvictMs ?? 5 * 60_000,
      ownership: this.ownership,
    });
    this.subscribers = new TapSubscribers(this.now);
    this.flusher = new TapFlusher({
      database,
      logger,
      sessions: this.sessions,
      counters: this.stats,
      observer: options.observer,
      settled: (live) => this.broadcast(live, 'coinsUpdated'),
      fenced: (live) => this.moveAway(live, 'fenced'),
    });
    this.overCap = new OverCapFlags(database, logger);
    this.owners = new TapOwners({
      now: this.now,
      players: this.players,
      flusher: this.flusher,
      subscribers: this.subscribers,
      ownership: this.ownership,
      logger,
      moveAway: (live, why) => this.moveAway(live, why),
    });
  }

  start() {
    // A flush whose settling read fails (the database went away) must not become an unhandled
    // rejection: the chunk stays queued and the next interval retries it.
    this.timer = setInterval(
      () =>
        void this.flush().catch((error: unknown) =>
          this.options.logger.error({ err: error }, 'tap flush failed; retrying next interval'),
        ),
      this.options.flushIntervalMs,
    );
    this.housekeeping = setInterval(() => {
      this.players.evictIdle((live) => this.flusher.isDirty(live));
      this.owners.prune();
      void this.sessions.prune();
      if (++this.housekeepingRuns % 60 === 1 && !this.options.sessionsForgottenByCluster)
        void this.sessions.forgetOld();
    }, 60_000);
    this.housekeeping.unref();
  }

  /** Stops the timers and writes everything still pending. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    if (this.housekeeping) clearInterval(this.housekeeping);
    // Balance changes still running hold their players out of the flush: give them a moment to
    // finish, then write everyone's taps regardless (losing taps is worse than a stale energy).
    for (let waited = 0; waited < 3_000 && this.players.anyHeld(); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await this.flusher.drain();
  }

  /** Registers a connection for a user's updates and returns their current status. */
  async subscribe(userId: string, subscriber: TapSubscriber): Promise<StatusPayload | null> {
    // Another process holds the player (or took them meanwhile): this connection watches from
    // here, so a second device that only looks moves nobody (D-CLUSTER-14, D-CLUSTER-24).
    const elsewhere = !this.players.get(userId) && (await this.ownership.ownerElsewhere(userId)) !== null;
    const live = elsewhere ? undefined : await this.players.ensure(userId).catch(keptElsewhere);
    if (live === undefined) {
      const stored = await this.players.preview(userId);
      if (!stored) return null;
      this.players.watch(userId, subscriber);
      return this.subscribers.status(stored, subscriber.clientId);
    }
    if (!live) return null;
    live.subscribers.add(subscriber);
    live.lastTouched = this.now();
    return this.subscribers.status(live, subscriber.clientId);
  }

  unsubscribe(userId: string, subscriber: TapSubscriber) {
    this.players.unwatch(userId, subscriber);
    const live = this.players.get(userId);
    if (!live) return;
    live.subscribers.delete(subscriber);
    this.sessions.closed(live.seqs, subscriber.clientId);
    live.lastTouched = this.now();
  }

  /**
   * Applies one tap event from a client. `seq` makes a resent batch count once per client. A live
   * owner elsewhere within its minimum hold applies it there (rules: CR4; D-CLUSTER-24).
   */
  async tap(userId: string, clientId: string, count: number, seq: number | undefined): Promise<TapResult> {
    const tap = { userId, clientId, count, seq };
    const forwarded = await this.owners.forwardKept(tap);
    if (forwarded) return forwarded;
    let live: LivePlayer | null | undefined = this.players.get(userId);
    try {
      live ??= await this.players.ensure(userId);
    } catch (error) {
      return this.owners.refused(error, tap);
    }
    if (!live) return { ok: false, code: 'user/not-found' };
    return this.tapLoaded(live, clientId, count, seq);
  }

  /** A tap another process forwarded: applied here when the player is held here (D-CLUSTER-24). */
  tapForwarded(tap: ForwardedTap, node: string): TapResult | null {
    const live = this.owners.received(tap, node);
    return live ? this.tapLoaded(live, tap.clientId, tap.count, tap.seq) : null;
  }

  /** An owner's status message for this process's watchers of the player. */
  readonly statusRelayed = (relay: RelayedStatus) => this.owners.relayed(relay);

  /** Sends every connection of the player its status, those other processes keep included. */
  private broadcast(live: LivePlayer, event: 'statusUpdated' | 'coinsUpdated') {
    this.subscribers.broadcast(live, event);
    if (live.remoteClients.size > 0) this.owners.relay(live, event);
  }

  /**
   * The hot path for a user already in memory: synchronous, so a tap is applied and answered in
   * the same turn of the event loop. Returns undefined when the user must be loaded first.
   */
  tapIfLoaded(
    userId: string,
    clientId: string,
    count: number,
    seq: number | undefined,
  ): TapResult | undefined {
    const live = this.players.get(userId);
    return live ? this.tapLoaded(live, clientId, count, seq) : undefined;
  }

  private tapLoaded(live: LivePlayer, clientId: string, count: number, seq: number | undefined): TapResult {
    if (!live.hasCharacter) return { ok: false, code: 'tap/no-character' };
    const now = this.now();
    live.lastTouched = now;
    this.stats.tapEvents++;
    if (seq !== undefined && !this.sessions.accept(live.userId, live.seqs, clientId, seq)) {
      this.stats.duplicateBatches++;
      const duplicate: TapOutcome = { seq, accepted: 0, rejected: 0, reason: 'duplicate', value: 0 };
      return { ok: true, payload: this.subscribers.tapRegistered(live, now, duplicate) };
    }

    const outcome = applyTaps(live.state, live.context, count, now);
    live.state = outcome.state;
    live.pendingCoins += outcome.coins;
    live.pendingTaps += outcome.accepted;
    this.stats.tapsAccepted += outcome.accepted;
    this.stats.tapsRejected += outcome.rejected;
    if (outcome.reason === 'energy') this.stats.tapsRejectedEnergy += outcome.rejected;
    else if (outcome.reason === 'rate') this.stats.tapsRejectedRate += outcome.rejected;
    this.stats.coinsAccepted += outcome.coins;
    if (outcome.accepted > 0 && live.pendingSince === 0) live.pendingSince = performance.now();
    if (outcome.accepted > 0 || seq !== undefined) this.flusher.markDirty(live);
    if (outcome.reason === 'rate') this.overCap.record(live, now, outcome.rejected);
    const applied: TapOutcome = {
      seq: seq ?? null,
      accepted: outcome.accepted,
      rejected: outcome.rejected,
      reason: outcome.reason,
      value: outcome.coins,
    };
    return { ok: true, payload: this.subscribers.tapRegistered(live, now, applied) };
  }

  live(userId: string, now: number): LiveBalance | undefined {
    const live = this.players.get(userId);
    return live ? this.subscribers.balance(live, now) : undefined;
  }

  /** A loaded user's energy now (stored energy regenerated, minus taps still in memory). */
  energyOf(userId: string): { energy: number; max: number } | undefined {
    const live = this.players.get(userId);
    if (!live) return undefined;
    return { energy: regenerate(live.state.energy, live.context, this.now()).energy, max: live.context.max };
  }

  /**
   * Starts a balance change for one user (BalanceGateway only): loads them, waits for a flush that
   * is writing their coins, writes their pending taps now, and keeps the periodic flush away from
   * them until `release`. Taps keep being applied in memory meanwhile. Other users are untouched.
   * Answers null when the user does not exist; throws TapsNotDurableError when the database
   * refuses the write (the taps stay queued for the flusher's retry). `take`: the change is the
   * player's own request here, so a player another process holds moves here first, as their tap
   * would move them (D-CLUSTER-14).
   */
  async hold(userId: string, take = false): Promise<Holding | null> {
    let live = this.players.get(userId);
    if (!live) {
      // Otherwise a player a live process holds elsewhere stays there: the change is made here,
      // in the database, and their owner is told (D-CLUSTER-14). Nobody holds them: this process takes them.
      const node = take ? null : await this.ownership.ownerElsewhere(userId);
      if (node) return { kind: 'elsewhere', node };
      try {
        live = (await this.players.ensure(userId, { force: take })) ?? undefined;
      } catch (error) {
        // A live owner took the player meanwhile and keeps them: the change is made from here.
        if (!(error instanceof OwnerKeepsPlayerError)) throw error;
        return { kind: 'elsewhere', node: error.node };
      }
      if (!live) return null;
    }
    live.held++;
    try {
      await this.flusher.writeHeld(live);
    } catch (error) {
      this.unhold(live);
      throw error;
    }
    return { kind: 'here', live };
  }

  /** The epoch a held player's energy writes must carry (D-CLUSTER-14). */
  epochOf(userId: string): number | undefined {
    return this.players.get(userId)?.epoch;
  }

  /** Another process takes the player (TapOwners.handOver; D-CLUSTER-24). */
  readonly handOver = (userId: string, force: boolean) => this.owners.handOver(userId, force);
  /** This process's heartbeat lapsed (NodeLiveness): players another process took move away. */
  readonly afterLapse = () => this.owners.afterLapse();

  /** A change elsewhere touched a player held here: read them again, give back energy, push. */
  async changedElsewhere(notice: OwnerNotice): Promise<void> {
    const live = this.players.get(notice.userId);
    if (!live) return;
    if (notice.energy) {
      const now = this.now();
      const current = regenerate(live.state.energy, live.context, now).energy;
      const energy = Math.min(live.context.max, current + notice.energy);
      live.state = { ...live.state, energy: { energy: Math.max(current, energy), at: now } };
      this.flusher.markDirty(live);
    }
    await this.refresh(notice.userId);
  }

  private moveAway(live: LivePlayer, why: string) {
    this.stats.playersMoved++;
    this.flusher.forget(live);
    this.players.drop(live);
    this.options.logger.info({ userId: live.userId, why }, 'player moved to another process');
    for (const subscriber of live.subscribers) subscriber.moved();
    live.subscribers.clear();
  }

  /**
   * Reads what a balance change leaves of a held user, inside its transaction (BalanceGateway
   * only), for `release`: the change's last statement, so the live state needs no read of its own
   * after the commit.
   */
  readHeld(query: RawQuery, userId: string): Promise<LiveRow | undefined> {
    return readLiveRow(query, userId);
  }

  /**
   * Ends a balance change: a committed one brings the user's row as it left it (`readHeld`: coins,
   * Stars, upgrades, character) and its effect on energy. Hands the user back to the flusher and
   * pushes `statusUpdated` to their sockets. A change that did not commit changed nothing here.
   */
  async release(userId: string, committed?: { row: LiveRow | undefined; effect: EnergyEffect | undefined }) {
    const live = this.players.get(userId);
    if (!live) return;
    try {
      if (committed?.row) adopt(live, committed.row);
      const effect = committed?.effect ?? {};
      const now = this.now();
      if (effect.set !== undefined) {
        live.state = { ...live.state, energy: { energy: effect.set, at: now } };
      } else if (effect.spent) {
        const current = regenerate(live.state.energy, live.context, now).energy;
        live.state = { ...live.state, energy: { energy: Math.max(0, current - effect.spent), at: now } };
      }
    } finally {
      this.unhold(live);
    }
    this.broadcast(live, 'statusUpdated');
  }

  private unhold(live: LivePlayer) {
    live.held--;
    if (live.pendingCoins !== 0 || live.pendingTaps !== 0) this.flusher.markDirty(live);
  }

  /**
   * After a change that is not about money (a new character, a background), re-reads the user's
   * tap context and pushes the new status. Coins come along, but only as the database has them.
   */
  async refresh(userId: string) {
    const live = this.players.get(userId);
    if (!live) return;
    await this.players.reread(live);
    this.broadcast(live, 'statusUpdated');
  }

  /** Lets the user's other connections see energy move when one of them taps. */
  notifyOthers(userId: string, except: TapSubscriber) {
    const live = this.players.get(userId);
    if (live) this.subscribers.notifyOthers(live, except);
  }

  /** Writes every dirty user that no balance change holds (see TapFlusher.flush). */
  flush(): Promise<void> {
    return this.flusher.flush();
  }

  /** Deletes stored batch numbers older than `maxAgeDays` (hourly; see ClientSessions.forgetOld). */
  forgetOldSessions(maxAgeDays?: number): Promise<void> {
    return this.sessions.forgetOld(maxAgeDays);
  }

  /** Deletes the stored batch numbers of forgotten client ids (every minute; D-BOUND-1). */
  pruneClientIds(): Promise<void> {
    return this.sessions.prune();
  }

  /** The client ids whose batch numbers a player's live state keeps (tests and metrics). */
  clientIdsOf(userId: string): string[] {
    return [...(this.players.get(userId)?.seqs.keys() ?? [])];
  }

  /** Users held in memory (for health and benchmarks). */
  get size() {
    return this.players.size;
  }
}
