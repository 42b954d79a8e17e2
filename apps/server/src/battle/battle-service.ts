import { randomInt, randomUUID } from 'node:crypto';
import { createBattle, type Outcome } from '@titans/shared/battle/battle-rules';
import { BOTS, type Difficulty } from '@titans/shared/battle/bots';
import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import {
  BATTLE_STAKE,
  MATCHMAKING_UPDATE_MS,
  MIN_COINS_TO_BATTLE,
  REMATCH_DIFFICULTY,
} from '@titans/shared/constants';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../clock.ts';
import type { BattleTimings } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { type BattleEntry, battles } from '../db/schema.ts';
import type { BalanceGateway, MoneyContext } from '../money/balance-gateway.ts';
import {
  type BoostedEntrant,
  boostedAtStart,
  coinsOf,
  type Entrant,
  loadEntrant,
} from './battle-repository.ts';
import { BattleRoom, type Contender, type Send } from './battle-room.ts';
import { settleBattle, voidBattle } from './battle-settlement.ts';
import { resultMessages, voidedMessage } from './battle-view.ts';
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
}

export interface Ticket {
  entrant: Entrant;
  difficulty: Difficulty | undefined;
}

export type ArenaFailure = { code: ErrorCode; message?: string };

const DRAINING_MESSAGE = 'This server is restarting: try again in a moment';
const SETTLE_RETRIES = 5;
const SETTLE_RETRY_MS = 2_000;

/**
 * The Arena on the server: entry checks, the matchmaking queue, one BattleRoom per battle, and
 * the payout. Outcomes are paid once, through the BalanceGateway, in the same transaction that
 * marks the battle row finished (D-BATTLE-10).
 */
