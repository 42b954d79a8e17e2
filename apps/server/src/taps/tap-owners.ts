import { MAX_CLIENT_IDS_PER_PLAYER } from '@titans/shared/constants';
import type { StatusPayload } from '@titans/shared/taps/schemas';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ForwardedTap,
  type HandOverAnswer,
  OWNER_MIN_HOLD_MS,
  OwnerKeepsPlayerError,
  type PlayerOwnership,
  type RelayedStatus,
} from '../cluster/player-ownership.ts';
import type { TapResult } from '../core/tap-result.ts';
import { carriedRateOf } from './carried-rate.ts';
import type { LivePlayer, LivePlayers } from './live-players.ts';
import type { TapFlusher } from './tap-flusher.ts';
import type { TapEvent, TapSubscribers } from './tap-subscribers.ts';

/** How long a process waits before asking again for a player another process is taking. */
const LEAVING_RETRY_MS = 100;

export interface TapOwnersDeps {
  now: () => number;
  players: LivePlayers;
  flusher: TapFlusher;
  subscribers: TapSubscribers;
  ownership: PlayerOwnership;
  logger: FastifyBaseLogger;
  /** Forgets a player here and moves their sockets (the engine's). */
  moveAway(live: LivePlayer, why: string): void;
}

/**
 * The tap engine's side of player ownership in a cluster (decisions: D-CLUSTER-14, D-CLUSTER-24):
 * the hand-over that carries the player's rate state (rules: CR4), the minimum hold, the taps a
 * process forwards to a live owner meanwhile, and the owner's status messages back to the
 * forwarding process's sockets.
 */
export class TapOwners {
  /** Players a live owner elsewhere keeps for its minimum hold: their taps go there. */
  private readonly kept = new Map<string, { node: string; until: number }>();
  /** Players this process is handing over now: no forwarded tap, no second hand-over meanwhile. */
  private readonly leaving = new Set<string>();

  constructor(private readonly deps: TapOwnersDeps) {}

  /** After a lapsed heartbeat: the players another process took meanwhile move away from here. */
  async afterLapse(): Promise<void> {
    for (const live of await this.deps.players.takenElsewhere())
      this.deps.moveAway(live, 'taken while this process was away');
  }

  /**
   * A tap for a player an owner elsewhere keeps: its answer from there. Null: nobody keeps them
   * (any more), so this process loads them.
   */
  async forwardKept(tap: ForwardedTap): Promise<TapResult | null> {
    const kept = this.kept.get(tap.userId);
    if (!kept) return null;
    const answered = kept.until > this.deps.now() ? await this.forward(kept.node, tap) : null;
    if (!answered) this.kept.delete(tap.userId);
    return answered;
  }

  /** Loading the player was refused by a live owner's minimum hold: the tap goes to it. */
  async refused(error: unknown, tap: ForwardedTap): Promise<TapResult> {
    if (!(error instanceof OwnerKeepsPlayerError)) throw error;
    this.kept.set(tap.userId, { node: error.node, until: this.deps.now() + error.keepMs });
    // The owner let go between its answer and this tap: the client sends the batch again.
    return (await this.forward(error.node, tap)) ?? { ok: false, code: 'server/unavailable' };
  }

  /** Forgets forwarding that has run out (housekeeping). */
  prune() {
    const now = this.deps.now();
    for (const [userId, kept] of this.kept) if (kept.until <= now) this.kept.delete(userId);
  }

  private async forward(node: string, tap: ForwardedTap): Promise<TapResult | null> {
    try {
      return await this.deps.ownership.forwardTap(node, tap);
    } catch (error) {
      this.deps.logger.debug({ err: error, node, userId: tap.userId }, 'forwarded tap not answered');
      return null;
    }
  }

  /** Owner side: a forwarded tap's player, remembering which sockets elsewhere want their status. */
  received(tap: ForwardedTap, node: string): LivePlayer | undefined {
    const live = this.deps.players.get(tap.userId);
    // A tap taken while the player's last taps are being written would miss that write.
    if (!live || this.leaving.has(tap.userId)) return undefined;
    let clients = live.remoteClients.get(node);
    if (!clients) {
      clients = new Set();
      live.remoteClients.set(node, clients);
    }
    if (clients.size < MAX_CLIENT_IDS_PER_PLAYER) clients.add(tap.clientId);
    return live;
  }

  /** Owner side: the player's status for the clients that forward their taps from elsewhere. */
  relay(live: LivePlayer, event: TapEvent) {
    for (const [node, clients] of live.remoteClients) {
      const statuses = [...clients].map((clientId): [string, StatusPayload] => [
        clientId,
        this.deps.subscribers.status(live, clientId),
      ]);
      this.deps.ownership.relayStatus(node, { userId: live.userId, event, statuses });
    }
  }

  /** Forwarding side: an owner's status message for the sockets here that watch the player. */
  relayed(relay: RelayedStatus) {
    if (this.deps.players.get(relay.userId)) return;
    const statuses = new Map(relay.statuses);
    for (const watcher of this.deps.players.watchersOf(relay.userId)) {
      const status = statuses.get(watcher.clientId);
      if (status) watcher.send(relay.event, status);
    }
  }

  /**
   * Another process takes the player: waits briefly for changes holding them, writes their
   * pending taps, forgets them and moves their sockets (they reconnect through the balancer), and
   * answers their rate state for the new owner. Taps that could not be written were never
   * confirmed; the client sends them again. Within the minimum hold, and without `force` (the
   * player's own request), it keeps the player and says for how long.
   */
  async handOver(userId: string, force: boolean): Promise<HandOverAnswer> {
    const { players, flusher, logger } = this.deps;
    const live = players.get(userId);
    if (!live) {
      this.deps.ownership.released(userId);
      return { released: true, rate: null };
    }
    const keepMs = live.ownedSince + OWNER_MIN_HOLD_MS - this.deps.now();
    if (!force && keepMs > 0) return { released: false, keepMs };
    // Another process is taking the player already: this one asks again shortly.
    if (this.leaving.has(userId)) return { released: false, keepMs: LEAVING_RETRY_MS };
    this.leaving.add(userId);
    try {
      for (let waited = 0; waited < 1_000 && live.held > 0; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      live.held++;
      try {
        await flusher.writeHeld(live);
      } catch (error) {
        logger.warn({ err: error, userId }, 'hand-over: pending taps not written');
      } finally {
        live.held--;
      }
      const rate = carriedRateOf(live);
      this.deps.moveAway(live, 'handed over');
      return { released: true, rate };
    } finally {
      this.leaving.delete(userId);
    }
  }
}
