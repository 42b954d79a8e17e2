import {
  type BattleEffect,
  type BattleInput,
  type BattleState,
  nextWakeAt,
  type Outcome,
  type Side,
  stepInPlace,
} from '@titans/shared/battle/battle-rules';
import type { BotKind } from '@titans/shared/battle/bots';
import type {
  BattleBooster,
  BattleHit,
  BattleStartedPayload,
  EquippedItem,
} from '@titans/shared/battle/schemas';
import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import {
  type HitEffect,
  hitFor,
  pvpHealthUpdate,
  startedPayload,
  targetPayload,
  turnProcessed,
} from './battle-view.ts';
import { HeldHits } from './held-hits.ts';

/** What the room shows of a player (or the bot) besides the rule state. */
export interface Contender {
  userId: string | null;
  name: string;
  level: number;
  character: { _id: string; name: string; image: string };
  equippedItems: EquippedItem[];
  /** Boosters counted in the stats at battle start (a snapshot, D-BATTLE-12); a bot has none. */
  boosters: BattleBooster[];
  energy: number;
  maxEnergy: number;
  /** The starting health the energy spent bought (BAL5), for the intro to say so (F60). */
  energyHealth?: number;
}

/** A hit on its way to one side, with what its turn message needs. */
interface PendingHit {
  effect: HitEffect;
  hit: BattleHit;
  round: number;
}

export type TapOutcome =
  | { hit: true; damage: number; combo: number }
  | { hit: false; reason: 'ended' | 'not-started' | 'rate' | 'no-target' | 'bot' };

export type Send = <E extends ServerEventName>(userId: string, event: E, payload: ServerPayload<E>) => void;

export interface RoomHooks {
  send: Send;
  /** Called once, when the rules decide the end. */
  onEnded(room: BattleRoom, outcome: Outcome): void;
  /** Timer lateness of scheduled hits and spawns (ms), for the benchmark. */
  onLateness?(ms: number): void;
}

export interface RoomOptions {
  id: string;
  isPvp: boolean;
  difficulty: BotKind | null;
  state: BattleState;
  contenders: [Contender, Contender];
  scheduler: Scheduler;
  rejoinGraceMs: number;
  hooks: RoomHooks;
}

/**
 * One battle's single authority. Every input (a tap, a forfeit, a timer) is applied to the rule
 * state one at a time, synchronously, on the Node event loop: no two handlers ever read-modify-write
 * the same battle. The room wakes itself at the next moment the rules schedule (a spawn, an
 * expiry, a bot attack, an event, the time limit) instead of polling.
 */
export class BattleRoom {
  readonly id: string;
  readonly isPvp: boolean;
  readonly difficulty: BotKind | null;
  readonly contenders: [Contender, Contender];
  state: BattleState;
  private timer: TimerHandle | null = null;
  private wakeAt: number | null = null;
  private readonly graceTimers: [TimerHandle | null, TimerHandle | null] = [null, null];
  private readonly absentUntil: [number | null, number | null] = [null, null];
  private rounds = 0;
  private ended = false;
  /** Which sides skipped the intro (F62, F63); a bot side never needs to. */
  private readonly skipped: [boolean, boolean];
  /** The opponent's hits waiting for a tapping player's own answer (F39). */
  private readonly heldHits: HeldHits<PendingHit>;

  constructor(private readonly options: RoomOptions) {
    this.id = options.id;
    this.isPvp = options.isPvp;
    this.difficulty = options.difficulty;
    this.contenders = options.contenders;
    this.state = options.state;
    this.skipped = [options.contenders[0].userId === null, options.contenders[1].userId === null];
    this.heldHits = new HeldHits(options.scheduler, (side, newest, earlier) =>
      this.sendHit(side, newest, earlier),
    );
  }

  /** Starts the room's timers; the battle's own clock decides when FIGHT! happens. */
  start() {
    this.schedule();
  }

  sideOf(userId: string): Side | null {
    if (this.contenders[0].userId === userId) return 0;
    if (this.contenders[1].userId === userId) return 1;
    return null;
  }

  humans(): string[] {
    return this.contenders.flatMap((c) => (c.userId ? [c.userId] : []));
  }

