import { randomInt, randomUUID } from 'node:crypto';
import { createBattle, type Outcome } from '@titans/shared/battle/battle-rules';
import { BOTS, type Difficulty } from '@titans/shared/battle/bots';
import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { MATCHMAKING_UPDATE_MS, REMATCH_DIFFICULTY } from '@titans/shared/constants';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../clock.ts';
import type { BattleTimings } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { battles } from '../db/schema.ts';
import type { BalanceGateway, MoneyContext } from '../money/balance-gateway.ts';
import { succeeded } from '../money/money-result.ts';
import { type ActionReply, type ArenaAction, applyAction } from './battle-actions.ts';
import {
  checkFunds,
  contenderOf,
  type Entered,
  enterNew,
  insertBattle,
  type NewBattle,
} from './battle-entry.ts';
import { type Entrant, levelIn, loadEntrant } from './battle-repository.ts';
import { BattleRoom, type Contender, type Send } from './battle-room.ts';
import { settleBattle, voidBattle } from './battle-settlement.ts';
import { resultMessages, voidedMessage, voidedWithoutRoom } from './battle-view.ts';
import type { BoostReader } from './boost-reader.ts';
import {
  type ArenaPresence,
  InMemoryArenaPresence,
  InMemoryMatchQueue,
  type MatchQueue,
  type QueueEntry,
} from './matchmaking-queue.ts';

export interface BattleServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  scheduler: Scheduler;
  /** The Emporium's running boosters, read when a battle starts (F31, F32). */
  boosts: BoostReader;
  timings: BattleTimings;
  logger: FastifyBaseLogger;
  send: Send;
  /** The battle's random seed; tests pass their own so battles replay. */
  seed?: () => number;
  queue?: MatchQueue<Ticket>;
  presence?: ArenaPresence;
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

/** How the Arena reaches a cluster's other processes (decisions: D-CLUSTER-15 to D-CLUSTER-17). */
export interface ArenaNodes {
  readonly nodeId: string;
  /** Takes a player's entry into an existing battle on the process they queued on. */
  enterRemote(
    node: string,
    battleId: string,
    entrant: Entrant,
  ): Promise<{ ok: true; entered: Entered } | { ok: false; code: ErrorCode }>;
  /** Starts a bot battle, on their own process, for a player who waited out the queue. */
  offerBot(node: string, entry: QueueEntry<Ticket>): void;
  /** Forwards an action to the host of a battle this process does not hold. */
  forward(userId: string, battleId: string, action: ArenaAction): Promise<ActionReply>;
  /** Tells a battle's host that the battle was voided here (its room stops). */
  dropRoom(host: string, battleId: string): void;
}

export interface Ticket {
  entrant: Entrant;
  difficulty?: Difficulty;
}

export type ArenaFailure = { code: ErrorCode; message?: string };

const DRAINING_MESSAGE = 'This server is restarting: try again in a moment';
const VOIDED_MESSAGE = 'This battle was cancelled: your stake and energy are back';
const ARENA_UNAVAILABLE_MESSAGE = 'The Arena is unavailable for a moment: try again soon';
const SETTLE_RETRIES = 5;
const SETTLE_RETRY_MS = 2_000;

/**
 * The Arena on the server: entry checks, the matchmaking queue, one BattleRoom per battle, and
 * the payout. Outcomes are paid once, through the BalanceGateway, in the same transaction that
 * marks the battle row finished (D-BATTLE-10). In a cluster the queue and presence live in Redis
 * and a battle's room lives on its host process (D-CLUSTER-15 to D-CLUSTER-17).
 */
export class BattleService {
  private readonly rooms = new Map<string, BattleRoom>();
  /** This process's view for the operator: who fights in a room here, who queued through here. */
  private readonly roomOf = new Map<string, string>();
  private readonly queuedHere = new Set<string>();
  private readonly queue: MatchQueue<Ticket>;
  private readonly presence: ArenaPresence;
  private matchmakingTimer: TimerHandle | null = null;
  private readonly settling = new Set<Promise<unknown>>();
  private draining = false;
  readonly stats = {
    started: 0,
    settled: 0,
    settleFailures: 0,
    lateness: [] as number[],
  };
  /** Set by the benchmark to collect timer lateness samples. */
  recordLateness = false;

  constructor(private readonly deps: BattleServiceDeps) {
    this.queue = deps.queue ?? new InMemoryMatchQueue<Ticket>();
    this.presence = deps.presence ?? new InMemoryArenaPresence();
  }

