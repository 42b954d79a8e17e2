import type { Side } from '@titans/shared/battle/battle-rules';
import type { BattleHit } from '@titans/shared/battle/schemas';
import type { Scheduler, TimerHandle } from '../core/clock.ts';

/** The longest an opponent's hit waits for a tapping player's own next answer (F39, D-BATTLE-15). */
export const HIT_HOLD_MS = 100;
/** A player counts as tapping while their last tap is at most this old. */
export const TAPPING_WINDOW_MS = 250;

/** Sends one update to a side: the newest hit, and the hits held before it (oldest first). */
export type DeliverHits<T> = (side: Side, newest: T, earlier: readonly T[]) => void;

const NOTHING_HELD: readonly never[] = [];

/**
 * The opponent's hits (a player's or a bot's) on their way to a player. A player who is tapping
 * gets an answer to every tap anyway, so the opponent's hits wait for it (at most HIT_HOLD_MS)
 * and ride inside it: one message instead of two, its health figures the newest. A player who is
 * not tapping gets each hit at once. Nothing is dropped: every held hit is delivered, in order,
 * before the battle's result.
 */
export class HeldHits<T extends { hit: BattleHit }> {
  private readonly held: [T[], T[]] = [[], []];
  private readonly timers: [TimerHandle | null, TimerHandle | null] = [null, null];
  private readonly lastTapAt: [number, number] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];

  constructor(
    private readonly scheduler: Scheduler,
    private readonly deliver: DeliverHits<T>,
  ) {}

  /** The side tapped (whether or not the tap hit). */
  tapped(side: Side, at: number) {
    this.lastTapAt[side] = at;
  }

  /** A hit for `side` to see: their own goes at once with what was held; an opponent's may wait. */
  offer(side: Side, item: T) {
    if (item.hit.by === 'opponent' && this.scheduler.now() - this.lastTapAt[side] <= TAPPING_WINDOW_MS) {
      this.held[side].push(item);
      this.timers[side] ??= this.scheduler.setTimeout(() => {
        this.timers[side] = null;
        this.flush(side);
      }, HIT_HOLD_MS);
      return;
    }
    // Nothing held (the common case): no array is taken or made for it.
    this.deliver(side, item, this.held[side].length > 0 ? this.take(side) : NOTHING_HELD);
  }

  /** Delivers what waits for `side` now. */
  flush(side: Side) {
    const held = this.take(side);
    const newest = held.pop();
    if (newest) this.deliver(side, newest, held);
  }

  /** Delivers everything held (the battle ended); no timer is left. */
  flushAll() {
    this.flush(0);
    this.flush(1);
  }

  /** Stops the timers; held hits are dropped (the room is closing with the server). */
  dispose() {
    for (const side of [0, 1] as const) {
      this.timers[side]?.cancel();
      this.timers[side] = null;
      this.held[side] = [];
    }
  }

  private take(side: Side): T[] {
    this.timers[side]?.cancel();
    this.timers[side] = null;
    const held = this.held[side];
    this.held[side] = [];
    return held;
  }
}
