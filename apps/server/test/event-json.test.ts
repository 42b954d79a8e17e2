import type {
  BattleHit,
  BattleTurnProcessedPayload,
  PvpHealthUpdatePayload,
} from '@titans/shared/battle/schemas';
import {
  battleTurnProcessedPayloadSchema,
  pvpHealthUpdatePayloadSchema,
} from '@titans/shared/battle/schemas';
import { describe, expect, test } from 'vitest';
import { eventJson } from '../src/realtime/event-json.ts';

const hit = (over: Partial<BattleHit> = {}): BattleHit => ({
  by: 'you',
  kind: 'tap',
  damage: 14,
  combo: 6,
  multiplier: 1.25,
  value: 3,
  target_id: 41,
  super_attack: false,
  ...over,
});

const stats = (name: string, health: number) => ({
  name,
  level: 3,
  current_health: health,
  initial_health: 4000,
  power: 66,
  defense: 63,
  speed: 65,
});

/** The payloads as battle-view.ts builds them (its key order), with and without held hits. */
const turns: BattleTurnProcessedPayload[] = [
  {
    battle_id: '0b1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
    user_stats: stats('Bench', 3990),
    opponent_stats: stats('Bot "Grunt" ⚔ ünïcode \u2028', 0),
    round_number: 17,
    current_round: {
      result: 'knockout',
      user_action: 'attack',
      opponent_action: 'none',
      user_damage_dealt: 14,
      opponent_damage_dealt: 0,
    },
    hit: hit(),
  },
  {
    battle_id: '0b1d2e3f-4a5b-4c6d-8e7f-a0b1c2d3e4f5',
    user_stats: stats('', 12),
    opponent_stats: stats('Ogre', 3000),
    round_number: 18,
    current_round: {
      result: 'hit',
      user_action: 'none',
      opponent_action: 'attack',
      user_damage_dealt: 0,
      opponent_damage_dealt: 9,
    },
    hit: hit({ by: 'opponent', kind: 'bot', target_id: null, multiplier: 1, value: 0 }),
    earlier_hits: [
      hit({ by: 'opponent', kind: 'bot', super_attack: true }),
      hit({ damage: 0, multiplier: 0.1 + 0.2 }),
    ],
  },
];

const updates: PvpHealthUpdatePayload[] = [
  {
    battle_id: 'c0ffee00-0000-4000-8000-00000000beef',
    your_health: 4000,
    opponent_health: 3999,
    your_taps: 0,
    opponent_taps: 1,
    your_max_health: 4000,
    opponent_max_health: 4010,
    hit: hit({ by: 'opponent' }),
  },
  {
    battle_id: 'c0ffee00-0000-4000-8000-00000000beef',
    your_health: 1,
    opponent_health: 0,
    your_taps: 310,
    opponent_taps: 299,
    your_max_health: 4000,
    opponent_max_health: 4010,
    hit: hit({ super_attack: true, combo: 20 }),
    earlier_hits: [],
  },
];

describe('hit messages written field by field (D-BATTLE-18)', () => {
  test.each(turns.map((turn, i) => [i, turn] as const))(
    'battleTurnProcessed %i is JSON.stringify’s text',
    (_i, turn) => {
      expect(battleTurnProcessedPayloadSchema.safeParse(turn).success).toBe(true);
      expect(eventJson('battleTurnProcessed', turn)).toBe(JSON.stringify(turn));
    },
  );

  test.each(updates.map((update, i) => [i, update] as const))(
    'pvpHealthUpdate %i is JSON.stringify’s text',
    (_i, update) => {
      expect(pvpHealthUpdatePayloadSchema.safeParse(update).success).toBe(true);
      expect(eventJson('pvpHealthUpdate', update)).toBe(JSON.stringify(update));
    },
  );

  test('numbers JSON cannot hold are written as JSON.stringify writes them', () => {
    const odd = {
      ...(updates[0] as PvpHealthUpdatePayload),
      your_health: Number.NaN,
      opponent_health: -0,
      your_taps: Infinity,
    };
    expect(eventJson('pvpHealthUpdate', odd)).toBe(JSON.stringify(odd));
  });

  test('other events are JSON.stringify’s own', () => {
    const payload = { coins: 5, energy: 10, max_energy: 1000, pending: 0 };
    expect(eventJson('statusUpdated', payload as never)).toBe(JSON.stringify(payload));
  });
});