  /** Voids the battles a crashed process left (stakes and energy returned), and starts the matchmaking tick. */
  async start() {
    const voided = this.deps.voidAtStart === false ? 0 : await this.voidUnfinished();
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
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Resolves true once no battle runs, nobody is queued and every payout is done; false after timeoutMs. */
  async whenIdle(timeoutMs: number): Promise<boolean> {
    // Real time, not the Arena's scheduler: a test's manual scheduler must not hold shutdown.
    for (let waited = 0; ; waited += 50) {
      const queued = await this.queue.queuedHere().catch(() => 0);
      if (this.rooms.size === 0 && queued === 0 && this.settling.size === 0) return true;
      if (waited >= timeoutMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops timers and waits for payouts in flight. Unfinished battles are voided on the next start. */
  async close() {
    this.matchmakingTimer?.cancel();
    for (const room of this.rooms.values()) room.dispose();
    await Promise.allSettled([...this.settling]);
  }

  /** For GET /metrics: rooms held, battles started and paid, and (then cleared) timer lateness samples. */
  metrics() {
    this.recordLateness = true;
    const lateness = this.stats.lateness.splice(0);
    return {
      rooms: this.rooms.size,
      queued: this.queuedHere.size,
      started: this.stats.started,
      settled: this.stats.settled,
      settleFailures: this.stats.settleFailures,
      lateness,
    };
  }

  /** The battle the player fights in a room of this process (the operator's view, OPS4). */
  activeBattleOf(userId: string): string | null {
    return this.roomOf.get(userId) ?? null;
  }

  /** Whether the player queued through this process and is still waiting (the operator's view). */
  isQueued(userId: string) {
    return this.queuedHere.has(userId);
  }

  /** The player's battle or queue anywhere (a cluster's presence), for battleActive. */
  async arenaStateOf(userId: string): Promise<{ battleId: string | null; queued: boolean }> {
    const claim = await this.presence.get(userId);
    return {
      battleId: claim?.kind === 'battle' ? claim.battleId : null,
      queued: claim?.kind === 'queue' && (await this.queue.has(userId)),
    };
  }

  roomCount() {
    return this.rooms.size;
  }

  room(battleId: string): BattleRoom | undefined {
    return this.rooms.get(battleId);
  }

  /** A player's action in a battle: applied here, or forwarded to the battle's host (D-CLUSTER-17). */
  async act(userId: string, battleId: string, action: ArenaAction): Promise<ActionReply> {
    const room = this.rooms.get(battleId);
    if (room || !this.deps.nodes) return applyAction(room, userId, action);
    return this.deps.nodes.forward(userId, battleId, action);
  }

  /** An action forwarded by a player's process: only a room held here answers (D-CLUSTER-17). */
  actHere(userId: string, battleId: string, action: ArenaAction): ActionReply {
    return applyAction(this.rooms.get(battleId), userId, action);
  }

  /** findMatch: checks entry, then starts a bot battle at once or joins the queue. */
  async findMatch(userId: string, request: FindMatchPayload): Promise<ArenaFailure | null> {
    if (this.draining) return { code: 'server/unavailable', message: DRAINING_MESSAGE };
    if (request.battle_type === 'pve' && !request.difficulty) return { code: 'battle/difficulty-required' };
    const claimed = await this.claimPresence(userId).catch((error: unknown) => {
      // A cluster's presence is in Redis (D-CLUSTER-15): without it nobody can be matched.
      this.deps.logger.warn({ err: error }, 'arena presence unavailable');
      return null;
    });
    if (claimed === null) return { code: 'server/unavailable', message: ARENA_UNAVAILABLE_MESSAGE };
    if (!claimed) return { code: 'battle/already-in-battle' };
    let keep = false;
    try {
      const loaded = await loadEntrant(this.deps.database, userId, request);
      if (!loaded.ok) return { code: loaded.code };
      const ticket: Ticket = { entrant: loaded.entrant, difficulty: request.difficulty };
      if (request.battle_type === 'pve' && request.difficulty) {
        const failure = await this.startPve(ticket, request.difficulty);
        keep = failure === null;
        return failure;
      }
      // Checked now so the player hears at once; checked again when the energy is spent.
      const checked = await this.deps.gateway.change(userId, (m) => checkFunds(m, loaded.entrant));
      if (!checked.ok) return { code: checked.code as ErrorCode };
      await this.presence.set(userId, { kind: 'queue' });
      keep = true;
      const joinedAt = this.deps.scheduler.now();
      await this.enqueue({ userId, strength: loaded.entrant.strength, joinedAt, ticket });
      this.deps.send(
        userId,
        'matchmakingStarted',
        await this.queuePayload(userId, request.energy_to_spend, joinedAt),
      );
      await this.matchPairs();
      return null;
    } finally {
      if (!keep) await this.presence.release(userId, { kind: 'entering' });
    }
  }

  /**
   * Claims the player for the Arena. A battle claim whose battle no longer runs (a payout or a void
   * whose release Redis missed) is released first, so a player is never shut out by a leftover.
   */
  private async claimPresence(userId: string): Promise<boolean> {
    if (await this.presence.claim(userId, { kind: 'entering' })) return true;
    const current = await this.presence.get(userId);
    if (current?.kind !== 'battle' || this.rooms.has(current.battleId)) return false;
    const [row] = await this.deps.database.db
      .select({ status: battles.status })
      .from(battles)
      .where(eq(battles.id, current.battleId))
      .limit(1);
    if (row?.status === 'active') return false;
    await this.presence.release(userId, current);
    return this.presence.claim(userId, { kind: 'entering' });
  }

  /** cancelMatchmaking: leaves the queue at once. */
  async cancelMatchmaking(userId: string) {
    await this.dequeue(userId);
    this.deps.send(userId, 'matchmakingCancelled', { message: 'Matchmaking cancelled' });
  }

  /** The player's last socket went away: leave the queue, or start the battle's rejoin grace period. */
  async playerLeft(userId: string) {
    if (await this.dequeue(userId)) return;
    const claim = await this.presence.get(userId);
    if (claim?.kind !== 'battle') return;
    const reply = await this.act(userId, claim.battleId, { type: 'left' }).catch(() => null);
    if (reply && !reply.ok && reply.code !== 'battle/not-found')
      this.deps.logger.debug({ code: reply.code, userId }, 'a departure was not applied');
  }

  /** Takes the player out of the queue (anywhere in a cluster); answers whether they were queued. */
  private async dequeue(userId: string): Promise<boolean> {
    this.queuedHere.delete(userId);
    const entry = await this.queue.remove(userId);
    if (entry) await this.presence.release(userId, { kind: 'queue' });
    return entry !== undefined;
  }

  private async enqueue(entry: QueueEntry<Ticket>) {
    const node = this.deps.nodes?.nodeId;
    await this.queue.add(node ? { ...entry, node } : entry);
    if (!node || entry.node === undefined || entry.node === node) this.queuedHere.add(entry.userId);
  }

  /** Whether this process may write the queue entry's player (one process: everyone). */
  private isLocal(entry: QueueEntry<Ticket>) {
    return !this.deps.nodes || entry.node === undefined || entry.node === this.deps.nodes.nodeId;
  }

  /**
   * Spends every entrant's energy and writes the battle row, in one balance change. The boosters
   * running at this instant are the battle's (F31, F32: a snapshot taken at its start).
   */
  private async enter(battle: NewBattle, entrants: Entrant[]) {
    return this.deps.gateway.changeMany(
      entrants.map((e) => e.userId),
      (m) => enterNew(m, this.deps.boosts, battle, entrants),
    );
  }

  private seed() {
    return this.deps.seed?.() ?? randomInt(0, 2 ** 31);
  }

  private async startPve(ticket: Ticket, difficulty: Difficulty): Promise<ArenaFailure | null> {
    const { entrant } = ticket;
    const id = randomUUID();
    const seed = this.seed();
    const host = this.deps.nodes?.nodeId ?? null;
    const battle: NewBattle = { id, mode: 'pve', difficulty, seed, players: [entrant], host };
    const entered = await this.enter(battle, [entrant]);
    if (!entered.ok) return { code: entered.code as ErrorCode };
    const now = this.deps.scheduler.now();
    const { timings } = this.deps;
    const mine = entered.value.get(entrant.userId);
    if (!mine) throw new Error('the entrant did not enter');
    const { state, bot } = createBattle({
      seed,
      createdAt: now,
      fightStartsAt: now + timings.botSetupMs + timings.introMs,
      timeLimitMs: timings.timeLimitMs,
      player: mine.fighter,
      // Bots fight with their own rolled stats only (D-BATTLE-12).
      opponent: { kind: 'bot', difficulty },
    });
    const definition = bot ?? BOTS[difficulty];
    const botContender: Contender = {
      userId: null,
      name: definition.name,
      level: definition.level,
      character: { _id: `bot-${difficulty}`, name: definition.name, image: definition.image },
      equippedItems: [],
      boosters: [],
      energy: 0,
      maxEnergy: 0,
    };
    await this.open(id, false, difficulty, state, [contenderOf(entrant, mine), botContender]);
    return null;
  }

  /**
   * Starts a PvP battle here. In a cluster this process hosts it: it writes the row with the
   * entries of the players it may write, and each other player's own process takes theirs
   * (D-CLUSTER-16); if one cannot, the battle is voided, which returns exactly what was taken.
   */
  private async startPvp(a: QueueEntry<Ticket>, b: QueueEntry<Ticket>) {
    const pair = [a, b];
    for (const entry of pair) await this.presence.set(entry.userId, { kind: 'entering' });
    const id = randomUUID();
    const seed = this.seed();
    const host = this.deps.nodes?.nodeId ?? null;
    const players = pair.map((entry) => entry.ticket.entrant);
    const battle: NewBattle = { id, mode: 'pvp', difficulty: null, seed, players, host };
    const local = pair.filter((entry) => this.isLocal(entry)).map((entry) => entry.ticket.entrant);
    const entered = local.length
      ? await this.enter(battle, local)
      : await insertBattle(this.deps.database.db, battle, [], [], this.deps.scheduler.now()).then(() =>
          succeeded(new Map<string, Entered>()),
        );
    if (!entered.ok) {
      const failedId = (entered.data as { userId?: string } | undefined)?.userId;
      return this.entryFailed(pair, failedId, entered.code as ErrorCode, entered.message);
    }
    const all = new Map(entered.value);
    const remote = await Promise.all(
      pair
        .filter((entry) => !this.isLocal(entry))
        .map(async (entry) => ({ entry, result: await this.enterRemotely(id, entry) })),
    );
    for (const { entry, result } of remote) {
      if (!result.ok) {
        await this.voidRow(id, 'entry-failed', { notify: false });
        return this.entryFailed(pair, entry.userId, result.code);
      }
      all.set(entry.userId, result.entered);
    }
    const ea = all.get(a.userId);
    const eb = all.get(b.userId);
    if (!ea || !eb) throw new Error('a player did not enter');
    const now = this.deps.scheduler.now();
    const { timings } = this.deps;
    const { state } = createBattle({
      seed,
      createdAt: now,
      fightStartsAt: now + timings.introMs,
      timeLimitMs: timings.timeLimitMs,
      player: ea.fighter,
      opponent: { kind: 'player', fighter: eb.fighter },
    });
    await this.open(id, true, null, state, [
      contenderOf(a.ticket.entrant, ea),
      contenderOf(b.ticket.entrant, eb),
    ]);
  }

  private async enterRemotely(battleId: string, entry: QueueEntry<Ticket>) {
    const { nodes } = this.deps;
    if (!nodes || !entry.node) return { ok: false as const, code: 'server/internal' as const };
    return nodes.enterRemote(entry.node, battleId, entry.ticket.entrant).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, node: entry.node }, 'a remote entry got no answer');
      return { ok: false as const, code: 'server/unavailable' as const };
    });
  }