  get isOver() {
    return this.state.outcome !== null;
  }

  /** A tap of a player: answers what it did (`hit`, or why it was ignored). */
  tap(userId: string, targetId: number | undefined): TapOutcome {
    const side = this.sideOf(userId);
    if (side === null) return { hit: false, reason: 'bot' };
    const at = this.options.scheduler.now();
    this.heldHits.tapped(side, at);
    const effects = this.apply({ type: 'tap', side, at, targetId });
    for (const effect of effects) {
      if (effect.type === 'hit' && effect.by === 'tap' && effect.side === side)
        return { hit: true, damage: effect.damage, combo: effect.combo };
      if (effect.type === 'tapIgnored' && effect.side === side) return { hit: false, reason: effect.reason };
    }
    return { hit: false, reason: 'ended' };
  }

  forfeit(userId: string) {
    const side = this.sideOf(userId);
    if (side === null) return;
    this.apply({ type: 'forfeit', side, at: this.options.scheduler.now() });
  }

  /**
   * The player skipped the intro (F62, F63). Once every human side has, FIGHT! moves to now: at
   * once against a bot, when the second player skips in PvP. Both players hear who has skipped and
   * the battle's times. A skip after FIGHT! or a second skip changes nothing.
   */
  skipIntro(userId: string) {
    const side = this.sideOf(userId);
    const now = this.options.scheduler.now();
    if (side === null || this.isOver || this.skipped[side] || now >= this.state.fightStartsAt) return;
    this.skipped[side] = true;
    if (this.skipped[0] && this.skipped[1]) this.apply({ type: 'startNow', at: now });
    for (const s of [0, 1] as const) {
      const to = this.contenders[s].userId;
      if (to)
        this.options.hooks.send(to, 'battleEvent', {
          battle_id: this.id,
          type: 'introSkip',
          you: this.skipped[s],
          opponent: this.skipped[s === 0 ? 1 : 0],
          fight_starts_at: this.state.fightStartsAt,
          ends_at: this.state.endsAt,
        });
    }
  }

  /** The player has no connected socket left: the opponent is told; after the grace period they lose. */
  absent(userId: string) {
    const side = this.sideOf(userId);
    if (side === null || this.isOver || this.graceTimers[side]) return;
    const deadline = this.options.scheduler.now() + this.options.rejoinGraceMs;
    this.absentUntil[side] = deadline;
    this.graceTimers[side] = this.options.scheduler.setTimeout(() => {
      this.graceTimers[side] = null;
      this.apply({ type: 'abandon', side, at: this.options.scheduler.now() });
    }, this.options.rejoinGraceMs);
    const other = this.contenders[side === 0 ? 1 : 0].userId;
    if (other) {
      this.options.hooks.send(other, 'waitingForOpponent', {
        battle_id: this.id,
        waiting: true,
        deadline,
        message: 'Waiting for opponent...',
      });
    }
  }

  /** The player is back (rejoinBattle): the grace timer stops and they get the whole battle again. */
  present(userId: string) {
    const side = this.sideOf(userId);
    if (side === null) return;
    const wasAbsent = this.graceTimers[side] !== null;
    this.graceTimers[side]?.cancel();
    this.graceTimers[side] = null;
    this.absentUntil[side] = null;
    const other = this.contenders[side === 0 ? 1 : 0].userId;
    if (other && wasAbsent && !this.isOver) {
      this.options.hooks.send(other, 'waitingForOpponent', {
        battle_id: this.id,
        waiting: false,
        deadline: null,
        message: 'Your opponent is back!',
      });
    }
  }

  /** Stops every timer (the battle ended or the server is closing). */
  dispose() {
    this.timer?.cancel();
    this.timer = null;
    for (const side of [0, 1] as const) {
      this.graceTimers[side]?.cancel();
      this.graceTimers[side] = null;
    }
    this.heldHits.dispose();
  }

  /** The battle start message for one player: the spec's fields plus the live state (also on rejoin). */
  startedPayload(userId: string, rejoined: boolean): BattleStartedPayload {
    return startedPayload(this, userId, rejoined, this.options.scheduler.now());
  }

  /** Whether the side's player is away (their rejoin grace period runs). */
  isAbsent(side: Side) {
    return this.absentUntil[side] !== null;
  }

