/**
 * The players of `npm run bench:cluster`: one socket.io connection each, opened as the web app
 * opens it in a cluster (`?player=<telegram id>` in the handshake for the balancer, D-CLUSTER-12;
 * one client id for the page's life), tapping at a human rate with the web app's batching (one
 * `tap` event at most every batchMs, the first of an idle period at once). After a lost
 * connection a player connects again through the same address after reconnectMs and sends again
 * every batch the server has not applied, under the same seq, as the web app's tap pipeline does.
 * Every figure of one phase comes from batches sent inside its measuring window.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@titans/shared/realtime/events';
import type { StatusPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';
import { io, type Socket } from 'socket.io-client';
import { LatencyRecorder } from './latency-recorder.ts';

type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CONNECT_TIMEOUT_MS = 20_000;
const now = () => performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Identity {
  telegramId: number;
  initData: string;
}

export interface TapPace {
  /** Taps per second of one player, drawn between these for each gap. */
  minRate: number;
  maxRate: number;
  /** The web app's batching (tap-pipeline.ts TAP_BATCH_MS). */
  batchMs: number;
}

export interface WindowFigures {
  /** Replies (tapRegistered) to batches sent in the window. */
  events: number;
  tapsAccepted: number;
  rejected: number;
  reply: { p50: number; p99: number; samples: number };
  durable: { p50: number; p99: number; samples: number };
  /** Batches of the window still without a reply / a durable confirmation after the drain. */
  unreplied: number;
  unconfirmed: number;
}

/** One player: the batches it sent (by seq) and what the server said about them. */
export class BenchPlayer {
  socket: PlayerSocket | null = null;
  seq = 0;
  durableSeq = 0;
  /** Per seq: when the batch was first sent, its tap count, and the coins of its accepted taps. */
  readonly sentAt: number[] = [0];
  readonly counts: number[] = [0];
  readonly values: number[] = [0];
  readonly replied: boolean[] = [false];
  /** Taps made since the last send (the next batch). */
  waiting = 0;
  lastSendAt = Number.NEGATIVE_INFINITY;
  tapTimer: NodeJS.Timeout | null = null;
  sendTimer: NodeJS.Timeout | null = null;
  /** The connection was lost after the cut (bench phase D). */
  cut = false;
  /** ms from the cut to the first accepted tap of a batch sent after it. */
  backAfterMs: number | null = null;
  /** ms from the cut to the new socket's handshake, and to its initUser answer (statusUpdated). */
  connectedAfterMs: number | null = null;
  readyAfterMs: number | null = null;
  reconnects = 0;

  constructor(
    readonly identity: Identity,
    readonly clientId: string,
  ) {}

  /** Coins of every batch the server accepted (a resend accepted again replaces the first answer). */
  acceptedValue(): number {
    return this.values.reduce((sum, value) => sum + value, 0);
  }

  /** Coins of the batches the server has said are durable. */
  confirmedValue(): number {
    let sum = 0;
    for (let seq = 1; seq <= this.durableSeq; seq++) sum += this.values[seq] ?? 0;
    return sum;
  }
}

/** Drives the players of one setup (A, B or C) through one address. */
export class PlayerPool {
  readonly players: BenchPlayer[] = [];
  readonly problems: string[] = [];
  serverErrors = 0;
  private readonly reply = new LatencyRecorder(131_072);
  private readonly durable = new LatencyRecorder(131_072);
  private windowStart = Number.POSITIVE_INFINITY;
  private windowEnd = Number.NEGATIVE_INFINITY;
  private tapping = false;
  private closing = false;
  private cutAt = Number.POSITIVE_INFINITY;
  private counts = { events: 0, tapsAccepted: 0, rejected: 0 };

  constructor(
    readonly name: string,
    private readonly url: () => string,
    private readonly pace: TapPace,
    private readonly reconnectMs: number,
  ) {}

