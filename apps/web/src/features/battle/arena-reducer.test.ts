import type {
  BattleCompletedPayload,
  BattleSideStats,
  BattleStartedPayload,
  PvpBattleResultPayload,
} from '@titans/shared/battle/schemas';
import { MATCHMAKING_RETRY_MS, REJOIN_DELAY_MS, RESULT_DELAY_MS, TOAST_MS } from '@titans/shared/constants';
import { describe, expect, test } from 'vitest';
import { type ArenaEvent, arenaReducer } from './arena-reducer.ts';
import { type ArenaState, botOfferShown, initialArenaState } from './arena-state.ts';

const NOW = 1_000_000;
const side: BattleSideStats = {
  name: 'A',
  level: 1,
  current_health: 100,
  initial_health: 100,
  power: 10,
  defense: 5,
  speed: 5,
};
const summary = { hits: 6, damage: 60, superAttack: 0, defSuperAttack: 0, coins: 0 };

function started(battleId = 'b-1'): BattleStartedPayload {
  return {
    battle_id: battleId,
    user_stats: side,
    opponent_stats: { ...side, name: 'B' },
    opponent_info: { name: 'B', level: 1, character: { name: 'B', image: '' }, equipped_items: [] },
    is_pvp: true,
    difficulty: null,
    selected_character: { _id: 'c', name: 'A', image: '' },
    energy: 10,
    max_energy: 100,
    equipped_items: [],
    boosters: [],
    rejoined: false,
    arena: { width: 400, height: 600 },
    live: {
      server_now: NOW + 500,
      fight_starts_at: NOW + 3_500,
      ends_at: NOW + 63_500,
      target: null,
      event: null,
      combo: 0,
      your_taps: 0,
      opponent_taps: 0,
      opponent_waiting: false,
    },
  };
}

function completed(
  battleId = 'b-1',
  result: BattleCompletedPayload['result'] = 'victory',
): BattleCompletedPayload {
  return {
    battle_id: battleId,
    result,
    coins_earned: 5_000,
    experience_earned: 10,
    reason: 'knockout',
    is_pvp: true,
    level: 1,
    level_up: false,
    coins: 20_000,
    stake: 5_000,
    payout: 10_000,
    your_stats: summary,
    opponent_stats: summary,
  };
}

const pvpResult: PvpBattleResultPayload = {
  battle_id: 'b-1',
  result: 'win',
  coins: 5_000,
  hits: 6,
  damage: 60,
  opponent_hits: 2,
  opponent_damage: 20,
  super_attacks: 0,
  opponent_super_attacks: 0,
  experience: 10,
};