  /** The player who could not enter hears why; the other goes back to the queue. */
  private async entryFailed(
    pair: QueueEntry<Ticket>[],
    failedId: string | undefined,
    code: ErrorCode,
    text?: string,
  ) {
    const message = text ?? ERRORS[code]?.message ?? 'Matchmaking failed';
    for (const entry of pair) {
      if (failedId === undefined || entry.userId === failedId) {
        await this.presence.release(entry.userId);
        this.deps.send(entry.userId, 'matchmakingCancelled', { message });
        this.deps.send(entry.userId, 'error', { code, message });
      } else {
        await this.presence.set(entry.userId, { kind: 'queue' });
        await this.queue.add(entry);
      }
    }
  }

  private async open(
    id: string,
    isPvp: boolean,
    difficulty: Difficulty | null,
    state: ReturnType<typeof createBattle>['state'],
    contenders: [Contender, Contender],
  ) {
    const room = new BattleRoom({
      id,
      isPvp,
      difficulty,
      state,
      contenders,
      scheduler: this.deps.scheduler,
      rejoinGraceMs: this.deps.timings.rejoinGraceMs,
      hooks: {
        send: this.deps.send,
        onEnded: (ended, outcome) => this.settle(ended, outcome),
        onLateness: (ms) => {
          if (this.recordLateness && this.stats.lateness.length < 200_000) this.stats.lateness.push(ms);
        },
      },
    });
    this.rooms.set(id, room);
    this.stats.started++;
    const host = this.deps.nodes?.nodeId;
    for (const userId of room.humans()) {
      this.roomOf.set(userId, id);
      await this.presence.set(
        userId,
        host ? { kind: 'battle', battleId: id, host } : { kind: 'battle', battleId: id },
      );
    }
    for (const userId of room.humans())
      this.deps.send(userId, 'battleStarted', room.startedPayload(userId, false));
    room.start();
  }

