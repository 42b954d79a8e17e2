import {
  GAMES_FEED_CACHE_MS,
  GAMES_FEED_MAX_BYTES,
  GAMES_FEED_TIMEOUT_MS,
  GAMES_PAGE_SIZE,
} from '@titans/shared/constants';
import type { GameEntry } from '@titans/shared/quests/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../core/clock.ts';
import { failed, type Result } from '../core/result.ts';

const httpUrl = z.url({ protocol: /^https?$/ });
const feedEntrySchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  title: z.string().min(1).max(200),
  category: z.string().max(80).default('Other'),
  thumb: httpUrl,
  url: httpUrl,
});

export interface GamesFeedOptions {
  url: string | undefined;
  logger: FastifyBaseLogger;
  now: Clock;
  fetch?: typeof fetch;
  /** The most the whole answer (headers and body) may take. */
  timeoutMs?: number;
  /** The most of the answer's body read; a longer body is abandoned. */
  maxBytes?: number;
  cacheMs?: number;
}

/** Reads a body up to `maxBytes`, abandoning (and closing) a longer one before it is all in memory. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`game feed answer of ${declared} bytes is over ${maxBytes}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`game feed answer is over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Q6: the third-party game feed (GET with format, num=10 and page), fetched by the
 * server within one deadline for the whole answer and read up to GAMES_FEED_MAX_BYTES, each page
 * cached for a few minutes; a broken entry is dropped, and a failed, slow or oversize fetch serves
 * the last good copy of the page when there is one.
 */
export class GamesFeed {
  private readonly cache = new Map<number, { at: number; games: GameEntry[] }>();
  private readonly inFlight = new Map<number, Promise<GameEntry[]>>();

  constructor(private readonly options: GamesFeedOptions) {}

  get configured(): boolean {
    return this.options.url !== undefined;
  }

  async page(page: number): Promise<Result<GameEntry[]>> {
    const feedUrl = this.options.url;
    if (!feedUrl) return { ok: true, value: [] };
    const now = this.options.now();
    const cached = this.cache.get(page);
    if (cached && now - cached.at < (this.options.cacheMs ?? GAMES_FEED_CACHE_MS)) {
      return { ok: true, value: cached.games };
    }
    try {
      let pending = this.inFlight.get(page);
      if (!pending) {
        pending = this.fetchPage(feedUrl, page).finally(() => this.inFlight.delete(page));
        this.inFlight.set(page, pending);
      }
      const games = await pending;
      this.cache.set(page, { at: this.options.now(), games });
      return { ok: true, value: games };
    } catch (error) {
      this.options.logger.warn({ err: error, page }, 'game feed failed');
      if (cached) return { ok: true, value: cached.games };
      return failed('games/feed-unavailable');
    }
  }

  private async fetchPage(feedUrl: string, page: number): Promise<GameEntry[]> {
    const url = new URL(feedUrl);
    url.searchParams.set('format', 'json');
    url.searchParams.set('num', String(GAMES_PAGE_SIZE));
    url.searchParams.set('page', String(page));
    const doFetch = this.options.fetch ?? fetch;
    // One deadline for the whole answer, body included: a feed that trickles bytes is cut off too.
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? GAMES_FEED_TIMEOUT_MS);
    const response = await doFetch(url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`game feed answered ${response.status}`);
    }
    const text = await readCapped(response, this.options.maxBytes ?? GAMES_FEED_MAX_BYTES);
    const body = JSON.parse(text) as unknown;
    const list = Array.isArray(body) ? body : ((body as { games?: unknown })?.games ?? []);
    if (!Array.isArray(list)) throw new Error('game feed sent no list');
    const games: GameEntry[] = [];
    for (const entry of list) {
      const parsed = feedEntrySchema.safeParse(entry);
      if (parsed.success) games.push(parsed.data);
    }
    return games;
  }
}
