/**
 * The client side of bench-taps: many socket.io clients in this one process, driven by one
 * scheduler, used unchanged against the echo baseline and the real server so their figures
 * can be divided. On a 2-core machine this process is often the bottleneck, so the hot path is
 * kept lean: tap frames are written pre-serialised to the engine.io socket, each client's
 * listeners are created once, send times live in per-client Float64Array rings indexed by seq,
 * one binary heap of (due time, client) drives every timed send, latencies go to preallocated
 * reservoirs, and time comes from performance.now().
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@titans/shared/realtime/events';
import type { StatusPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';
import { io, type Socket } from 'socket.io-client';
import { LatencyRecorder } from './latency-recorder.ts';

type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EngineSocket = BenchSocket['io']['engine'];

/** Send times and accepted counts are kept for the last RING batches of each client. */
const RING = 1024;
const MASK = RING - 1;
const MAX_TAPS_PER_EVENT = 20;
const CONNECT_TIMEOUT_MS = 20_000;

const now = () => performance.now();

export interface HarnessTarget {
  name: 'echo' | 'real' | 'floor';
  url: string;
  /** The server confirms durability with coinsUpdated.confirmed_seq (the echo does not). */
  durable: boolean;
}

export interface ClientIdentity {
  telegramId: number;
  initData: string;
}

export type LoadShape =
  /** Next tap when the previous reply arrived, never sooner than minGapMs after the previous send. */
  | { kind: 'closed'; minGapMs: number }
  /** Taps on a jittered schedule of minRate..maxRate per second; batchMs > 0 sends them in batches. */
  | { kind: 'open'; minRate: number; maxRate: number; batchMs: number };

export interface PhaseSpec {
  /** The first `clients` connected clients take part. */
  clients: number;
  shape: LoadShape;
  warmupMs: number;
  windowMs: number;
  /** After the window: how long to wait for outstanding replies (and confirmations). */
  drainMs: number;
  onWindowStart?: () => void;
  onWindowEnd?: () => void;
}

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

export interface PhaseCounts {
  clients: number;
  windowMs: number;
  /** Replies (tapRegistered) received inside the window. */
  events: number;
  /** Accepted taps carried by those replies. */
  tapsAccepted: number;
  /** Events and taps whose (scheduled) send time fell inside the window. */
  eventsOffered: number;
  tapsOffered: number;
  /** Accepted taps whose durable confirmation arrived inside the window. */
  durableTaps: number;
  rejectedRate: number;
  rejectedEnergy: number;
  duplicates: number;
  /** Events still without a reply / a confirmation when the drain gave up. */
  unreplied: number;
  unconfirmed: number;
  ringOverflows: number;
  reply: Percentiles;
  durable: Percentiles | null;
}

/** One connection: one bench user with a stable clientId. */
export class TapClient {
  socket!: BenchSocket;
  engine!: EngineSocket;
  /** (Scheduled) send time of batch seq, at seq & MASK. */
  readonly sendTimes = new Float64Array(RING);
  readonly acceptedBySeq = new Uint8Array(RING);
  readonly tapPrefix: string;
  seq = 0;
  repliedSeq = 0;
  durableSeq = 0;
  lastSendAt = Number.NEGATIVE_INFINITY;
  nextTapAt = 0;
  /** Totals over the whole run, for the correctness checks. */
  valueSum = 0;
  acceptedSum = 0;
  /** Durable coins and pending as last reported by the server. */
  coins = 0;
  pending = 0;
  connected = false;
  readonly onReply: (payload: TapRegisteredPayload) => void;
  readonly onCoins: (payload: StatusPayload) => void;

  constructor(
    harness: TapHarness,
    readonly index: number,
    readonly telegramId: number,
    readonly clientId: string,
  ) {
    // The socket.io packet emit('tap', {telegram_user_id, seq, count}) would build; engine.write
    // adds the engine.io "4" (message) prefix.
    this.tapPrefix = `2["tap",{"telegram_user_id":${telegramId},"seq":`;
    this.onReply = (payload) => harness.handleReply(this, payload);
    this.onCoins = (payload) => harness.handleCoins(this, payload);
  }

  applyStatus(status: StatusPayload) {
    this.coins = status.coins;
    this.pending = status.pending;
    if (status.confirmed_seq !== undefined && status.confirmed_seq > this.durableSeq)
      this.durableSeq = status.confirmed_seq;
  }
}

