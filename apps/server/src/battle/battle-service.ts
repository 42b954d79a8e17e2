import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { MATCHMAKING_UPDATE_MS } from '@titans/shared/constants';
import type { TimerHandle } from '../core/clock.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import type { ArenaContext, ArenaFailure, ArenaNodes, Ticket } from './arena-context.ts';
import { type ActionReply, type ArenaAction, applyAction } from './battle-actions.ts';
import { BattlePayouts } from './battle-payouts.ts';
import type { BattleRoom } from './battle-room.ts';
import { BattleRooms } from './battle-rooms.ts';
import { BattleStarts } from './battle-starts.ts';
import { Matchmaking } from './matchmaking.ts';
import {
  type ArenaPresence,
  InMemoryArenaPresence,
  InMemoryMatchQueue,
  type MatchQueue,
} from './matchmaking-queue.ts';
import { InMemoryReadyChecks, type ReadyChecks } from './ready-checks.ts';

// The facade's callers (app wiring, the cluster side) name the Arena's shared types from here.
export type { ArenaFailure, ArenaNodes, Ticket } from './arena-context.ts';

export interface BattleServiceDeps
  extends Omit<ArenaContext, 'queue' | 'presence' | 'readyChecks' | 'nodes'> {
  queue?: MatchQueue<Ticket>;
  presence?: ArenaPresence;
  readyChecks?: ReadyChecks;
  /**
   * Void every active battle at start (default true): right for one process, where any active
   * battle was left by a crash. False in a cluster, where other processes host live battles
   * (decisions: D-CLUSTER-5).
   */
  voidAtStart?: boolean;
  /**
   * A cluster's other processes (battle/cluster-arena.ts): remote entries, bot offers and
   * forwarded actions. Then the matchmaking tick is a cluster job calling `tick()` (D-CLUSTER-15).
   */
  nodes?: ArenaNodes;
}

/**
 * The Arena on the server, composed of its parts: matchmaking (entry checks, the queue and its
 * tick: matchmaking.ts), starts (entry and the rules' first state: battle-starts.ts), one
 * BattleRoom per battle (battle-rooms.ts), and payouts and voids (battle-payouts.ts). Outcomes are
 * paid once, through the BalanceGateway, in the same transaction that marks the battle row
 * finished (D-BATTLE-10). In a cluster the queue and presence live in Redis and a battle's room
 * lives on its host process (D-CLUSTER-15 to D-CLUSTER-17).
 */
export class BattleService {
  private readonly context: ArenaContext;
  private readonly rooms: BattleRooms;
  private readonly payouts: BattlePayouts;
  private readonly matchmaking: Matchmaking;
  private matchmakingTimer: TimerHandle | null = null;

  constructor(private readonly deps: BattleServiceDeps) {
    this.context = {
      ...deps,
      queue: deps.queue ?? new InMemoryMatchQueue<Ticket>(),
      presence: deps.presence ?? new InMemoryArenaPresence(),
      readyChecks: deps.readyChecks ?? new InMemoryReadyChecks(),
    };
    this.rooms = new BattleRooms(this.context, (room, outcome) => this.payouts.settle(room, outcome));
    this.payouts = new BattlePayouts(this.context, this.rooms);
    const starts = new BattleStarts(this.context, this.rooms, this.payouts);
    this.matchmaking = new Matchmaking(this.context, this.rooms, starts);
  }

  /** Voids the battles a crashed process left (stakes and energy returned), and starts the matchmaking tick. */
  async start() {
    const voided = this.deps.voidAtStart === false ? 0 : await this.payouts.voidUnfinished();
    if (voided > 0) this.deps.logger.warn({ voided }, 'voided battles left unfinished by a previous process');
    // A cluster ticks once per cluster: a cluster job calls tick() (D-CLUSTER-15).
    if (this.deps.nodes) return;
    this.matchmakingTimer = this.deps.scheduler.setInterval(() => void this.tick(), MATCHMAKING_UPDATE_MS);
  }

  /**
   * Graceful drain (decisions: D-CLUSTER-11): no new battle or queue entry from now on; battles
   * running and players already queued (paired or offered a bot as usual) play to the end.
   */
  stopAccepting(): void {
    this.matchmaking.stopAccepting();
  }

  get isDraining(): boolean {
    return this.matchmaking.isDraining;
  }

