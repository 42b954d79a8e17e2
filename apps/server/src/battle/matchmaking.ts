import { randomUUID } from 'node:crypto';
import type { FindMatchPayload, MatchCancelledPayload } from '@titans/shared/battle/schemas';
import { ERRORS } from '@titans/shared/errors';
import { eq } from 'drizzle-orm';
import { battles } from '../db/schema.ts';
import type { ArenaContext, ArenaFailure, Ticket } from './arena-context.ts';
import { checkFunds } from './battle-entry.ts';
import { loadEntrant } from './battle-repository.ts';
import type { BattleRooms } from './battle-rooms.ts';
import type { BattleStarts } from './battle-starts.ts';
import type { QueueEntry } from './matchmaking-queue.ts';
import type { ReadyCheck } from './ready-checks.ts';

const DRAINING_MESSAGE = 'This server is restarting: try again in a moment';
const ARENA_UNAVAILABLE_MESSAGE = 'The Arena is unavailable for a moment: try again soon';
const SEARCHING_MESSAGE = 'Searching for any opponent';
const NOT_FOUND_MESSAGE = 'No opponent found';
/** The spec's words for a search that ended: the Arena shows no banner for them (D-WIRE-2). */
const CANCELLED_MESSAGE = 'Matchmaking cancelled';
/** Why a ready check started no battle, as each player reads it (F52, F53). */
const CHECK_ENDED: Record<MatchCancelledPayload['reason'], string> = {
  declined: 'You declined the match. No coins were taken.',
  timeout: 'You did not accept in time. No coins were taken.',
  left: 'You left the Arena, so the match was called off. No coins were taken.',
  'opponent-declined': 'Your opponent did not accept. You are first in the queue again.',
};

/**
 * The way into a battle (D-BATTLE-7, D-BATTLE-11): findMatch's entry checks and the player's
 * Arena claim, then a bot battle at once or the queue; the tick that pairs queued players, offers
 * the long-waiting a bot (which starts only if they choose it) and pushes positions; leaving the
 * queue. A pair is not a battle yet: both must accept a ready check before any stake is taken
 * (F51, D-BATTLE-21). A draining process accepts no one new (D-CLUSTER-11).
 */
export class Matchmaking {
  /** This process's view for the operator: who queued through here and still waits. */
  private readonly queuedHere = new Set<string>();
  private draining = false;
  /** Ready checks this process decided, for the operator's log and metrics. */
  readonly readyStats = { opened: 0, started: 0, declined: 0, timedOut: 0, left: 0 };

  constructor(
    private readonly context: ArenaContext,
    private readonly rooms: BattleRooms,
    private readonly starts: BattleStarts,
  ) {}

  get isDraining() {
    return this.draining;
  }

  stopAccepting() {
    this.draining = true;
  }

  isQueued(userId: string) {
    return this.queuedHere.has(userId);
  }

  get queuedCount() {
    return this.queuedHere.size;
  }

  /** findMatch: checks entry, then starts a bot battle at once or joins the queue. */
  async findMatch(userId: string, request: FindMatchPayload): Promise<ArenaFailure | null> {
    if (this.draining) return { code: 'server/unavailable', message: DRAINING_MESSAGE };
    if (request.battle_type === 'pve' && !request.difficulty) return { code: 'battle/difficulty-required' };
    const { presence, logger } = this.context;
    const claimed = await this.claimPresence(userId).catch((error: unknown) => {
      // A cluster's presence is in Redis (D-CLUSTER-15): without it nobody can be matched.
      logger.warn({ err: error }, 'arena presence unavailable');
      return null;
    });
    if (claimed === null) return { code: 'server/unavailable', message: ARENA_UNAVAILABLE_MESSAGE };
    // A queued player who asks for a bot (the offer's "Fight a bot instead") leaves the queue for it.
    if (!claimed && !(request.battle_type === 'pve' && (await this.leaveQueueForBot(userId))))
      return { code: 'battle/already-in-battle' };
    let keep = false;
    try {
      const loaded = await loadEntrant(this.context.database, userId, request);
      if (!loaded.ok) return { code: loaded.code };
      const ticket: Ticket = { entrant: loaded.entrant, difficulty: request.difficulty };
      if (request.battle_type === 'pve' && request.difficulty) {
        const failure = await this.starts.startPve(ticket, request.difficulty);
        keep = failure === null;
        return failure;
      }
      // Checked now so the player hears at once; checked again when the energy is spent.
      const checked = await this.context.gateway.change(userId, (m) => checkFunds(m, loaded.entrant), {
        actingPlayers: [userId],
      });
      if (!checked.ok)
        return checked.message ? { code: checked.code, message: checked.message } : { code: checked.code };
      await presence.set(userId, { kind: 'queue' });
      keep = true;
      await this.join(userId, ticket, request.energy_to_spend);
      return null;
    } finally {
      if (!keep) await presence.release(userId, { kind: 'entering' });
    }
  }