  private apply(input: BattleInput): BattleEffect[] {
    if (this.ended) {
      if (input.type === 'tap') {
        const userId = this.contenders[input.side].userId;
        if (userId)
          this.options.hooks.send(userId, 'battleEvent', {
            battle_id: this.id,
            type: 'tapIgnored',
            reason: 'ended',
            target_id: input.targetId ?? null,
          });
      }
      return [];
    }
    // The room is the state's only owner: the rule applies to it in place (F9 holds: `step` is
    // this same rule on a copy).
    const effects = stepInPlace(this.state, input);
    this.emit(effects, input.at);
    this.schedule();
    return effects;
  }

  private schedule() {
    const next = nextWakeAt(this.state);
    if (next === this.wakeAt && this.timer) return;
    this.timer?.cancel();
    this.timer = null;
    this.wakeAt = next;
    if (next === null) return;
    const delay = next - this.options.scheduler.now();
    this.timer = this.options.scheduler.setTimeout(() => {
      this.timer = null;
      this.wakeAt = null;
      this.apply({ type: 'advance', at: this.options.scheduler.now() });
    }, delay);
  }

  private emit(effects: BattleEffect[], now: number) {
    const { send, onLateness } = this.options.hooks;
    for (const effect of effects) {
      switch (effect.type) {
        case 'targetSpawned': {
          onLateness?.(now - effect.target.spawnedAt);
          const userId = this.contenders[effect.side].userId;
          if (userId)
            send(userId, 'battleEvent', {
              battle_id: this.id,
              type: 'targetSpawned',
              target: targetPayload(effect.target),
            });
          break;
        }
        case 'targetExpired': {
          const userId = this.contenders[effect.side].userId;
          if (userId)
            send(userId, 'battleEvent', {
              battle_id: this.id,
              type: 'targetExpired',
              target_id: effect.targetId,
            });
          break;
        }
        case 'eventStarted':
          for (const userId of this.humans())
            send(userId, 'battleEvent', {
              battle_id: this.id,
              type: 'eventStarted',
              event: {
                kind: effect.event.kind,
                started_at: effect.event.startedAt,
                ends_at: effect.event.endsAt,
              },
            });
          break;
        case 'eventEnded':
          for (const userId of this.humans())
            send(userId, 'battleEvent', { battle_id: this.id, type: 'eventEnded', kind: effect.kind });
          break;
        case 'tapIgnored': {
          const userId = this.contenders[effect.side].userId;
          if (userId)
            send(userId, 'battleEvent', {
              battle_id: this.id,
              type: 'tapIgnored',
              reason: effect.reason,
              target_id: effect.targetId,
            });
          break;
        }
        case 'hit':
          if (effect.by === 'bot') onLateness?.(now - effect.dueAt);
          this.rounds++;
          this.offerHit(effect);
          break;
        case 'ended':
          this.ended = true;
          // Every hit reaches both players before the result (F39).
          this.heldHits.flushAll();
          this.dispose();
          this.options.hooks.onEnded(this, effect.outcome);
          break;
      }
    }
  }

  /**
   * Both humans hear of every hit (D-BATTLE-9): PvP as `pvpHealthUpdate`, a bot battle as a turn.
   * The opponent's hits may wait for a tapping player's own next message and ride in it (F39).
   */
  private offerHit(effect: HitEffect) {
    const round = this.rounds;
    for (const side of [0, 1] as const) {
      if (this.contenders[side].userId)
        this.heldHits.offer(side, { effect, hit: hitFor(effect, side), round });
    }
  }

  private sendHit(side: Side, newest: PendingHit, earlier: readonly PendingHit[]) {
    const userId = this.contenders[side].userId;
    if (!userId) return;
    const earlierHits = earlier.length > 0 ? earlier.map((pending) => pending.hit) : undefined;
    const { send } = this.options.hooks;
    if (this.isPvp) send(userId, 'pvpHealthUpdate', pvpHealthUpdate(this, side, newest.hit, earlierHits));
    else
      send(
        userId,
        'battleTurnProcessed',
        turnProcessed(this, side, newest.effect, newest.hit, newest.round, earlierHits),
      );
  }
}
