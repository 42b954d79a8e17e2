import type { Side } from '@titans/shared/battle/battle-rules';
import type { BattleHit } from '@titans/shared/battle/schemas';
import type { Scheduler, TimerHandle } from '../clock.ts';

/**
 * The least time between two `pvpHealthUpdate`s to one player when the second is about the
 * opponent's hit (decisions: D-BATTLE-15): a frame of the client's health bars.
 */
export const PASSIVE_HEALTH_UPDATE_MS = 50;

/**
 * Paces the passive side of a PvP battle (D-BATTLE-15). A player's own tap is answered at once;
 * the opponent's hit reaches them at once unless they were sent a `pvpHealthUpdate` less than
 * PASSIVE_HEALTH_UPDATE_MS ago, else at the end of that frame, carrying the state of that moment
 * and the latest of the opponent's hits (those in between collapse into it). `flush` sends what
 * waits at once (the battle's end).
 */
export class PassiveHealthPacer {
  private readonly lastSentAt: [number, number] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  private readonly waiting: [BattleHit | null, BattleHit | null] = [null, null];
  private readonly timers: [TimerHandle | null, TimerHandle | null] = [null, null];

  constructor(
    private readonly scheduler: Scheduler,
    /** Sends the side its `pvpHealthUpdate` with `hit`, built from the state at this moment. */
    private readonly send: (side: Side, hit: BattleHit) => void,
  ) {}

  /** The side's own hit: answered at once (the tapper's feedback is never held). */
  own(side: Side, hit: BattleHit) {
    // A held opponent's hit stays held: its own update keeps the hurt feedback of that hit.
    this.lastSentAt[side] = this.scheduler.now();
    this.send(side, hit);
  }

  /** The opponent's hit, seen by `side`: at once, or at the end of the side's current frame. */
  passive(side: Side, hit: BattleHit) {
    const due = this.lastSentAt[side] + PASSIVE_HEALTH_UPDATE_MS;
    const now = this.scheduler.now();
    if (now >= due && !this.timers[side]) {
      this.lastSentAt[side] = now;
      this.send(side, hit);
      return;
    }
    this.waiting[side] = hit;
    this.timers[side] ??= this.scheduler.setTimeout(() => {
      this.timers[side] = null;
      this.flushSide(side);
    }, due - now);
  }

  /** Sends every held update now (the battle ended: both players see its last state at once). */
  flush() {
    for (const side of [0, 1] as const) {
      this.timers[side]?.cancel();
      this.timers[side] = null;
      this.flushSide(side);
    }
  }

  /** Drops what waits (the room is closing without an end the players should see). */
  dispose() {
    for (const side of [0, 1] as const) {
      this.timers[side]?.cancel();
      this.timers[side] = null;
      this.waiting[side] = null;
    }
  }

  private flushSide(side: Side) {
    const hit = this.waiting[side];
    if (!hit) return;
    this.waiting[side] = null;
    this.lastSentAt[side] = this.scheduler.now();
    this.send(side, hit);
  }
}