  /** cancelMatchmaking: leaves the queue at once; in a ready check it declines (F50, F52). */
  async cancel(userId: string) {
    if ((await this.leave(userId, 'declined')) === 'check') return;
    this.context.send(userId, 'matchmakingCancelled', { message: CANCELLED_MESSAGE });
  }

  /**
   * Takes the player out of the queue (anywhere in a cluster), or out of their ready check, which
   * is then called off for `reason` (F50, F52). Answers where they were, or null.
   */
  async leave(userId: string, reason: 'declined' | 'left' = 'left'): Promise<'queue' | 'check' | null> {
    this.queuedHere.delete(userId);
    const entry = await this.context.queue.remove(userId);
    if (entry) {
      await this.context.presence.release(userId, { kind: 'queue' });
      return 'queue';
    }
    const checkId = await this.context.readyChecks.of(userId);
    if (!checkId) return null;
    await this.callOff(checkId, reason, userId);
    return 'check';
  }

  /**
   * acceptMatch: the player is ready; the second acceptance starts the battle and takes the
   * stakes (F51). Answers what it did: `started`, `waiting` for the other, or `gone` (called off).
   */
  async accept(userId: string, checkId: string): Promise<'started' | 'waiting' | 'gone'> {
    const { readyChecks, scheduler, logger } = this.context;
    const outcome = await readyChecks.accept(checkId, userId, scheduler.now());
    if (outcome.status === 'late') await this.callOff(checkId, 'timeout');
    if (outcome.status !== 'both') return outcome.status === 'waiting' ? 'waiting' : 'gone';
    this.readyStats.started++;
    logger.info({ match: checkId }, 'ready check: both accepted, the battle starts');
    this.startPair(outcome.check.entries);
    return 'started';
  }

  /**
   * declineMatch: the player says no; they lose nothing and the other is queued again at the
   * front (F52, F53). Answers whether the check was theirs and still open.
   */
  async decline(userId: string, checkId: string): Promise<boolean> {
    if ((await this.context.readyChecks.of(userId)) !== checkId) return false;
    await this.callOff(checkId, 'declined', userId);
    return true;
  }

  /**
   * Every second (once per cluster: D-CLUSTER-15): pair players (the accepted gap widens), push
   * positions. A player who waited `botOfferMs` is offered a bot (`bot_offer`, "No opponent
   * found") and stays queued: a bot battle starts only when they ask for one (D-BATTLE-7).
   */
  async tick() {
    const { nodes, queue, scheduler, timings, send } = this.context;
    // A draining process places no new battle (D-CLUSTER-11); another process's tick pairs.
    if (this.draining && nodes) return;
    const now = scheduler.now();
    for (const checkId of await this.context.readyChecks.expired(now)) await this.callOff(checkId, 'timeout');
    await this.matchPairs();
    const entries = await queue.entries();
    for (const { entry, position } of entries) {
      send(
        entry.userId,
        'matchmakingUpdate',
        queueUpdate(entry, now, position, entries.length, timings.botOfferMs),
      );
    }
  }

  /**
   * The queued player chose a bot: their queue entry is taken (so no pairing can take it too) and
   * their claim becomes an entry's. False when they are not queued, or were paired a moment ago
   * (their PvP battle is starting: it is the one they get).
   */
  private async leaveQueueForBot(userId: string): Promise<boolean> {
    const { presence, queue } = this.context;
    if ((await presence.get(userId))?.kind !== 'queue') return false;
    if (!(await queue.remove(userId))) return false;
    this.queuedHere.delete(userId);
    await presence.set(userId, { kind: 'entering' });
    return true;
  }

  /**
   * Claims the player for the Arena. A battle claim whose battle no longer runs (a payout or a void
   * whose release Redis missed) is released first, so a player is never shut out by a leftover.
   */
  private async claimPresence(userId: string): Promise<boolean> {
    const { presence, database } = this.context;
    if (await presence.claim(userId, { kind: 'entering' })) return true;
    const current = await presence.get(userId);
    if (current?.kind !== 'battle' || this.rooms.get(current.battleId)) return false;
    const [row] = await database.db
      .select({ status: battles.status })
      .from(battles)
      .where(eq(battles.id, current.battleId))
      .limit(1);
    if (row?.status === 'active') return false;
    await presence.release(userId, current);
    return presence.claim(userId, { kind: 'entering' });
  }

  /** Queues the player (told at once with their position), then pairs whoever may fight now. */
  private async join(userId: string, ticket: Ticket, energy: number) {
    const { nodes, queue, scheduler, send } = this.context;
    const joinedAt = scheduler.now();
    const entry: QueueEntry<Ticket> = { userId, strength: ticket.entrant.strength, joinedAt, ticket };
    const node = nodes?.nodeId;
    await queue.add(node ? { ...entry, node } : entry);
    this.queuedHere.add(userId);
    const entries = await queue.entries();
    const position = entries.find((queued) => queued.entry.userId === userId)?.position ?? 0;
    send(userId, 'matchmakingStarted', {
      energy_to_spend: energy,
      position,
      queue_size: entries.length,
      message: SEARCHING_MESSAGE,
      elapsed_seconds: Math.floor((scheduler.now() - joinedAt) / 1000),
      bot_offer: false,
    });
    await this.matchPairs();
  }