export class BattleService {
  private readonly rooms = new Map<string, BattleRoom>();
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
    this.matchmakingTimer = this.deps.scheduler.setInterval(
      () => this.matchmakingTick(),
      MATCHMAKING_UPDATE_MS,
    );
  }

  /**
   * Graceful drain (decisions: D-CLUSTER-11): no new battle or queue entry from now on; battles
   * running and players already queued (paired or offered a bot as usual) play to the end.
   */
  stopAccepting(): void {
    this.draining = true;
  }

  /** Resolves true once no battle runs, nobody is queued and every payout is done; false after timeoutMs. */
  async whenIdle(timeoutMs: number): Promise<boolean> {
    // Real time, not the Arena's scheduler: a test's manual scheduler must not hold shutdown.
    for (let waited = 0; ; waited += 50) {
      if (this.rooms.size === 0 && this.queue.size() === 0 && this.settling.size === 0) return true;
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
      queued: this.queue.size(),
      started: this.stats.started,
      settled: this.stats.settled,
      settleFailures: this.stats.settleFailures,
      lateness,
    };
  }

  activeBattleOf(userId: string): string | null {
    const claim = this.presence.get(userId);
    return claim?.kind === 'battle' ? claim.battleId : null;
  }

  isQueued(userId: string) {
    return this.queue.has(userId);
  }

  roomCount() {
    return this.rooms.size;
  }

  room(battleId: string): BattleRoom | undefined {
    return this.rooms.get(battleId);
  }

  /** The room a player may act in, or why not (unknown id, someone else's battle). */
  roomFor(userId: string, battleId: string): BattleRoom | ArenaFailure {
    const room = this.rooms.get(battleId);
    if (!room) return { code: 'battle/not-found' };
    if (room.sideOf(userId) === null) return { code: 'battle/forbidden' };
    return room;
  }

  /** findMatch: checks entry, then starts a bot battle at once or joins the queue. */
  async findMatch(userId: string, request: FindMatchPayload): Promise<ArenaFailure | null> {
    if (this.draining) return { code: 'server/unavailable', message: DRAINING_MESSAGE };
    if (request.battle_type === 'pve' && !request.difficulty) return { code: 'battle/difficulty-required' };
    if (!this.presence.claim(userId, { kind: 'entering' })) return { code: 'battle/already-in-battle' };
    let keep = false;
    try {
      const loaded = await loadEntrant(this.deps.database, userId, request);
      if (!loaded.ok) return { code: loaded.code };
      const ticket: Ticket = { entrant: loaded.entrant, difficulty: request.difficulty };
      if (request.battle_type === 'pve') {
        const failure = await this.startPve(ticket, request.difficulty!);
        keep = failure === null;
        return failure;
      }
      // Checked now so the player hears at once; checked again when the energy is spent.
      const checked = await this.deps.gateway.change(userId, (m) => this.checkFunds(m, loaded.entrant));
      if (!checked.ok) return { code: checked.code as ErrorCode };
      this.presence.set(userId, { kind: 'queue' });
      keep = true;
      const joinedAt = this.deps.scheduler.now();
      this.queue.add({ userId, strength: loaded.entrant.strength, joinedAt, ticket });
      this.deps.send(
        userId,
        'matchmakingStarted',
        this.queuePayload(userId, request.energy_to_spend, joinedAt),
      );
      this.matchPairs();
      return null;
    } finally {
      if (!keep) this.presence.release(userId, { kind: 'entering' });
    }
  }

  /** cancelMatchmaking: leaves the queue at once. */
  cancelMatchmaking(userId: string) {
    const entry = this.queue.remove(userId);
    if (entry) this.presence.release(userId, { kind: 'queue' });
    this.deps.send(userId, 'matchmakingCancelled', { message: 'Matchmaking cancelled' });
  }

  /** The player's last socket went away: leave the queue, or start the battle's rejoin grace period. */
  playerLeft(userId: string) {
    if (this.queue.has(userId)) {
      this.queue.remove(userId);
      this.presence.release(userId, { kind: 'queue' });
      return;
    }
    const battleId = this.activeBattleOf(userId);
    if (battleId) this.rooms.get(battleId)?.absent(userId);
  }

  private async checkFunds(m: MoneyContext, entrant: Entrant) {
    if ((await coinsOf(m.tx, entrant.userId)) < MIN_COINS_TO_BATTLE)
      m.fail('battle/insufficient-coins', undefined, { userId: entrant.userId });
    const energy = m.energy(entrant.userId);
    if (energy.energy < entrant.energyToSpend)
      m.fail('battle/insufficient-energy', undefined, { userId: entrant.userId });
    return energy;
  }

  /**
   * Spends every entrant's energy and writes the battle row, in one balance change. The boosters
   * running at this instant are the battle's (F31, F32: a snapshot taken at its start).
   */
  private async enter(
    entrants: Entrant[],
    battle: { id: string; mode: 'pve' | 'pvp'; difficulty: Difficulty | null; seed: number },
  ) {
    return this.deps.gateway.changeMany(
      entrants.map((e) => e.userId),
      async (m) => {
        const entered: Array<BoostedEntrant & { energy: number; max: number }> = [];
        const entry: BattleEntry[] = [];
        for (const entrant of entrants) {
          const energy = await this.checkFunds(m, entrant);
          await m.spendEnergy(entrant.userId, entrant.energyToSpend, 'battle/insufficient-energy');
          // F33 (D-BATTLE-13): the stake is held from the start, so spending during the fight
          // cannot lower what a defeat costs.
          await m.apply({
            userId: entrant.userId,
            currency: 'coins',
            delta: -BATTLE_STAKE,
            reason: 'battle-stake',
            idempotencyKey: `battle:${battle.id}:${entrant.userId}:stake`,
            meta: { battleId: battle.id },
            insufficient: 'battle/insufficient-coins',
          });
          entry.push({ userId: entrant.userId, stake: BATTLE_STAKE, energy: entrant.energyToSpend });
          const boosted = await boostedAtStart(this.deps.boosts, m.tx, entrant, m.now);
          entered.push({ ...boosted, energy: energy.energy - entrant.energyToSpend, max: energy.max });
        }
        await m.tx.insert(battles).values({
          id: battle.id,
          mode: battle.mode,
          difficulty: battle.difficulty,
          player1Id: entrants[0]!.userId,
          player2Id: entrants[1]?.userId ?? null,
          player1CharacterId: entrants[0]!.characterId,
          player2CharacterId: entrants[1]?.characterId ?? null,
          status: 'active',
          stats: { seed: battle.seed, boosts: entered.map((e) => e.totals) },
          entry,
          startedAt: new Date(m.now),
        });
        return entered;
      },
    );
  }

  private seed() {
    return this.deps.seed?.() ?? randomInt(0, 2 ** 31);
  }

  private async startPve(ticket: Ticket, difficulty: Difficulty): Promise<ArenaFailure | null> {
    const { entrant } = ticket;
    const id = randomUUID();
    const seed = this.seed();
    const entered = await this.enter([entrant], { id, mode: 'pve', difficulty, seed });
    if (!entered.ok) return { code: entered.code as ErrorCode };
    const now = this.deps.scheduler.now();
    const { timings } = this.deps;
    const mine = entered.value[0]!;
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
    this.open(id, false, difficulty, state, [
      { ...entrant.contender, boosters: mine.boosters, energy: mine.energy, maxEnergy: mine.max },
      botContender,
    ]);
    return null;
  }

  private async startPvp(a: QueueEntry<Ticket>, b: QueueEntry<Ticket>) {
    this.presence.set(a.userId, { kind: 'entering' });
    this.presence.set(b.userId, { kind: 'entering' });
    const id = randomUUID();
    const seed = this.seed();
    const entrants = [a.ticket.entrant, b.ticket.entrant];
    const entered = await this.enter(entrants, { id, mode: 'pvp', difficulty: null, seed });
    if (!entered.ok) {
      // The player who can no longer enter hears why; the other goes back to the queue.
      const failedId = (entered.data as { userId?: string } | undefined)?.userId;
      for (const entry of [a, b]) {
        if (failedId === undefined || entry.userId === failedId) {
          this.presence.release(entry.userId);
          this.deps.send(entry.userId, 'matchmakingCancelled', {
            message: entered.message ?? ERRORS[entered.code as ErrorCode]?.message ?? 'Matchmaking failed',
          });
          this.deps.send(entry.userId, 'error', {
            code: entered.code,
            message: entered.message ?? ERRORS[entered.code as ErrorCode]?.message ?? 'Matchmaking failed',
          });
        } else {
          this.presence.set(entry.userId, { kind: 'queue' });
          this.queue.add(entry);
        }
      }
      return;
    }
    const now = this.deps.scheduler.now();
    const { timings } = this.deps;
    const ea = entered.value[0]!;
    const eb = entered.value[1]!;
    const { state } = createBattle({
      seed,
      createdAt: now,
      fightStartsAt: now + timings.introMs,
      timeLimitMs: timings.timeLimitMs,
      player: ea.fighter,
      opponent: { kind: 'player', fighter: eb.fighter },
    });
    this.open(id, true, null, state, [
      { ...a.ticket.entrant.contender, boosters: ea.boosters, energy: ea.energy, maxEnergy: ea.max },
      { ...b.ticket.entrant.contender, boosters: eb.boosters, energy: eb.energy, maxEnergy: eb.max },
    ]);
  }

  private open(
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
    for (const userId of room.humans()) {
      this.presence.set(userId, { kind: 'battle', battleId: id });
      this.deps.send(userId, 'battleStarted', room.startedPayload(userId, false));
    }
    room.start();
  }

  private matchPairs() {
    for (const [a, b] of this.queue.takePairs(this.deps.scheduler.now())) {
      this.startPvp(a, b).catch((error: unknown) => {
        this.deps.logger.error({ err: error }, 'starting a PvP battle failed');
        for (const entry of [a, b]) {
          this.presence.release(entry.userId);
          this.deps.send(entry.userId, 'error', {
            code: 'server/internal',
            message: ERRORS['server/internal'].message,
          });
        }
      });
    }
  }

  private queuePayload(
    userId: string,
    energy: number,
    joinedAt: number,
    message = 'Searching for any opponent',
  ) {
    const position = this.queue.entries().find(({ entry }) => entry.userId === userId)?.position ?? 0;
    return {
      energy_to_spend: energy,
      position,
      queue_size: this.queue.size(),
      message,
      elapsed_seconds: Math.floor((this.deps.scheduler.now() - joinedAt) / 1000),
    };
  }

  /** Every second: pair players (the accepted gap widens), offer the long-waiting a bot, push positions. */
  private matchmakingTick() {
    const now = this.deps.scheduler.now();
    this.matchPairs();
    for (const entry of this.queue.takeExpired(now, this.deps.timings.botOfferMs)) {
      const energy = entry.ticket.entrant.energyToSpend;
      this.deps.send(entry.userId, 'matchmakingUpdate', {
        energy_to_spend: energy,
        position: 0,
        queue_size: this.queue.size(),
        message: 'No opponent found',
        elapsed_seconds: Math.floor((now - entry.joinedAt) / 1000),
      });
      this.presence.set(entry.userId, { kind: 'entering' });
      const difficulty = entry.ticket.difficulty ?? REMATCH_DIFFICULTY;
      this.startPve(entry.ticket, difficulty)
        .then((failure) => {
          if (!failure) return;
          this.presence.release(entry.userId);
          this.deps.send(entry.userId, 'matchmakingCancelled', {
            message: failure.message ?? ERRORS[failure.code].message,
          });
        })
        .catch((error: unknown) => {
          this.presence.release(entry.userId);
          this.deps.logger.error({ err: error }, 'starting a bot battle after matchmaking failed');
        });
    }
    for (const { entry } of this.queue.entries()) {
      this.deps.send(
        entry.userId,
        'matchmakingUpdate',
        this.queuePayload(entry.userId, entry.ticket.entrant.energyToSpend, entry.joinedAt),
      );
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
   * Voids one active battle (an operator, or a crash's leftovers): its room stops without a result,
   * and stakes and energy go back to its players (F30, D-BATTLE-10). Answers false when the battle
   * is not active (already settled or voided).
   */
  async voidBattle(
    battleId: string,
    reason: string,
    /** Runs inside the void's balance change (an operator's audit row commits with it, D-OPS-6). */
    inChange?: (m: MoneyContext) => Promise<unknown>,
  ): Promise<boolean> {
    const [row] = await this.deps.database.db
      .select({ player1: battles.player1Id, player2: battles.player2Id, status: battles.status })
      .from(battles)
      .where(eq(battles.id, battleId))
      .limit(1);
    if (row?.status !== 'active') return false;
    const players = row.player2 ? [row.player1, row.player2] : [row.player1];
    const voided = await this.deps.gateway.changeMany(players, async (m) => {
      const returned = await voidBattle(m, battleId, reason);
      await inChange?.(m);
      return returned;
    });
    if (!voided.ok) return false;
    const room = this.rooms.get(battleId);
    if (room) {
      this.close_(room);
      for (const player of voided.value) {
        this.deps.send(player.userId, 'battleAutoResolve', {
          battle_id: battleId,
          message: 'This battle was cancelled: your stake and energy are back',
        });
        this.deps.send(player.userId, 'battleCompleted', voidedMessage(room, player));
      }
    }
    return true;
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
    for (const userId of room.humans()) this.presence.release(userId, { kind: 'battle', battleId: room.id });
  }
}