  /** Connects every identity (initUser answered), a few at a time. */
  async connect(identities: Identity[], runTag: string, concurrency = 16): Promise<void> {
    const players = identities.map(
      (identity) => new BenchPlayer(identity, `bench-${runTag}-${identity.telegramId}`),
    );
    let next = 0;
    const worker = async () => {
      for (let player = players[next++]; player; player = players[next++]) await this.open(player);
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    this.players.push(...players);
  }

  /** Taps on every player until stop(); figures count batches sent in [start+warmupMs, +windowMs). */
  start(warmupMs: number, windowMs: number): void {
    this.reply.reset();
    this.durable.reset();
    this.counts = { events: 0, tapsAccepted: 0, rejected: 0 };
    const t0 = now();
    this.windowStart = t0 + warmupMs;
    this.windowEnd = this.windowStart + windowMs;
    this.tapping = true;
    for (const player of this.players) this.scheduleTap(player, Math.random() * (1000 / this.pace.minRate));
  }

  /** Stops tapping (the last waiting taps are sent) and waits up to drainMs for answers. */
  async stop(drainMs: number): Promise<WindowFigures> {
    this.tapping = false;
    for (const player of this.players) {
      if (player.tapTimer) clearTimeout(player.tapTimer);
      player.tapTimer = null;
      this.send(player);
    }
    const deadline = now() + drainMs;
    let missing = this.missing();
    while ((missing.unreplied > 0 || missing.unconfirmed > 0) && now() < deadline) {
      await sleep(20);
      missing = this.missing();
    }
    const [replyP50 = Number.NaN, replyP99 = Number.NaN] = this.reply.percentiles(0.5, 0.99);
    const [durableP50 = Number.NaN, durableP99 = Number.NaN] = this.durable.percentiles(0.5, 0.99);
    return {
      ...this.counts,
      reply: { p50: replyP50, p99: replyP99, samples: this.reply.seen },
      durable: { p50: durableP50, p99: durableP99, samples: this.durable.seen },
      ...missing,
    };
  }

  /** From now on a lost connection counts as cut by the fault (phase D). */
  markCut(at: number): void {
    this.cutAt = at;
  }

  /** Closes every connection, expecting the disconnects. */
  close(): void {
    this.closing = true;
    for (const player of this.players) {
      if (player.tapTimer) clearTimeout(player.tapTimer);
      if (player.sendTimer) clearTimeout(player.sendTimer);
      player.socket?.close();
    }
  }

  /** Batches of the window (sent, unanswered or not durable) across players. */
  private missing() {
    let unreplied = 0;
    let unconfirmed = 0;
    for (const player of this.players) {
      for (let seq = player.seq; seq > 0; seq--) {
        const at = player.sentAt[seq] ?? 0;
        if (at < this.windowStart) break;
        if (at >= this.windowEnd) continue;
        if (!player.replied[seq]) unreplied++;
        if (seq > player.durableSeq) unconfirmed++;
      }
    }
    return { unreplied, unconfirmed };
  }

  // --- taps --------------------------------------------------------------------------------------

  private scheduleTap(player: BenchPlayer, inMs: number) {
    player.tapTimer = setTimeout(() => this.onTap(player), inMs);
  }

  private onTap(player: BenchPlayer) {
    player.tapTimer = null;
    if (!this.tapping) return;
    // Offline, the web app refuses the tap (TapAttempt 'offline'): nothing is queued.
    if (player.socket?.connected) {
      player.waiting++;
      const due = player.lastSendAt + this.pace.batchMs;
      if (now() >= due) this.send(player);
      else player.sendTimer ??= setTimeout(() => this.send(player), due - now());
    }
    const { minRate, maxRate } = this.pace;
    const gap = 1000 / maxRate + Math.random() * (1000 / minRate - 1000 / maxRate);
    this.scheduleTap(player, gap);
  }

  private send(player: BenchPlayer) {
    if (player.sendTimer) clearTimeout(player.sendTimer);
    player.sendTimer = null;
    if (player.waiting === 0 || !player.socket?.connected) return;
    const seq = ++player.seq;
    const t = now();
    player.sentAt[seq] = t;
    player.counts[seq] = player.waiting;
    player.values[seq] = 0;
    player.replied[seq] = false;
    player.lastSendAt = t;
    player.socket.emit('tap', { telegram_user_id: player.identity.telegramId, seq, count: player.waiting });
    player.waiting = 0;
  }

  private onReply(player: BenchPlayer, payload: TapRegisteredPayload) {
    const t = now();
    const seq = payload.seq ?? 0;
    const at = player.sentAt[seq];
    if (at === undefined) return;
    const first = !player.replied[seq];
    player.replied[seq] = true;
    // A resend the server already had answers `duplicate` (value 0): the first answer stands.
    if (payload.reason !== 'duplicate') player.values[seq] = payload.value;
    if (player.cut && player.backAfterMs === null && payload.accepted > 0 && at >= this.cutAt)
      player.backAfterMs = t - this.cutAt;
    if (!first || at < this.windowStart || at >= this.windowEnd) return;
    this.counts.events++;
    this.counts.tapsAccepted += payload.accepted;
    this.counts.rejected += payload.rejected;
    this.reply.record(t - at);
  }

  private onStatus(player: BenchPlayer, payload: StatusPayload) {
    const confirmed = payload.confirmed_seq;
    if (confirmed === undefined || confirmed <= player.durableSeq) return;
    const t = now();
    for (let seq = player.durableSeq + 1; seq <= Math.min(confirmed, player.seq); seq++) {
      const at = player.sentAt[seq] ?? 0;
      if (at >= this.windowStart && at < this.windowEnd) this.durable.record(t - at);
    }
    player.durableSeq = confirmed;
  }

  // --- connection --------------------------------------------------------------------------------

  /** Opens the player's socket and announces them; after a reconnect, sends unapplied batches again. */
  private open(player: BenchPlayer): Promise<void> {
    const { telegramId, initData } = player.identity;
    const socket: PlayerSocket = io(`${this.url()}?player=${telegramId}`, {
      path: '/engine.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
      auth: { initData, clientId: player.clientId },
    });
    socket.on('tapRegistered', (payload) => this.onReply(player, payload));
    socket.on('coinsUpdated', (payload) => this.onStatus(player, payload));
    socket.on('statusUpdated', (payload) => this.onStatus(player, payload));
    socket.on('error', (payload) => {
      this.serverErrors++;
      this.note(`${this.name}: error to ${telegramId}: ${JSON.stringify(payload)}`);
    });
    socket.on('disconnect', (reason) => this.onDisconnect(player, socket, reason));
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.close();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`${this.name}: no statusUpdated for ${telegramId}`)),
        CONNECT_TIMEOUT_MS,
      );
      socket.once('connect_error', (error) =>
        fail(new Error(`${this.name}: connect_error ${error.message}`)),
      );
      socket.once('connect', () => {
        if (player.cut) player.connectedAfterMs ??= now() - this.cutAt;
        socket.emit('initUser', { telegram_user_id: telegramId });
      });
      socket.once('statusUpdated', (status) => {
        clearTimeout(timer);
        if (player.cut) player.readyAfterMs ??= now() - this.cutAt;
        player.socket = socket;
        const applied = status.applied_seq ?? status.confirmed_seq ?? 0;
        for (let seq = applied + 1; seq <= player.seq; seq++) {
          const count = player.counts[seq] ?? 0;
          socket.emit('tap', { telegram_user_id: telegramId, seq, count });
        }
        resolve();
      });
    });
  }

  private onDisconnect(player: BenchPlayer, socket: PlayerSocket, reason: string) {
    if (this.closing || player.socket !== socket) return;
    player.socket = null;
    if (now() >= this.cutAt) player.cut = true;
    else this.note(`${this.name}: ${player.identity.telegramId} disconnected: ${reason}`);
    void this.reconnect(player);
  }

  private async reconnect(player: BenchPlayer) {
    const deadline = now() + 60_000;
    while (!this.closing && now() < deadline) {
      await sleep(this.reconnectMs);
      try {
        await this.open(player);
        player.reconnects++;
        return;
      } catch (error) {
        if (now() >= deadline) this.note(`${this.name}: gave up reconnecting: ${String(error)}`);
      }
    }
  }

  private note(text: string) {
    if (this.problems.length < 20) this.problems.push(text);
  }
}
