import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import { NodeUnreachableError } from '../core/errors.ts';
import type { Cluster } from './cluster.ts';

/** The other process answered with a failure (its handler threw). */
export class NodeRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NodeRequestError';
  }
}

/** What crosses the bus: a request, its answer, or a one-way message. JSON on the node's channel. */
const envelope = z.discriminatedUnion('t', [
  z.object({ t: z.literal('req'), id: z.string(), kind: z.string(), from: z.string(), payload: z.unknown() }),
  z.object({
    t: z.literal('res'),
    id: z.string(),
    ok: z.boolean(),
    value: z.unknown().optional(),
    error: z.string().optional(),
  }),
  z.object({ t: z.literal('msg'), kind: z.string(), from: z.string(), payload: z.unknown() }),
]);
type Envelope = z.infer<typeof envelope>;

type Handler = (payload: unknown, from: string) => unknown;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: TimerHandle;
  node: string;
  kind: string;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 2_000;

/**
 * Directed messages between the cluster's processes (decisions: D-CLUSTER-14): every process
 * listens on its own Redis channel (`<prefix>bus:<node>`) and answers requests addressed to it.
 * Nothing is queued: a message to a process that is gone is lost, and a request times out with
 * NodeUnreachableError, so every caller has a recovery (the PostgreSQL fence, a void, a retry).
 * Payloads are JSON; handlers validate them as they would a client's.
 */
export class NodeBus {
  private readonly handlers = new Map<string, Handler>();
  private readonly pending = new Map<string, Pending>();
  private readonly prefix = randomBytes(4).toString('hex');
  private sequence = 0;
  private closed = false;
  readonly stats = { sent: 0, received: 0, timeouts: 0 };

  private constructor(
    private readonly cluster: Cluster,
    private readonly pub: Redis,
    private readonly scheduler: Scheduler,
    private readonly logger: FastifyBaseLogger,
  ) {}

  static async open(cluster: Cluster, scheduler: Scheduler, logger: FastifyBaseLogger): Promise<NodeBus> {
    const sub = await cluster.duplicate();
    // No offline queue: while Redis is away a send fails at once and a request times out.
    const pub = await cluster.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const bus = new NodeBus(cluster, pub, scheduler, logger);
    sub.on('message', (_channel: string, raw: string) => bus.receive(raw));
    await sub.subscribe(bus.channel(cluster.nodeId));
    return bus;
  }

  get nodeId(): string {
    return this.cluster.nodeId;
  }

  /** Answers requests and messages of `kind` addressed to this process. */
  handle(kind: string, handler: Handler): void {
    if (this.handlers.has(kind)) throw new Error(`node bus: ${kind} already has a handler`);
    this.handlers.set(kind, handler);
  }

  /** Asks another process and waits for its answer (at most timeoutMs). */
  request(
    node: string,
    kind: string,
    payload: unknown,
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  ): Promise<unknown> {
    if (node === this.nodeId) return this.runLocally(kind, payload);
    const id = `${this.prefix}:${++this.sequence}`;
    return new Promise((resolve, reject) => {
      const timer = this.scheduler.setTimeout(() => {
        this.pending.delete(id);
        this.stats.timeouts++;
        reject(new NodeUnreachableError(node, kind));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer, node, kind });
      this.publish(node, { t: 'req', id, kind, from: this.nodeId, payload }, () => {
        // Nobody listens on the node's channel: it is gone (a paused process still listens).
        const pending = this.pending.get(id);
        if (!pending) return;
        this.pending.delete(id);
        pending.timer.cancel();
        reject(new NodeUnreachableError(node, kind));
      });
    });
  }

  /** Tells another process something; no answer, no retry. */
  send(node: string, kind: string, payload: unknown): void {
    if (node === this.nodeId) {
      void this.runLocally(kind, payload).catch(() => undefined);
      return;
    }
    this.publish(node, { t: 'msg', kind, from: this.nodeId, payload });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [id, pending] of this.pending) {
      pending.timer.cancel();
      pending.reject(new NodeUnreachableError(pending.node, pending.kind));
      this.pending.delete(id);
    }
    // The connections close with the cluster (Cluster.close).
  }

  private channel(node: string): string {
    return this.cluster.key(`bus:${node}`);
  }

  private async runLocally(kind: string, payload: unknown): Promise<unknown> {
    const handler = this.handlers.get(kind);
    if (!handler) throw new NodeRequestError(`no handler for ${kind}`);
    return handler(payload, this.nodeId);
  }

  private publish(node: string, message: Envelope, nobodyListens?: () => void): void {
    if (this.closed) return;
    this.stats.sent++;
    this.pub.publish(this.channel(node), JSON.stringify(message)).then(
      (receivers) => {
        if (receivers === 0) nobodyListens?.();
      },
      (error: unknown) => {
        // The request's timer answers the caller; a lost message is what this bus promises.
        this.logger.debug({ err: error, node }, 'node bus publish failed');
      },
    );
  }

  private receive(raw: string): void {
    if (this.closed) return;
    let message: Envelope;
    try {
      message = envelope.parse(JSON.parse(raw));
    } catch {
      this.logger.warn('node bus: malformed message ignored');
      return;
    }
    this.stats.received++;
    if (message.t === 'res') {
      const pending = this.pending.get(message.id);
      if (!pending) return; // timed out already
      this.pending.delete(message.id);
      pending.timer.cancel();
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new NodeRequestError(message.error ?? 'request failed'));
      return;
    }
    void this.answer(message);
  }

  private async answer(message: Extract<Envelope, { t: 'req' | 'msg' }>): Promise<void> {
    const handler = this.handlers.get(message.kind);
    let reply: Envelope | null = null;
    try {
      if (!handler) throw new NodeRequestError(`no handler for ${message.kind}`);
      const value = await handler(message.payload, message.from);
      if (message.t === 'req') reply = { t: 'res', id: message.id, ok: true, value };
    } catch (error) {
      this.logger.warn({ err: error, kind: message.kind, from: message.from }, 'node bus handler failed');
      if (message.t === 'req') {
        reply = {
          t: 'res',
          id: message.id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        };
      }
    }
    if (reply) this.publish(message.from, reply);
  }
}