/** Runs events in order from a state; answers the last state and every effect. */
function play(events: ArenaEvent[], from: ArenaState = initialArenaState(), now = NOW) {
  let state = from;
  const effects = [];
  for (const event of events) {
    const next = arenaReducer(state, event, now);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
}

describe('Arena reducer', () => {
  test('a start takes the server clock; the completion plays its feedback and shows the result after 1 s', () => {
    const { state: fighting } = play([{ event: 'battleStarted', payload: started() }]);
    expect(fighting).toMatchObject({
      phase: 'battle',
      clockOffset: 500,
      showIntro: true,
      activeBattleId: 'b-1',
    });

    const done = arenaReducer(fighting, { event: 'battleCompleted', payload: completed() }, NOW + 10);
    expect(done.state).toMatchObject({ phase: 'battle', activeBattleId: null, target: null });
    expect(done.effects).toEqual([
      { kind: 'haptic', haptic: 'success' },
      { kind: 'sound', sound: 'victory' },
      { kind: 'schedule', timer: { name: 'result', battleId: 'b-1' }, delayMs: RESULT_DELAY_MS },
    ]);
    expect(
      play([{ event: 'timer', timer: { name: 'result', battleId: 'b-1' } }], done.state).state.phase,
    ).toBe('result');
    // A timer left over from another battle changes nothing.
    expect(
      play([{ event: 'timer', timer: { name: 'result', battleId: 'b-0' } }], done.state).state.phase,
    ).toBe('battle');
  });

  test('a PvP result that arrives before the completion is kept and joins it', () => {
    const { state } = play([
      { event: 'battleStarted', payload: started() },
      { event: 'pvpBattleResult', payload: pvpResult },
      { event: 'battleCompleted', payload: completed() },
    ]);
    expect(state.result?.pvp).toEqual(pvpResult);
    expect(state.pendingPvp).toEqual({});
  });

  test('Already in Battle! is told by its code, not its words; other battle refusals show their message', () => {
    const searching: ArenaState = { ...initialArenaState(), phase: 'searching', activeBattleId: 'b-9' };
    const already = play(
      [{ event: 'error', payload: { code: 'battle/already-in-battle', message: 'anything' } }],
      searching,
    );
    expect(already.state).toMatchObject({
      phase: 'lobby',
      alreadyInBattle: { battleId: 'b-9' },
      message: null,
    });
    expect(already.effects).toEqual([]);

    const worded = play(
      [{ event: 'error', payload: { code: 'tap/no-user', message: 'You are already in a battle' } }],
      searching,
    );
    expect(worded.state).toEqual(searching);

    const refused = play(
      [{ event: 'error', payload: { code: 'battle/over', message: 'This battle is over' } }],
      searching,
    );
    expect(refused.state).toMatchObject({
      phase: 'lobby',
      message: { text: 'This battle is over', at: NOW },
    });
    expect(refused.effects).toEqual([
      { kind: 'schedule', timer: { name: 'message', at: NOW }, delayMs: TOAST_MS },
    ]);
  });

  test("a message's timer clears only that message, not a newer one", () => {
    const first = play([{ event: 'battleAutoResolve', payload: { battle_id: 'b-1', message: 'one' } }]).state;
    const second = play(
      [{ event: 'battleAutoResolve', payload: { battle_id: 'b-1', message: 'two' } }],
      first,
      NOW + 1,
    );
    const stale = play([{ event: 'timer', timer: { name: 'message', at: NOW } }], second.state);
    expect(stale.state.message?.text).toBe('two');
    expect(
      play([{ event: 'timer', timer: { name: 'message', at: NOW + 1 } }], second.state).state.message,
    ).toBeNull();
  });

  test('Forfeit Match forfeits the old battle and retries after 5 s; the lobby cancels the retry', () => {
    const dialog: ArenaState = { ...initialArenaState(), alreadyInBattle: { battleId: 'b-7' } };
    const forfeit = play([{ event: 'forfeitActive' }], dialog);
    expect(forfeit.state).toMatchObject({ alreadyInBattle: null, retryAt: NOW + MATCHMAKING_RETRY_MS });
    expect(forfeit.effects).toEqual([
      { kind: 'forfeit', battleId: 'b-7' },
      { kind: 'schedule', timer: { name: 'retry' }, delayMs: MATCHMAKING_RETRY_MS },
    ]);
    expect(play([{ event: 'timer', timer: { name: 'retry' } }], forfeit.state).effects).toEqual([
      { kind: 'retryMatchmaking' },
    ]);

    const left = play([{ event: 'backToLobby' }], forfeit.state);
    expect(left.effects).toEqual([{ kind: 'cancelTimers' }]);
    expect(play([{ event: 'timer', timer: { name: 'retry' } }], left.state).effects).toEqual([]);
  });

  test('back from a lost connection mid-battle, the battle is rejoined after 1 s; a reload rejoins at once', () => {
    const { state: fighting } = play([{ event: 'battleStarted', payload: started() }]);
    expect(arenaReducer(fighting, { event: 'connect', payload: null }, NOW).effects).toEqual([
      { kind: 'schedule', timer: { name: 'rejoin', battleId: 'b-1' }, delayMs: REJOIN_DELAY_MS },
    ]);
    expect(arenaReducer(initialArenaState(), { event: 'connect', payload: null }, NOW).effects).toEqual([]);
    expect(play([{ event: 'battleActive', payload: { battle_id: 'b-3', in_queue: false } }]).effects).toEqual(
      [{ kind: 'rejoin', battleId: 'b-3' }],
    );
  });

  test('F37 the bot offer is a choice, never a red banner; Keep searching hides it for 30 s', () => {
    const queue = { energy_to_spend: 10, position: 0, queue_size: 1, elapsed_seconds: 10, bot_offer: false };
    const searching = play([
      { event: 'matchmakingStarted', payload: { ...queue, message: 'Searching for any opponent' } },
    ]).state;
    expect(searching).toMatchObject({ phase: 'searching', searchStartedAt: NOW });
    expect(botOfferShown(searching, NOW)).toBe(false);
    const offer = play(
      [{ event: 'matchmakingUpdate', payload: { ...queue, message: 'No opponent found', bot_offer: true } }],
      searching,
    );
    expect(offer.state.message).toBeNull();
    expect(offer.effects).toEqual([]);
    expect(botOfferShown(offer.state, NOW)).toBe(true);
    const kept = play([{ event: 'keepSearching' }], offer.state, NOW + 1_000).state;
    expect(kept.phase).toBe('searching');
    expect(botOfferShown(kept, NOW + 30_999)).toBe(false);
    expect(botOfferShown(kept, NOW + 31_000)).toBe(true);
    // A new search starts without the old choice.
    const again = play(
      [{ event: 'matchmakingStarted', payload: { ...queue, message: 'Searching for any opponent' } }],
      kept,
    );
    expect(again.state.botOfferDismissedAt).toBeNull();
    const cancelled = play(
      [{ event: 'matchmakingCancelled', payload: { message: 'Matchmaking cancelled' } }],
      searching,
    );
    expect(cancelled.state).toMatchObject({ phase: 'lobby', queue: null, message: null });
  });

  test('F52 F53 around a ready check the search goes on for the one requeued; the one out returns to the lobby, no banner', () => {
    const queue = { energy_to_spend: 10, position: 1, queue_size: 1, elapsed_seconds: 3, bot_offer: false };
    const searching = play([
      { event: 'matchmakingStarted', payload: { ...queue, message: 'Searching for any opponent' } },
    ]).state;
    const matchId = '7c1e3f0e-4c2b-4d8a-9f1e-2b3c4d5e6f70';
    const opponent = { name: 'C', level: 1, character: { name: 'C', image: '' } };
    const requeued = play(
      [
        {
          event: 'matchFound',
          payload: { match_id: matchId, server_now: NOW, deadline: NOW + 10_000, opponent },
        },
        {
          event: 'matchCancelled',
          payload: { match_id: matchId, reason: 'opponent-declined', message: 'x', requeued: true },
        },
      ],
      searching,
    );
    expect(requeued.state).toEqual(searching);
    expect(requeued.effects).toEqual([]);
    const out = play(
      [
        {
          event: 'matchCancelled',
          payload: { match_id: matchId, reason: 'declined', message: 'y', requeued: false },
        },
        { event: 'matchmakingCancelled', payload: { message: 'Matchmaking cancelled' } },
      ],
      searching,
    );
    expect(out.state).toMatchObject({ phase: 'lobby', queue: null, message: null });
  });

  test('queued with no battle yet, the Arena shows the search (Cancel Matchmaking), not Forfeit Match', () => {
    const refused = play([
      { event: 'error', payload: { code: 'battle/already-in-battle', message: 'x' } },
      { event: 'battleActive', payload: { battle_id: null, in_queue: true } },
    ]);
    expect(refused.state).toMatchObject({ phase: 'searching', alreadyInBattle: null });
    expect(refused.effects).toEqual([]);
  });

  test('F45 a queue update reaching a lobby means the search runs (another screen); not one sent before a cancel', () => {
    const queue = {
      energy_to_spend: 10,
      position: 1,
      queue_size: 1,
      elapsed_seconds: 4,
      bot_offer: false,
      message: 'Searching for any opponent',
    };
    expect(play([{ event: 'matchmakingUpdate', payload: queue }]).state.phase).toBe('searching');
    const cancelled = play([
      { event: 'matchmakingStarted', payload: queue },
      { event: 'matchmakingCancelled', payload: { message: 'Matchmaking cancelled' } },
    ]).state;
    expect(play([{ event: 'matchmakingUpdate', payload: queue }], cancelled, NOW + 500).state.phase).toBe(
      'lobby',
    );
    expect(play([{ event: 'matchmakingUpdate', payload: queue }], cancelled, NOW + 2_500).state.phase).toBe(
      'searching',
    );
  });

  test('the result knows the best combo and when the fight ended (server time); a reload forgets the combo', () => {
    const hit = (combo: number) => ({
      event: 'pvpHealthUpdate' as const,
      payload: {
        battle_id: 'b-1',
        your_health: 100,
        opponent_health: 90,
        your_taps: combo,
        opponent_taps: 0,
        your_max_health: 100,
        opponent_max_health: 100,
        hit: {
          by: 'you' as const,
          kind: 'tap' as const,
          damage: 3,
          combo,
          multiplier: 1,
          value: 1,
          target_id: 1,
          super_attack: false,
        },
      },
    });
    const fought = play([{ event: 'battleStarted', payload: started() }, hit(1), hit(2), hit(3), hit(1)]);
    expect(fought.state.bestCombo).toBe(3);
    // Four hits within the merge window: one floating number.
    expect(fought.state.floating).toMatchObject([{ damage: 12, hits: 4 }]);
    const done = play([{ event: 'battleCompleted', payload: completed() }], fought.state, NOW + 40_000);
    expect(done.state.endedAt).toBe(NOW + 40_500);
    const reloaded = play([{ event: 'battleStarted', payload: { ...started('b-2'), rejoined: true } }]);
    expect(reloaded.state.bestCombo).toBeNull();
  });

  test('F39 the opponent’s hits that rode in your own update show too, with one hurt sound', () => {
    const hit = (by: 'you' | 'opponent', damage: number) => ({
      by,
      kind: 'tap' as const,
      damage,
      combo: 1,
      multiplier: 1,
      value: 1,
      target_id: by === 'you' ? 1 : null,
      super_attack: false,
    });
    const update = {
      event: 'pvpHealthUpdate' as const,
      payload: {
        battle_id: 'b-1',
        your_health: 86,
        opponent_health: 95,
        your_taps: 1,
        opponent_taps: 2,
        your_max_health: 100,
        opponent_max_health: 100,
        hit: hit('you', 5),
        earlier_hits: [hit('opponent', 7), hit('opponent', 7)],
      },
    };
    const fought = play([{ event: 'battleStarted', payload: started() }, update]);
    expect(fought.state).toMatchObject({ yourHealth: 86, opponentHealth: 95, opponentTaps: 2 });
    const shown = (by: 'you' | 'opponent') =>
      fought.state.floating.filter((n) => n.by === by).reduce((sum, n) => sum + n.damage, 0);
    expect(shown('opponent')).toBe(14);
    expect(shown('you')).toBe(5);
    const last = arenaReducer(
      play([{ event: 'battleStarted', payload: started() }]).state,
      update,
      NOW,
    ).effects;
    expect(last.filter((effect) => effect.kind === 'sound' && effect.sound === 'hurt')).toHaveLength(1);
    expect(last.filter((effect) => effect.kind === 'sound' && effect.sound === 'hit')).toHaveLength(1);
  });

  test("Skip hides this battle's intro only; a new battle plays its own", () => {
    const skipped = play([{ event: 'battleStarted', payload: started() }, { event: 'skipIntro' }]).state;
    expect(skipped.introSkipped).toBe(true);
    expect(
      play([{ event: 'battleStarted', payload: { ...started(), rejoined: true } }], skipped).state
        .introSkipped,
    ).toBe(true);
    expect(play([{ event: 'battleStarted', payload: started('b-2') }], skipped).state.introSkipped).toBe(
      false,
    );
    expect(play([{ event: 'skipIntro' }]).state.introSkipped).toBe(false);
  });
});
