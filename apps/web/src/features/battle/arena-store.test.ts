import { MATCHMAKING_RETRY_MS, TOAST_MS } from '@titans/shared/constants';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { arenaStore, backToLobby, dispatchArena, forfeitActive } from './arena-store.ts';

describe('Arena store: effects carried out apart, timers cancellable', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    backToLobby();
    vi.useRealTimers();
  });

  test('the retry after Forfeit Match runs once after 5 s, and not at all once back in the lobby', () => {
    const retry = vi.fn();
    arenaStore.setState({ alreadyInBattle: { battleId: null } });
    forfeitActive(retry);
    vi.advanceTimersByTime(MATCHMAKING_RETRY_MS);
    expect(retry).toHaveBeenCalledOnce();

    forfeitActive(retry);
    backToLobby();
    vi.advanceTimersByTime(MATCHMAKING_RETRY_MS * 2);
    expect(retry).toHaveBeenCalledOnce();
  });

  test("a message's timer is replaced by the next message's, which clears it after its own delay", () => {
    dispatchArena({ event: 'battleAutoResolve', payload: { battle_id: 'b-1', message: 'one' } });
    vi.advanceTimersByTime(TOAST_MS - 100);
    dispatchArena({ event: 'battleAutoResolve', payload: { battle_id: 'b-1', message: 'two' } });
    vi.advanceTimersByTime(100);
    expect(arenaStore.getState().message?.text).toBe('two');
    vi.advanceTimersByTime(TOAST_MS);
    expect(arenaStore.getState().message).toBeNull();
  });
});