  private async matchPairs() {
    const pairs = await this.queue.takePairs(this.deps.scheduler.now());
    for (const [a, b] of pairs) {
      for (const entry of [a, b]) this.queuedHere.delete(entry.userId);
      this.startPvp(a, b).catch(async (error: unknown) => {
        this.deps.logger.error({ err: error }, 'starting a PvP battle failed');
        for (const entry of [a, b]) {
          await this.presence.release(entry.userId).catch(() => undefined);
          this.deps.send(entry.userId, 'error', {
            code: 'server/internal',
            message: ERRORS['server/internal'].message,
          });
        }
      });
    }
  }

  private async queuePayload(
    userId: string,
    energy: number,
    joinedAt: number,
    message = 'Searching for any opponent',
  ) {
    const entries = await this.queue.entries();
    const position = entries.find(({ entry }) => entry.userId === userId)?.position ?? 0;
    return {
      energy_to_spend: energy,
      position,
      queue_size: entries.length,
      message,
      elapsed_seconds: Math.floor((this.deps.scheduler.now() - joinedAt) / 1000),
    };
  }

  /**
   * Every second (once per cluster: D-CLUSTER-15): pair players (the accepted gap widens), offer
   * the long-waiting a bot on their own process, push positions.
   */
  async tick() {
    // A draining process places no new battle (D-CLUSTER-11); another process's tick pairs.
    if (this.draining && this.deps.nodes) return;
    const now = this.deps.scheduler.now();
    await this.matchPairs();
    for (const entry of await this.queue.takeExpired(now, this.deps.timings.botOfferMs)) {
      this.queuedHere.delete(entry.userId);
      this.deps.send(entry.userId, 'matchmakingUpdate', {
        energy_to_spend: entry.ticket.entrant.energyToSpend,
        position: 0,
        queue_size: await this.queue.size(),
        message: 'No opponent found',
        elapsed_seconds: Math.floor((now - entry.joinedAt) / 1000),
      });
      if (this.isLocal(entry)) void this.offerBot(entry);
      else if (entry.node) this.deps.nodes?.offerBot(entry.node, entry);
    }
    const entries = await this.queue.entries();
    for (const { entry, position } of entries) {
      this.deps.send(entry.userId, 'matchmakingUpdate', {
        energy_to_spend: entry.ticket.entrant.energyToSpend,
        position,
        queue_size: entries.length,
        message: 'Searching for any opponent',
        elapsed_seconds: Math.floor((now - entry.joinedAt) / 1000),
      });
    }
  }

