import { describe, expect, it } from 'vitest';
import { CONNECTION_LOST_TEXT, initialReadyCheck, readyCheckReducer } from './ready-check-store.ts';

const MATCH = '7c1e3f0e-4c2b-4d8a-9f1e-2b3c4d5e6f70';
const found = {
  event: 'matchFound' as const,
  payload: {
    match_id: MATCH,
    server_now: 50_000,
    deadline: 60_000,
    opponent: { name: 'Carol', level: 3, character: { name: 'Lyra', image: '/lyra.png' } },
  },
};

describe('the ready check on the device (F51, F52, F53)', () => {
  it('F51 a found match counts down on the device’s clock, whatever the server’s clock says', () => {
    const state = readyCheckReducer(initialReadyCheck(), found, 1_000);
    expect(state.check).toEqual({
      matchId: MATCH,
      deadline: 11_000,
      total: 10_000,
      opponent: found.payload.opponent,
      accepted: false,
    });
    expect(readyCheckReducer(state, { event: 'accept' }, 2_000).check?.accepted).toBe(true);
  });

  it('F51 the battle starting closes the check', () => {
    const state = readyCheckReducer(initialReadyCheck(), found, 1_000);
    const started = readyCheckReducer(state, { event: 'battleStarted', payload: {} as never }, 2_000);
    expect(started).toEqual(initialReadyCheck());
  });

  it('F52 F53 a called-off check says why: the one requeued and the one out each read their text', () => {
    const state = readyCheckReducer(initialReadyCheck(), found, 1_000);
    const requeued = readyCheckReducer(
      state,
      {
        event: 'matchCancelled',
        payload: {
          match_id: MATCH,
          reason: 'opponent-declined',
          message: 'Your opponent did not accept. You are first in the queue again.',
          requeued: true,
        },
      },
      3_000,
    );
    expect(requeued.check).toBeNull();
    expect(requeued.ended).toEqual({
      matchId: MATCH,
      message: 'Your opponent did not accept. You are first in the queue again.',
      requeued: true,
    });
    expect(readyCheckReducer(requeued, { event: 'dismiss' }, 4_000).ended).toBeNull();
    // A decline closes the dialog at once; the server's word follows.
    expect(readyCheckReducer(state, { event: 'decline' }, 2_000).check).toBeNull();
  });

  it('F50 a connection lost during the check ends it on the device too, and says so', () => {
    const state = readyCheckReducer(initialReadyCheck(), found, 1_000);
    const back = readyCheckReducer(state, { event: 'connect', payload: null }, 5_000);
    expect(back).toEqual({
      check: null,
      ended: { matchId: null, message: CONNECTION_LOST_TEXT(), requeued: false },
    });
    // A connect without a check changes nothing.
    expect(readyCheckReducer(initialReadyCheck(), { event: 'connect', payload: null }, 5_000)).toEqual(
      initialReadyCheck(),
    );
  });
});
