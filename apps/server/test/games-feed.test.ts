import { GAMES_FEED_MAX_BYTES } from '@titans/shared/constants';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GamesFeed } from '../src/quests/games-feed.ts';
import { type FakeGameFeed, startFakeGameFeed } from './helpers/fake-quest-servers.ts';

/** Waits until `check` holds, or fails after `ms`. */
async function eventually(check: () => boolean, ms = 3_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Q6 (decisions D-QUEST-5): the feed is a third party; whatever it sends, the server reads at
 * most GAMES_FEED_MAX_BYTES of it and waits at most the timeout for the whole answer, then closes
 * the connection and answers from its cache or with a clear error.
 */
describe('the game feed is bounded in size and time', () => {
  let feed: FakeGameFeed;
  let now = 0;
  const logged: unknown[] = [];
  const games = (options: { timeoutMs?: number; maxBytes?: number } = {}) =>
    new GamesFeed({
      url: feed.url,
      logger: { warn: (entry: unknown) => logged.push(entry) } as never,
      now: () => now,
      cacheMs: 1_000,
      ...options,
    });

  beforeAll(async () => {
    feed = await startFakeGameFeed(12);
  });
  afterAll(async () => feed?.close());
  beforeEach(() => {
    feed.abuse = null;
    now += 10_000; // nothing cached from the previous test
  });

  it('Q6 an endless answer is abandoned past the byte limit, not read into memory', async () => {
    feed.abuse = 'flood';
    const before = feed.abuseBytes;
    const started = Date.now();
    expect(await games({ maxBytes: 64 * 1024 }).page(1)).toMatchObject({
      ok: false,
      code: 'games/feed-unavailable',
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    await eventually(() => feed.abuseOpen === 0);
    // The feed would have sent 100 MB; what it got out before the connection closed is what
    // the sockets buffer, not the answer.
    expect(feed.abuseBytes - before).toBeLessThan(16 * 1024 * 1024);
  });

  it('Q6 the default limit holds too', async () => {
    feed.abuse = 'flood';
    const before = feed.abuseBytes;
    expect(await games().page(2)).toMatchObject({ ok: false, code: 'games/feed-unavailable' });
    await eventually(() => feed.abuseOpen === 0);
    expect(feed.abuseBytes - before).toBeLessThan(GAMES_FEED_MAX_BYTES + 16 * 1024 * 1024);
  });

  it('Q6 an answer that declares a body over the limit is refused before its body is read', async () => {
    feed.abuse = 'declared-flood';
    const started = Date.now();
    expect(await games({ maxBytes: 64 * 1024 }).page(1)).toMatchObject({ ok: false });
    expect(Date.now() - started).toBeLessThan(2_000);
    await eventually(() => feed.abuseOpen === 0);
  });

  it('Q6 an answer that trickles in is cut off at the deadline for the whole answer', async () => {
    feed.abuse = 'trickle';
    const started = Date.now();
    expect(await games({ timeoutMs: 400 }).page(1)).toMatchObject({
      ok: false,
      code: 'games/feed-unavailable',
    });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(2_500);
    await eventually(() => feed.abuseOpen === 0);
  });

  it('Q6 after a good answer, an abusive one serves the last good page', async () => {
    const feedOf = games({ timeoutMs: 400, maxBytes: 64 * 1024 });
    const fresh = await feedOf.page(1);
    expect(fresh.ok && fresh.value).toHaveLength(10);
    now += 2_000; // the cached page is stale
    for (const abuse of ['flood', 'trickle'] as const) {
      feed.abuse = abuse;
      const stale = await feedOf.page(1);
      expect(stale.ok && stale.value).toHaveLength(10);
    }
    feed.abuse = null;
    await eventually(() => feed.abuseOpen === 0);
    expect(logged.length).toBeGreaterThan(0);
  });
});