  /** Resolves true once no battle runs, nobody is queued and every payout is done; false after timeoutMs. */
  async whenIdle(timeoutMs: number): Promise<boolean> {
    // Real time, not the Arena's scheduler: a test's manual scheduler must not hold shutdown.
    for (let waited = 0; ; waited += 50) {
      const queued = await this.context.queue.queuedHere().catch(() => 0);
      if (this.rooms.size === 0 && queued === 0 && this.payouts.inFlight === 0) return true;
      if (waited >= timeoutMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops timers and waits for payouts in flight. Unfinished battles are voided on the next start. */
  async close() {
    this.matchmakingTimer?.cancel();
    this.rooms.disposeAll();
    await this.payouts.drained();
  }

  /** For GET /metrics: rooms held, battles started and paid, and (then cleared) timer lateness samples. */
  metrics() {
    const lateness = this.rooms.takeLateness();
    return {
      rooms: this.rooms.size,
      queued: this.matchmaking.queuedCount,
      started: this.rooms.started,
      settled: this.payouts.settled,
      settleFailures: this.payouts.settleFailures,
      lateness,
      readyChecks: { ...this.matchmaking.readyStats },
    };
  }

  /** The battle the player fights in a room of this process (the operator's view, OPS4). */
  activeBattleOf(userId: string): string | null {
    return this.rooms.battleOf(userId);
  }

  /** Whether the player queued through this process and is still waiting (the operator's view). */
  isQueued(userId: string) {
    return this.matchmaking.isQueued(userId);
  }

  /** The player's battle or queue anywhere (a cluster's presence), for battleActive. */
  async arenaStateOf(userId: string): Promise<{ battleId: string | null; queued: boolean }> {
    const claim = await this.context.presence.get(userId);
    return {
      battleId: claim?.kind === 'battle' ? claim.battleId : null,
      queued: claim?.kind === 'queue' && (await this.context.queue.has(userId)),
    };
  }

  roomCount() {
    return this.rooms.size;
  }

  room(battleId: string): BattleRoom | undefined {
    return this.rooms.get(battleId);
  }

  /**
   * A player's action in a battle: applied here, answered without a promise when the battle's
   * room is here (a tap on the hot path, D-BATTLE-16), or forwarded to the battle's host and
   * answered with a promise of its reply (D-CLUSTER-17).
   */
  act(userId: string, battleId: string, action: ArenaAction): ActionReply | Promise<ActionReply> {
    const room = this.rooms.get(battleId);
    if (room || !this.deps.nodes) return applyAction(room, userId, action);
    return this.deps.nodes.forward(userId, battleId, action);
  }

  /** An action forwarded by a player's process: only a room held here answers (D-CLUSTER-17). */
  actHere(userId: string, battleId: string, action: ArenaAction): ActionReply {
    return applyAction(this.rooms.get(battleId), userId, action);
  }

  /** findMatch: checks entry, then starts a bot battle at once or joins the queue. */
  findMatch(userId: string, request: FindMatchPayload): Promise<ArenaFailure | null> {
    return this.matchmaking.findMatch(userId, request);
  }

  /** cancelMatchmaking: leaves the queue at once, or declines the ready check (F50, F52). */
  cancelMatchmaking(userId: string) {
    return this.matchmaking.cancel(userId);
  }

  /** acceptMatch: ready for the found match; the battle starts when both are (F51). */
  acceptMatch(userId: string, matchId: string) {
    return this.matchmaking.accept(userId, matchId);
  }

  /** declineMatch: no battle, nothing paid; the opponent is queued again at the front (F52, F53). */
  declineMatch(userId: string, matchId: string) {
    return this.matchmaking.decline(userId, matchId);
  }

  /** Ready checks opened and how they ended, on this process (the operator's view). */
  readyCheckStats() {
    return { ...this.matchmaking.readyStats };
  }

  /**
   * The player's last socket went away: leave the queue or the ready check (F50: a departure
   * declines it), or start the battle's rejoin grace period.
   */
  async playerLeft(userId: string) {
    if (await this.matchmaking.leave(userId)) return;
    const claim = await this.context.presence.get(userId);
    if (claim?.kind !== 'battle') return;
    let reply: ActionReply | null;
    try {
      reply = await this.act(userId, claim.battleId, { type: 'left' });
    } catch {
      reply = null;
    }
    if (reply && !reply.ok && reply.code !== 'battle/not-found')
      this.deps.logger.debug({ code: reply.code, userId }, 'a departure was not applied');
  }

  /**
   * Every second (once per cluster: D-CLUSTER-15): pair players (the accepted gap widens) and
   * push queue positions; a player who waits long chooses the bot themselves (F37, D-BATTLE-7).
   */
  tick() {
    return this.matchmaking.tick();
  }

  /**
   * Voids one active battle (an operator, a crash's leftovers, a cluster's sweeper): its room stops
   * without a result, and stakes and energy go back to its players (F30, D-BATTLE-10). `inChange`
   * runs in the same balance change. Answers false when the battle is not active (already settled
   * or voided).
   */
  voidBattle(
    battleId: string,
    reason: string,
    /** Runs inside the void's balance change (an operator's audit row commits with it, D-OPS-6). */
    inChange?: (m: MoneyContext) => Promise<unknown>,
  ): Promise<boolean> {
    return this.payouts.void(battleId, reason, { inChange, notify: true });
  }

  /** A battle voided by another process (D-CLUSTER-18): its room here stops, without a word. */
  dropRoom(battleId: string) {
    const room = this.rooms.get(battleId);
    if (room) this.rooms.close(room);
  }
}
