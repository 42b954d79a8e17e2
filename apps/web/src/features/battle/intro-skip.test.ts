import type { BattleStartedPayload } from '@titans/shared/battle/schemas';
import { describe, expect, test } from 'vitest';
import { type ArenaEvent, arenaReducer } from './arena-reducer.ts';
import { type ArenaState, initialArenaState } from './arena-state.ts';
import { introIncludes } from './battle-intro.tsx';

const NOW = 2_000_000;
const side = {
  name: 'A',
  level: 1,
  current_health: 100,
  initial_health: 100,
  power: 10,
  defense: 5,
  speed: 5,
};

function started(isPvp: boolean): BattleStartedPayload {
  return {
    battle_id: '00000000-0000-4000-8000-000000000001',
    user_stats: side,
    opponent_stats: { ...side, name: 'B' },
    opponent_info: { name: 'bob', level: 1, character: { name: 'Brann', image: '' }, equipped_items: [] },
    is_pvp: isPvp,
    difficulty: isPvp ? null : 'easy',
    selected_character: { _id: 'c', name: 'Aldric', image: '' },
    energy: 10,
    max_energy: 100,
    equipped_items: [],
    boosters: [],
    rejoined: false,
    arena: { width: 400, height: 600 },
    live: {
      server_now: NOW,
      fight_starts_at: NOW + 12_800,
      ends_at: NOW + 102_800,
      target: null,
      event: null,
      combo: 0,
      your_taps: 0,
      opponent_taps: 0,
      opponent_waiting: false,
    },
  };
}

function play(events: ArenaEvent[], from: ArenaState = initialArenaState()) {
  let state = from;
  let effects: ReturnType<typeof arenaReducer>['effects'] = [];
  for (const event of events) ({ state, effects } = arenaReducer(state, event, NOW));
  return { state, effects };
}

const introSkip = (you: boolean, opponent: boolean, fightAt: number): ArenaEvent => ({
  event: 'battleEvent',
  payload: {
    battle_id: '00000000-0000-4000-8000-000000000001',
    type: 'introSkip',
    you,
    opponent,
    fight_starts_at: fightAt,
    ends_at: fightAt + 90_000,
  },
});

describe('Skip asks the server to start the fight (F62, F63)', () => {
  test('F62 Skip sends skipIntro once for the battle on screen', () => {
    const first = play([{ event: 'battleStarted', payload: started(false) }, { event: 'skipIntro' }]);
    expect(first.state.introSkipped).toBe(true);
    expect(first.effects).toEqual([{ kind: 'skipIntro', battleId: started(false).battle_id }]);
    expect(play([{ event: 'skipIntro' }], first.state).effects).toEqual([]);
    expect(play([{ event: 'skipIntro' }]).effects).toEqual([]);
  });

  test("F62 the server's answer moves FIGHT! and the end to its times", () => {
    const { state } = play([
      { event: 'battleStarted', payload: started(false) },
      { event: 'skipIntro' },
      introSkip(true, true, NOW + 40),
    ]);
    expect(state.battle?.live).toMatchObject({ fight_starts_at: NOW + 40, ends_at: NOW + 90_040 });
  });

  test("F63 in PvP the opponent's skip is shown; the times move only when both skipped", () => {
    const theirs = play([
      { event: 'battleStarted', payload: started(true) },
      introSkip(false, true, NOW + 12_800),
    ]);
    expect(theirs.state).toMatchObject({ introSkipped: false, opponentSkipped: true });
    expect(theirs.state.battle?.live.fight_starts_at).toBe(NOW + 12_800);
    const both = play([{ event: 'skipIntro' }, introSkip(true, true, NOW + 3_000)], theirs.state);
    expect(both.state).toMatchObject({ introSkipped: true, opponentSkipped: true });
    expect(both.state.battle?.live.fight_starts_at).toBe(NOW + 3_000);
  });
});

describe('the intro says what its numbers include (F60)', () => {
  test('F60 level, items, the energy bought and boosters; a bot has its own stats; no "1, 2"', () => {
    const bot = started(false);
    expect(introIncludes(bot)).toBe("Yours: level 1 · 0 items. The bot's own stats.");
    const rich = {
      ...started(true),
      energy_health: 495,
      equipped_items: [{ _id: 'a', name: 'A', image_url: '', item_type: 'weapon' }],
      boosters: [{ item_id: 'b', name: 'B', effects: { power_boost: 5 }, ends_at: 0 }],
    };
    expect(introIncludes(rich)).toBe(
      'Yours: level 1 · 1 item · +495 HP from energy · boosters. Theirs: level 1 · 0 items.',
    );
    expect(introIncludes(rich)).not.toMatch(/\d,\s/);
  });
});
