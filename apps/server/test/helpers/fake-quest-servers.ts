import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGameFeed {
  url: string;
  /** Requests seen, with their query. */
  requests: URLSearchParams[];
  /** When true, the feed never answers (tests the timeout). */
  hang: boolean;
  /** When true, the feed answers 500. */
  broken: boolean;
  /**
   * How the feed misbehaves: `flood` streams an endless JSON list (no length), `declared-flood`
   * declares a 100 MB body, `trickle` sends a valid start and then one byte every 50 ms.
   */
  abuse: 'flood' | 'declared-flood' | 'trickle' | null;
  /** Body bytes written by abusive answers, and how many of their connections are still open. */
  readonly abuseBytes: number;
  readonly abuseOpen: number;
  close(): Promise<void>;
}

/** The most an abusive answer would send if nobody stopped reading it. */
const FLOOD_BYTES = 100 * 1024 * 1024;

/** Writes an endless answer as fast as the reader takes it, until it is closed or FLOOD_BYTES. */
function abusiveAnswer(
  response: http.ServerResponse,
  abuse: NonNullable<FakeGameFeed['abuse']>,
  counters: { bytes: number; open: number },
) {
  counters.open++;
  let closed = false;
  response.on('close', () => {
    closed = true;
    counters.open--;
  });
  const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
  if (abuse === 'declared-flood') headers['content-length'] = FLOOD_BYTES;
  response.writeHead(200, headers);
  const write = (text: string) => {
    counters.bytes += Buffer.byteLength(text);
    return response.write(text);
  };
  write('[');
  if (abuse === 'trickle') {
    const timer = setInterval(() => {
      if (closed) clearInterval(timer);
      else write(' ');
    }, 50);
    return;
  }
  const entry = `${JSON.stringify(fakeGame(1, 'http://127.0.0.1'))},`;
  const block = entry.repeat(Math.ceil(65_536 / entry.length));
  const pump = () => {
    while (!closed && counters.bytes < FLOOD_BYTES) {
      if (!write(block)) {
        response.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

const CATEGORIES = ['Arcade', 'Puzzle', 'Racing'];

/** One feed entry in the wire format ("External game feed entry"). */
export function fakeGame(index: number, base: string) {
  return {
    id: `game-${index}`,
    title: `Game ${index}`,
    category: CATEGORIES[index % CATEGORIES.length],
    thumb: `${base}/thumbs/${index}.svg`,
    url: `https://games.example/play/${index}`,
  };
}

/**
 * A local stand-in for the third-party game feed: GET ?format=json&num=N&page=P answers a JSON
 * list of `total` games split into pages of `num`. Thumbnails are small SVGs it serves itself.
 */
export async function startFakeGameFeed(total = 25): Promise<FakeGameFeed> {
  const requests: URLSearchParams[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const state = { hang: false, broken: false, abuse: null as FakeGameFeed['abuse'] };
  const counters = { bytes: 0, open: 0 };
  let base = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/thumbs/')) {
      const n = Number(url.pathname.replace(/\D/g, '')) || 0;
      const hue = (n * 47) % 360;
      response.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
      response.end(
        `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 80% 60%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 35%)"/></linearGradient></defs><rect width="160" height="120" rx="16" fill="url(#g)"/><circle cx="80" cy="60" r="26" fill="rgba(255,255,255,.85)"/><path d="M72 46l22 14-22 14z" fill="hsl(${hue} 70% 40%)"/></svg>`,
      );
      return;
    }
    requests.push(url.searchParams);
    if (state.hang) return;
    if (state.broken) {
      response.writeHead(500).end('broken');
      return;
    }
    if (state.abuse) {
      abusiveAnswer(response, state.abuse, counters);
      return;
    }
    const num = Number(url.searchParams.get('num') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const games = [];
    for (let index = (page - 1) * num + 1; index <= Math.min(total, page * num); index++) {
      games.push(fakeGame(index, base));
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(games));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/feed`,
    requests,
    get hang() {
      return state.hang;
    },
    set hang(value) {
      state.hang = value;
    },
    get broken() {
      return state.broken;
    },
    set broken(value) {
      state.broken = value;
    },
    get abuse() {
      return state.abuse;
    },
    set abuse(value) {
      state.abuse = value;
    },
    get abuseBytes() {
      return counters.bytes;
    },
    get abuseOpen() {
      return counters.open;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Adsgram's side of a rewarded view: after the player watched to the end, Adsgram sends a GET to
 * the block's Reward URL with `[userId]` replaced by the player's Telegram id (docs.adsgram.ai,
 * "Reward URL"). `rewardUrl` is that template, as an operator enters it in the partner cabinet.
 */
export function fakeAdsgram(rewardUrl: string) {
  return {
    async watchedToTheEnd(telegramUserId: number | string) {
      const response = await fetch(rewardUrl.replace('[userId]', String(telegramUserId)));
      return {
        status: response.status,
        body: (await response.json()) as { data: { credited: boolean; view_id: string | null } },
      };
    },
  };
}
