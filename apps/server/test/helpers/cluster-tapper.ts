import type pg from 'pg';
import { expect } from 'vitest';
import { signInitData } from '../../src/auth/init-data.ts';
import { connectSocket, type TestSocket } from './socket-client.ts';
import { TEST_BOT_TOKEN } from './test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A player tapping as the web app does in a cluster: one client id for the page's life, the
 * player id in the handshake for the balancer (`?player=`), batches numbered by seq, and after a
 * lost connection it connects again (through the balancer) and sends every batch not yet
 * confirmed durable again, under the same seq.
 */
export class ClusterTapper {
  socket: TestSocket | null = null;
  readonly sent: Array<{ seq: number; count: number }> = [];
  /** Taps the server accepted per batch (its answer; a duplicate answers 0). */
  readonly accepted = new Map<number, number>();
  /** The highest batch the server said is durable. */
  confirmedSeq = 0;
  /** When the first tap after `markCut()` was accepted (ms since the cut), or null. */
  backAfterMs: number | null = null;
  private cutAt = 0;
  /** What happened last, for a failing test's message. */
  lastReply: unknown = null;
  lastError: unknown = null;
  connects = 0;
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    readonly telegramId: number,
    readonly clientId: string,
    private readonly url: () => string,
  ) {}

  /** Connects (retrying until it works or `deadlineMs` passes) and announces the player. */
  async connect(deadlineMs = 20_000): Promise<void> {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      try {
        const socket = await connectSocket(
          `${this.url()}?player=${this.telegramId}`,
          signInitData({ id: this.telegramId }, TEST_BOT_TOKEN),
          this.clientId,
        );
        socket.on('tapRegistered', (payload) => {
          this.lastReply = payload;
          // A duplicate was counted when first accepted (and its durable seq says so).
          if (payload.seq === null || payload.reason === 'duplicate') return;
          this.accepted.set(payload.seq, payload.accepted);
          if (this.cutAt > 0 && this.backAfterMs === null && payload.accepted > 0)
            this.backAfterMs = Date.now() - this.cutAt;
        });
        const onStatus = (payload: { confirmed_seq?: number }) => {
          this.confirmedSeq = Math.max(this.confirmedSeq, payload.confirmed_seq ?? 0);
        };
        socket.on('coinsUpdated', onStatus);
        socket.on('statusUpdated', onStatus);
        const ready = socket.next('statusUpdated', () => true, 5_000);
        socket.emit('initUser', { telegram_user_id: this.telegramId });
        await ready;
        socket.on('error', (payload) => {
          this.lastError = payload;
        });
        this.socket = socket;
        this.connects++;
        // Batches sent to a process that died before writing them: the new owner decides.
        for (const batch of this.sent) if (batch.seq > this.confirmedSeq) this.emit(batch.seq, batch.count);
        return;
      } catch (error) {
        this.lastError = error instanceof Error ? error.message : error;
        if (Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  }

  /** Taps `count` every `everyMs` until stop(), reconnecting whenever the connection is lost. */
  start(everyMs: number, count = 1): void {
    this.loop = (async () => {
      while (!this.stopped) {
        if (!this.socket?.connected) {
          this.socket?.close();
          this.socket = null;
          await this.connect().catch(() => undefined);
          continue;
        }
        const seq = this.sent.length + 1;
        this.sent.push({ seq, count });
        this.emit(seq, count);
        await sleep(everyMs);
      }
    })();
  }

  /** From now on, measure the time to the next accepted tap (a process was just killed). */
  markCut(): void {
    this.cutAt = Date.now();
    this.backAfterMs = null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  /** Waits until every sent batch is confirmed durable (or the timeout). */
  async settled(timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const last = this.sent.at(-1)?.seq ?? 0;
    while (this.confirmedSeq < last && Date.now() < deadline) {
      if (!this.socket?.connected) await this.connect(deadline - Date.now()).catch(() => undefined);
      await sleep(50);
    }
    return this.confirmedSeq >= last;
  }

  /** Taps the client saw confirmed durable: the accepted counts of batches up to confirmedSeq. */
  confirmedTaps(): number {
    let taps = 0;
    for (const [seq, accepted] of this.accepted) if (seq <= this.confirmedSeq) taps += accepted;
    return taps;
  }

  sentTaps(): number {
    return this.sent.reduce((sum, batch) => sum + batch.count, 0);
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  private emit(seq: number, count: number) {
    this.socket?.emit('tap', { telegram_user_id: this.telegramId, count, seq });
  }
}

/** A REST call as the web app makes it in a cluster: signed init data and the player id header. */
export async function playerCall(url: string, id: number, method: string, route: string, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `tma ${signInitData({ id, first_name: `P${id}` }, TEST_BOT_TOKEN)}`,
      'x-titans-player': String(id),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Registers players and selects the first free hero for each. */
export async function readyPlayers(url: string, ids: number[]) {
  const heroes = await playerCall(url, ids[0] ?? 1, 'GET', '/v1/characters?is_free=true&limit=10');
  const heroId = heroes.body.data.characters[0]._id as string;
  for (const id of ids) {
    const registered = await playerCall(url, id, 'POST', '/v1/user/register', { telegram_user_id: id });
    expect(registered.status).toBeLessThan(300);
    const selected = await playerCall(url, id, 'POST', `/v1/user/${id}/select-character`, {
      characterId: heroId,
    });
    expect(selected.status).toBe(200);
  }
}

/** A player's stored coins, taps and coin ledger sum. */
export async function storedTaps(db: pg.Client, telegramId: number) {
  const { rows } = await db.query(
    `select u.coins, u.total_taps,
            (select coalesce(sum(delta), 0) from ledger l where l.user_id = u.id and l.currency = 'coins') as ledger
       from users u where u.telegram_user_id = $1`,
    [telegramId],
  );
  return { coins: Number(rows[0].coins), taps: Number(rows[0].total_taps), ledger: Number(rows[0].ledger) };
}

/** The p-th percentile of some values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
