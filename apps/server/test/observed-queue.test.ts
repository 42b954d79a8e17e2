import { describe, expect, it } from 'vitest';
import { InMemoryMatchQueue, type QueueEntry } from '../src/battle/matchmaking-queue.ts';
import { GameMetrics } from '../src/metrics/game-metrics.ts';
import { observeQueue, type QueueExit } from '../src/metrics/observed-queue.ts';

const entry = (userId: string, joinedAt: number, strength = 100): QueueEntry<null> => ({
  userId,
  strength,
  joinedAt,
  ticket: null,
});

describe('OPS6 the matchmaking wait reaches the metrics', () => {
  it('each wait is observed once with how it ended: paired or left', async () => {
    const seen: Array<[number, QueueExit]> = [];
    let now = 10_000;
    const queue = observeQueue(
      new InMemoryMatchQueue<null>(),
      (seconds, exit) => seen.push([seconds, exit]),
      () => now,
    );
    await queue.add(entry('a', 1_000));
    await queue.add(entry('b', 4_000));
    const pairs = await queue.takePairs(now);
    expect(pairs).toHaveLength(1);
    expect(seen.sort()).toEqual([
      [6, 'paired'],
      [9, 'paired'],
    ]);
    seen.length = 0;
    await queue.add(entry('d', 9_000, 100_000));
    now = 12_000;
    expect(await queue.remove('d')).toBeDefined();
    expect(await queue.remove('nobody')).toBeUndefined();
    expect(seen).toEqual([[3, 'left']]);
  });

  it('the histogram is exported by exit', async () => {
    const metrics = new GameMetrics();
    metrics.queueWaited(4, 'paired');
    metrics.queueWaited(31, 'left');
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/titans_matchmaking_wait_seconds_count\{[^}]*exit="paired"[^}]*\} 1/);
    expect(text).toMatch(/titans_matchmaking_wait_seconds_sum\{[^}]*exit="left"[^}]*\} 31/);
  });
});
