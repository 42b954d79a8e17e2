import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedOrAfter, useConnection } from './connection-store.ts';

describe('connectedOrAfter', () => {
  afterEach(() => {
    vi.useRealTimers();
    useConnection.getState().setStatus('closed');
  });

  async function settledAfter(ms: number, promise: Promise<void>): Promise<boolean> {
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it('resolves at once when the socket is connected already', async () => {
    vi.useFakeTimers();
    useConnection.getState().setStatus('connected');
    expect(await settledAfter(0, connectedOrAfter(1_000))).toBe(true);
  });

  it('resolves when the socket connects, before the wait is over', async () => {
    vi.useFakeTimers();
    useConnection.getState().setStatus('connecting');
    const waiting = connectedOrAfter(1_000);
    expect(await settledAfter(300, waiting)).toBe(false);
    useConnection.getState().setStatus('connected');
    expect(await settledAfter(0, waiting)).toBe(true);
  });

  it('resolves after the wait when the socket does not connect', async () => {
    vi.useFakeTimers();
    useConnection.getState().setStatus('connecting');
    const waiting = connectedOrAfter(1_000);
    expect(await settledAfter(999, waiting)).toBe(false);
    expect(await settledAfter(1, waiting)).toBe(true);
  });
});