interface Counters {
  events: number;
  tapsAccepted: number;
  eventsOffered: number;
  tapsOffered: number;
  durableTaps: number;
  rejectedRate: number;
  rejectedEnergy: number;
  duplicates: number;
  ringOverflows: number;
}

const zeroCounters = (): Counters => ({
  events: 0,
  tapsAccepted: 0,
  eventsOffered: 0,
  tapsOffered: 0,
  durableTaps: 0,
  rejectedRate: 0,
  rejectedEnergy: 0,
  duplicates: 0,
  ringOverflows: 0,
});

function summarise(recorder: LatencyRecorder): Percentiles {
  const [p50 = Number.NaN, p99 = Number.NaN] = recorder.percentiles(0.5, 0.99);
  return { p50, p99, max: recorder.max, samples: recorder.seen };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Drives the clients of one target (echo or real). */
export class TapHarness {
  readonly clients: TapClient[] = [];
  /** Server `error` events and unexpected disconnects, over the whole run. */
  readonly problems: string[] = [];
  disconnects = 0;
  serverErrors = 0;

  private readonly replyLatency = new LatencyRecorder(262_144);
  private readonly durableLatency = new LatencyRecorder(262_144);
  private readonly heapTime: Float64Array;
  private readonly heapClient: Int32Array;
  private heapSize = 0;
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Number.POSITIVE_INFINITY;
  private readonly fire = () => this.onTimer();

  private shape: LoadShape = { kind: 'closed', minGapMs: 0 };
  private running = false;
  private windowStart = Number.POSITIVE_INFINITY;
  private windowEnd = Number.NEGATIVE_INFINITY;
  private stopAt = 0;
  private counters = zeroCounters();
  private closing = false;

  constructor(
    public target: HarnessTarget,
    capacity: number,
  ) {
    this.heapTime = new Float64Array(capacity);
    this.heapClient = new Int32Array(capacity);
  }

  /** Opens one connection per identity (initUser answered) with bounded concurrency. */
  async connect(identities: ClientIdentity[], runTag: string, keep = true, concurrency = 32) {
    const opened: TapClient[] = new Array(identities.length);
    const base = this.clients.length;
    let next = 0;
    const worker = async () => {
      while (next < identities.length) {
        const position = next++;
        opened[position] = await this.open(identities[position]!, runTag, keep ? base + position : -1);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, identities.length) }, worker));
    if (keep) {
      if (base + opened.length > this.heapTime.length) throw new Error('harness capacity exceeded');
      for (const client of opened) this.clients.push(client);
    }
    return opened;
  }

  /**
   * After the server restarted: opens a new socket for every client with the same clientId, so
   * batch numbers and the run's totals carry on (the server restored the durable seq per client).
   */
  async reopen(identities: ClientIdentity[], url: string, concurrency = 32) {
    // A restarted server listens on a new port.
    this.target = { ...this.target, url };
    const byId = new Map(identities.map((identity) => [identity.telegramId, identity]));
    let next = 0;
    const worker = async () => {
      while (next < this.clients.length) {
        const client = this.clients[next++]!;
        const identity = byId.get(client.telegramId);
        if (!identity) throw new Error(`no identity for ${client.telegramId}`);
        await this.open(identity, '', client.index, client);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, this.clients.length) }, worker));
  }

  private open(
    identity: ClientIdentity,
    runTag: string,
    index: number,
    existing?: TapClient,
  ): Promise<TapClient> {
    const clientId = existing?.clientId ?? `bench-${runTag}-${identity.telegramId}`;
    const socket: BenchSocket = io(this.target.url, {
      path: '/engine.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
      auth: { initData: identity.initData, clientId },
    });
    const client = existing ?? new TapClient(this, index, identity.telegramId, clientId);
    client.socket = socket;
    socket.on('tapRegistered', client.onReply);
    socket.on('coinsUpdated', client.onCoins);
    socket.on('error', (payload) => {
      this.serverErrors++;
      if (this.problems.length < 20)
        this.problems.push(
          `${this.target.name} server error to ${identity.telegramId}: ${JSON.stringify(payload)}`,
        );
    });
    socket.on('disconnect', (reason) => {
      client.connected = false;
      if (this.closing) return;
      this.disconnects++;
      if (this.problems.length < 20)
        this.problems.push(`${this.target.name} client ${identity.telegramId} disconnected: ${reason}`);
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.close();
        reject(new Error(`${this.target.name}: no statusUpdated for ${identity.telegramId} within 20 s`));
      }, CONNECT_TIMEOUT_MS);
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        socket.close();
        reject(new Error(`${this.target.name}: connect_error for ${identity.telegramId}: ${error.message}`));
      });
      socket.once('connect', () => {
        client.engine = socket.io.engine;
        client.connected = true;
        socket.emit('initUser', { telegram_user_id: identity.telegramId });
      });
      socket.once('statusUpdated', (status) => {
        clearTimeout(timer);
        client.applyStatus(status);
        resolve(client);
      });
    });
  }

  /** Closes the given clients (default: all), expecting the disconnects. */
  async close(clients: TapClient[] = this.clients) {
    this.closing = true;
    for (const client of clients) client.socket.close();
    await sleep(50);
    this.closing = false;
  }

  // --- one phase ---------------------------------------------------------------------------------

  async run(spec: PhaseSpec): Promise<PhaseCounts> {
    const active = this.clients.slice(0, spec.clients);
    this.counters = zeroCounters();
    this.replyLatency.reset();
    this.durableLatency.reset();
    this.shape = spec.shape;
    const t0 = now();
    this.windowStart = t0 + spec.warmupMs;
    this.windowEnd = this.windowStart + spec.windowMs;
    this.stopAt = this.windowEnd;
    this.running = true;

    const shape = spec.shape;
    const n = active.length;
    for (let i = 0; i < n; i++) {
      const client = active[i]!;
      if (shape.kind === 'closed') {
        // Spread the first sends over one gap so the clients do not move in lockstep.
        this.push(client.index, t0 + (i / n) * Math.max(shape.minGapMs, 5));
      } else {
        client.nextTapAt = t0 + Math.random() * (1000 / shape.minRate);
        this.push(client.index, shape.batchMs > 0 ? t0 + Math.random() * shape.batchMs : client.nextTapAt);
      }
    }
    this.arm();

    const startTimer = setTimeout(() => spec.onWindowStart?.(), spec.warmupMs);
    await sleep(spec.warmupMs + spec.windowMs);
    clearTimeout(startTimer);
    spec.onWindowEnd?.();
    this.running = false;
    this.heapSize = 0;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = Number.POSITIVE_INFINITY;

    const settled = await this.waitFor(active, spec.drainMs, this.target.durable);
    const c = this.counters;
    return {
      clients: n,
      windowMs: spec.windowMs,
      events: c.events,
      tapsAccepted: c.tapsAccepted,
      eventsOffered: c.eventsOffered,
      tapsOffered: c.tapsOffered,
      durableTaps: c.durableTaps,
      rejectedRate: c.rejectedRate,
      rejectedEnergy: c.rejectedEnergy,
      duplicates: c.duplicates,
      unreplied: settled.unreplied,
      unconfirmed: settled.unconfirmed,
      ringOverflows: c.ringOverflows,
      reply: summarise(this.replyLatency),
      durable: this.target.durable ? summarise(this.durableLatency) : null,
    };
  }

  /**
   * Waits until every client has its replies (and, when asked, durable confirmations with
   * nothing pending) or the time is up; returns what is still missing.
   */
  async waitFor(clients: TapClient[], timeoutMs: number, durable: boolean) {
    const deadline = now() + timeoutMs;
    for (;;) {
      let unreplied = 0;
      let unconfirmed = 0;
      for (const client of clients) {
        unreplied += client.seq - client.repliedSeq;
        if (durable) unconfirmed += client.seq - client.durableSeq + (client.pending !== 0 ? 1 : 0);
      }
      if ((unreplied === 0 && unconfirmed === 0) || now() >= deadline) return { unreplied, unconfirmed };
      await sleep(20);
    }
  }

  // --- hot path ----------------------------------------------------------------------------------

  private send(client: TapClient, count: number, scheduledAt: number, at: number) {
    const seq = ++client.seq;
    const slot = seq & MASK;
    client.sendTimes[slot] = scheduledAt;
    client.acceptedBySeq[slot] = 0;
    client.lastSendAt = at;
    if (this.target.durable && seq - client.durableSeq >= RING) this.counters.ringOverflows++;
    if (scheduledAt >= this.windowStart && scheduledAt < this.windowEnd) {
      this.counters.eventsOffered++;
      this.counters.tapsOffered += count;
    }
    client.engine.write(`${client.tapPrefix}${seq},"count":${count}}]`);
  }

  handleReply(client: TapClient, payload: TapRegisteredPayload) {
    const t = now();
    const seq = payload.seq ?? 0;
    const slot = seq & MASK;
    const c = this.counters;
    client.repliedSeq = seq;
    client.acceptedBySeq[slot] = payload.accepted;
    client.valueSum += payload.value;
    client.acceptedSum += payload.accepted;
    if (payload.reason === 'rate') c.rejectedRate += payload.rejected;
    else if (payload.reason === 'energy') c.rejectedEnergy += payload.rejected;
    else if (payload.reason === 'duplicate') c.duplicates++;
    if (t >= this.windowStart && t < this.windowEnd) {
      c.events++;
      c.tapsAccepted += payload.accepted;
    }
    const scheduled = client.sendTimes[slot]!;
    if (scheduled >= this.windowStart && scheduled < this.windowEnd) this.replyLatency.record(t - scheduled);

    const shape = this.shape;
    if (this.running && shape.kind === 'closed' && t < this.stopAt) {
      const earliest = client.lastSendAt + shape.minGapMs;
      if (t >= earliest) this.send(client, 1, t, t);
      else {
        this.push(client.index, earliest);
        this.arm();
      }
    }
  }

  handleCoins(client: TapClient, payload: StatusPayload) {
    client.coins = payload.coins;
    client.pending = payload.pending;
    const confirmed = payload.confirmed_seq;
    if (confirmed === undefined || confirmed <= client.durableSeq) return;
    const t = now();
    const inWindow = t >= this.windowStart && t < this.windowEnd;
    for (let seq = Math.max(client.durableSeq + 1, confirmed - MASK); seq <= confirmed; seq++) {
      const slot = seq & MASK;
      const scheduled = client.sendTimes[slot]!;
      if (scheduled >= this.windowStart && scheduled < this.windowEnd)
        this.durableLatency.record(t - scheduled);
      if (inWindow) this.counters.durableTaps += client.acceptedBySeq[slot]!;
    }
    client.durableSeq = confirmed;
  }

  private onTimer() {
    this.timer = null;
    this.armedFor = Number.POSITIVE_INFINITY;
    const t = now();
    while (this.heapSize > 0 && this.heapTime[0]! <= t) {
      const due = this.heapTime[0]!;
      const client = this.clients[this.heapClient[0]!]!;
      this.pop();
      this.due(client, due, t);
    }
    this.arm();
  }

  /** A client's timed send is due. */
  private due(client: TapClient, due: number, t: number) {
    if (!this.running || t >= this.stopAt) return;
    const shape = this.shape;
    if (shape.kind === 'closed') {
      this.send(client, 1, t, t);
      return;
    }
    const minGap = 1000 / shape.maxRate;
    const spread = 1000 / shape.minRate - minGap;
    if (shape.batchMs === 0) {
      this.send(client, 1, due, t);
      client.nextTapAt = due + minGap + Math.random() * spread;
      if (client.nextTapAt < this.stopAt) this.push(client.index, client.nextTapAt);
      return;
    }
    let count = 0;
    while (client.nextTapAt <= due && count < MAX_TAPS_PER_EVENT) {
      count++;
      client.nextTapAt += minGap + Math.random() * spread;
    }
    if (count > 0) this.send(client, count, due, t);
    if (due + shape.batchMs < this.stopAt) this.push(client.index, due + shape.batchMs);
  }

  private arm() {
    if (this.heapSize === 0) return;
    const head = this.heapTime[0]!;
    if (head >= this.armedFor) return;
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = head;
    this.timer = setTimeout(this.fire, Math.max(0, head - now()));
  }

  // Binary min-heap of (time, client index) in two typed arrays: no allocation per entry.
  private push(client: number, time: number) {
    let i = this.heapSize++;
    const times = this.heapTime;
    const ids = this.heapClient;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (times[parent]! <= time) break;
      times[i] = times[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    times[i] = time;
    ids[i] = client;
  }

  private pop() {
    const times = this.heapTime;
    const ids = this.heapClient;
    const size = --this.heapSize;
    if (size === 0) return;
    const time = times[size]!;
    const id = ids[size]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && times[child + 1]! < times[child]!) child++;
      if (times[child]! >= time) break;
      times[i] = times[child]!;
      ids[i] = ids[child]!;
      i = child;
    }
    times[i] = time;
    ids[i] = id;
  }
}