  /** Pairs whoever may fight now; each pair gets a ready check, not a battle (F51). */
  private async matchPairs() {
    const { queue, scheduler } = this.context;
    const pairs = await queue.takePairs(scheduler.now());
    for (const [a, b] of pairs) {
      for (const entry of [a, b]) this.queuedHere.delete(entry.userId);
      await this.openCheck([a, b]).catch((error: unknown) => this.startFailed([a, b], error));
    }
  }

  /**
   * Asks both players to accept within the ready check's time. Their claims are written again, so
   * a cluster never takes a claim without a queue entry for a leftover while its check runs.
   */
  private async openCheck(entries: [QueueEntry<Ticket>, QueueEntry<Ticket>]) {
    const { readyChecks, presence, scheduler, timings, send, logger } = this.context;
    const now = scheduler.now();
    const check: ReadyCheck = { id: randomUUID(), deadline: now + timings.readyCheckMs, entries };
    await readyChecks.open(check);
    for (const entry of entries) await presence.set(entry.userId, { kind: 'queue' });
    this.readyStats.opened++;
    logger.info({ match: check.id, players: entries.map((e) => e.userId) }, 'ready check opened');
    const [a, b] = entries;
    for (const [me, them] of [
      [a, b],
      [b, a],
    ] as const) {
      const { contender } = them.ticket.entrant;
      send(me.userId, 'matchFound', {
        match_id: check.id,
        server_now: now,
        deadline: check.deadline,
        opponent: {
          name: contender.name,
          level: contender.level,
          character: { name: contender.character.name, image: contender.character.image },
        },
      });
    }
  }

  /**
   * Calls a ready check off (once: whoever takes it acts). The one who declined or left, and on a
   * timeout everyone who had not accepted, leave the queue having paid nothing (F52); a player
   * who had accepted goes back to the front of the queue (F53).
   */
  private async callOff(checkId: string, reason: 'declined' | 'left' | 'timeout', leaverId?: string) {
    const { readyChecks, presence, queue, nodes, send, logger } = this.context;
    const taken = await readyChecks.take(checkId);
    if (!taken) return;
    const { check, accepted } = taken;
    this.readyStats[reason === 'timeout' ? 'timedOut' : reason]++;
    logger.info({ match: checkId, reason, accepted: accepted.length }, 'ready check called off');
    for (const entry of check.entries) {
      const out = leaverId ? entry.userId === leaverId : !accepted.includes(entry.userId);
      if (out) {
        await presence.release(entry.userId, { kind: 'queue' });
        const own = reason === 'timeout' ? 'timeout' : reason;
        send(entry.userId, 'matchCancelled', {
          match_id: checkId,
          reason: own,
          message: CHECK_ENDED[own],
          requeued: false,
        });
        send(entry.userId, 'matchmakingCancelled', { message: CANCELLED_MESSAGE });
        continue;
      }
      await queue.add({ ...entry, front: true });
      await presence.set(entry.userId, { kind: 'queue' });
      if (!nodes || entry.node === undefined || entry.node === nodes.nodeId)
        this.queuedHere.add(entry.userId);
      send(entry.userId, 'matchCancelled', {
        match_id: checkId,
        reason: 'opponent-declined',
        message: CHECK_ENDED['opponent-declined'],
        requeued: true,
      });
    }
  }

  /** Both accepted: the battle starts as a matched pair always did (stakes taken at its entry). */
  private startPair(entries: [QueueEntry<Ticket>, QueueEntry<Ticket>]) {
    const [a, b] = entries;
    this.starts.startPvp(a, b).catch((error: unknown) => this.startFailed(entries, error));
  }

  private async startFailed(entries: QueueEntry<Ticket>[], error: unknown) {
    const { presence, send, logger } = this.context;
    logger.error({ err: error }, 'starting a PvP battle failed');
    for (const entry of entries) {
      await presence.release(entry.userId).catch(() => undefined);
      send(entry.userId, 'error', {
        code: 'server/internal',
        message: ERRORS['server/internal'].message,
      });
    }
  }
}

/** A queued player's `matchmakingUpdate`: where they stand, how long they waited, whether a bot is offered. */
function queueUpdate(
  entry: QueueEntry<Ticket>,
  now: number,
  position: number,
  size: number,
  botOfferMs: number,
) {
  const botOffer = now - entry.joinedAt >= botOfferMs;
  return {
    energy_to_spend: entry.ticket.entrant.energyToSpend,
    position,
    queue_size: size,
    message: botOffer ? NOT_FOUND_MESSAGE : SEARCHING_MESSAGE,
    elapsed_seconds: Math.floor((now - entry.joinedAt) / 1000),
    bot_offer: botOffer,
  };
}
