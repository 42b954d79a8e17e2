import type { MatchQueue, QueueEntry } from '../battle/matchmaking-queue.ts';

/** How a player's wait in the Arena's queue ended. */
export type QueueExit = 'paired' | 'left';

/**
 * The matchmaking queue, telling the operator's metrics how long each player waited and how the
 * wait ended (paired with a player, or left: cancelled, gone, or chose the bot, D-BATTLE-7). A decorator, so the
 * queue (in memory, or in Redis in a cluster) and the Arena do not know metrics exist.
 */
export function observeQueue<T>(
  inner: MatchQueue<T>,
  waited: (seconds: number, exit: QueueExit) => void,
  now: () => number,
): MatchQueue<T> {
  const observe = (entry: QueueEntry<T>, exit: QueueExit, at: number) =>
    waited(Math.max(0, at - entry.joinedAt) / 1000, exit);
  return {
    add: (entry) => inner.add(entry),
    async remove(userId) {
      const entry = await inner.remove(userId);
      if (entry) observe(entry, 'left', now());
      return entry;
    },
    has: (userId) => inner.has(userId),
    size: () => inner.size(),
    queuedHere: () => inner.queuedHere(),
    entries: () => inner.entries(),
    async takePairs(at) {
      const pairs = await inner.takePairs(at);
      for (const [a, b] of pairs) {
        observe(a, 'paired', at);
        observe(b, 'paired', at);
      }
      return pairs;
    },
  };
}