  /** F27: a bot battle for a player nobody was matched with (on the player's own process). */
  async offerBot(entry: QueueEntry<Ticket>) {
    try {
      await this.presence.set(entry.userId, { kind: 'entering' });
      const failure = await this.startPve(entry.ticket, entry.ticket.difficulty ?? REMATCH_DIFFICULTY);
      if (!failure) return;
      await this.presence.release(entry.userId);
      this.deps.send(entry.userId, 'matchmakingCancelled', {
        message: failure.message ?? ERRORS[failure.code].message,
      });
    } catch (error) {
      await this.presence.release(entry.userId).catch(() => undefined);
      this.deps.logger.error({ err: error }, 'starting a bot battle after matchmaking failed');
    }
  }

  private settle(room: BattleRoom, outcome: Outcome) {
    const run = this.pay(room, outcome, 0);
    this.settling.add(run);
    void run.finally(() => this.settling.delete(run));
  }

  /** Pays the battle once: the battle row turns finished in the same transaction as the coins. */
  private async pay(room: BattleRoom, outcome: Outcome, attempt: number): Promise<void> {
    const result = await this.deps.gateway.changeMany(room.humans(), (m) => settleBattle(m, room, outcome));
    if (!result.ok) {
      if (result.code !== 'battle/over' && attempt < SETTLE_RETRIES) {
        this.stats.settleFailures++;
        this.deps.logger.error({ code: result.code, battleId: room.id }, 'paying a battle failed; retrying');
        await new Promise<void>((resolve) => this.deps.scheduler.setTimeout(resolve, SETTLE_RETRY_MS));
        return this.pay(room, outcome, attempt + 1);
      }
      if (result.code !== 'battle/over')
        this.deps.logger.error(
          { code: result.code, battleId: room.id },
          'a battle could not be paid; it stays active and is voided on restart',
        );
      this.close_(room);
      return;
    }
    this.stats.settled++;
    this.close_(room);
    for (const player of result.value) {
      const messages = resultMessages(room, outcome, player);
      if (messages.autoResolve) this.deps.send(player.userId, 'battleAutoResolve', messages.autoResolve);
      this.deps.send(player.userId, 'battleCompleted', messages.completed);
      if (messages.pvp) this.deps.send(player.userId, 'pvpBattleResult', messages.pvp);
    }
  }

