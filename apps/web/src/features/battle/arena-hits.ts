import type { BattleHit } from '@titans/shared/battle/schemas';
import type { SoundEffect } from '../../lib/audio/sound-effects.ts';
import type { ArenaStep } from './arena-reducer.ts';
import type { ArenaState } from './arena-state.ts';
import { addDamage } from './damage-numbers.ts';

/*
 * How the Arena's reducer folds in hits (part of arena-reducer.ts): health, the floating damage
 * numbers (merged, D-UI-12), the hurt flash, the combo and its best, and the sound of each.
 */

type Health = { yours: number; theirs: number; yourMax: number; theirMax: number };

const step = (state: ArenaState, ...effects: ArenaStep['effects']): ArenaStep => ({ state, effects });

function applyHit(state: ArenaState, hit: BattleHit, health: Health, now: number): ArenaStep {
  const target = state.target;
  const mine = hit.by === 'you';
  const landed = {
    by: hit.by,
    damage: hit.damage,
    superAttack: hit.super_attack,
    targetId: mine ? hit.target_id : null,
    // Your hits rise from the target you tapped; the opponent's from your own side of the arena.
    x: mine && target ? target.x : 200,
    y: mine && target ? target.y : 470,
  };
  const next: ArenaState = {
    ...state,
    yourHealth: health.yours,
    opponentHealth: health.theirs,
    yourMax: health.yourMax,
    opponentMax: health.theirMax,
    floating: addDamage(state.floating, landed, now, state.floatingSeq + 1),
    floatingSeq: state.floatingSeq + 1,
  };
  if (hit.by === 'opponent') {
    return step(
      { ...next, yourHurtAt: now },
      { kind: 'sound', sound: 'hurt' },
      { kind: 'haptic', haptic: 'medium' },
    );
  }
  const sound: SoundEffect =
    hit.combo === 3 || hit.combo === 5 ? 'combo' : hit.combo === 10 ? 'superCombo' : 'hit';
  const bestCombo = next.bestCombo === null ? null : Math.max(next.bestCombo, hit.combo);
  return step(
    { ...next, opponentHurtAt: now, combo: hit.combo, multiplier: hit.multiplier, bestCombo },
    { kind: 'sound', sound },
  );
}

/**
 * A message's hits: the opponent's that waited for it (`earlier_hits`, rules F39), then its newest.
 * Each shows its number; the hurt sound and haptic play once; the health is the message's.
 */
export function applyHits(
  state: ArenaState,
  newest: BattleHit,
  earlier: BattleHit[] | undefined,
  health: Health,
  now: number,
): ArenaStep {
  const before = (earlier ?? []).reduce((current, hit) => applyHit(current, hit, health, now).state, state);
  const last = applyHit(before, newest, health, now);
  if (before === state || newest.by === 'opponent') return last;
  return {
    state: last.state,
    effects: [{ kind: 'sound', sound: 'hurt' }, { kind: 'haptic', haptic: 'medium' }, ...last.effects],
  };
}