  /**
   * Voids one active battle (an operator, a crash's leftovers, a cluster's sweeper): its room stops
   * without a result, and stakes and energy go back to its players (F30, D-BATTLE-10). `inChange`
   * runs in the same balance change. Answers false when the battle is not active (already settled
   * or voided).
   */
  async voidBattle(
    battleId: string,
    reason: string,
    /** Runs inside the void's balance change (an operator's audit row commits with it, D-OPS-6). */
    inChange?: (m: MoneyContext) => Promise<unknown>,
  ): Promise<boolean> {
    return this.voidRow(battleId, reason, { inChange, notify: true });
  }

  private async voidRow(
    battleId: string,
    reason: string,
    options: { inChange?: (m: MoneyContext) => Promise<unknown>; notify: boolean },
  ): Promise<boolean> {
    const [row] = await this.deps.database.db
      .select({
        player1: battles.player1Id,
        player2: battles.player2Id,
        status: battles.status,
        host: battles.hostNode,
      })
      .from(battles)
      .where(eq(battles.id, battleId))
      .limit(1);
    if (row?.status !== 'active') return false;
    const players = row.player2 ? [row.player1, row.player2] : [row.player1];
    const voided = await this.deps.gateway.changeMany(players, async (m) => {
      const returned = await voidBattle(m, battleId, reason);
      await options.inChange?.(m);
      return returned;
    });
    if (!voided.ok) return false;
    const room = this.rooms.get(battleId);
    if (room) {
      this.close_(room);
      if (!options.notify) return true;
      for (const player of voided.value) {
        this.deps.send(player.userId, 'battleAutoResolve', { battle_id: battleId, message: VOIDED_MESSAGE });
        this.deps.send(player.userId, 'battleCompleted', voidedMessage(room, player));
      }
      return true;
    }
    // Hosted elsewhere (a cluster): the host drops its room; the players hear it from here.
    const { nodes } = this.deps;
    if (nodes && row.host && row.host !== nodes.nodeId) nodes.dropRoom(row.host, battleId);
    for (const player of voided.value) {
      await this.presence.release(player.userId, { kind: 'battle', battleId }).catch(() => undefined);
      if (!options.notify) continue;
      this.deps.send(player.userId, 'battleAutoResolve', { battle_id: battleId, message: VOIDED_MESSAGE });
      const level = await levelIn(this.deps.database, battleId, player.userId);
      this.deps.send(
        player.userId,
        'battleCompleted',
        voidedWithoutRoom(battleId, row.player2 !== null, level, player),
      );
    }
    return true;
  }

  /** A battle voided by another process (D-CLUSTER-18): its room here stops, without a word. */
  dropRoom(battleId: string) {
    const room = this.rooms.get(battleId);
    if (room) this.close_(room);
  }

  /** Voids every battle left active (at start-up, before any room exists here). */
  private async voidUnfinished(): Promise<number> {
    const active = await this.deps.database.db
      .select({ id: battles.id })
      .from(battles)
      .where(eq(battles.status, 'active'));
    let voided = 0;
    for (const { id } of active) if (await this.voidBattle(id, 'restart')) voided++;
    return voided;
  }

  private close_(room: BattleRoom) {
    room.dispose();
    this.rooms.delete(room.id);
    for (const userId of room.humans()) {
      this.roomOf.delete(userId);
      void this.presence
        .release(userId, { kind: 'battle', battleId: room.id })
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error, userId }, 'arena presence not released'),
        );
    }
  }
}
