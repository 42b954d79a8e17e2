import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import { broadcastMessage, roomChannel } from '../platform/redis-adapter/broadcast.ts';
import { emitEvent } from '../realtime/emit-event.ts';
import type { Cluster } from './cluster.ts';

/** What one process tells the others about a player room (decisions: D-CLUSTER-7). */
const presenceMessageSchema = z.object({
  titans: z.enum(['here', 'ack', 'gone']),
  node: z.string(),
  room: z.string(),
});
type PresenceMessage = z.infer<typeof presenceMessageSchema>;

const PRESENCE_MARK = '{"titans":';

/** How long initUser waits for its room's subscription before answering anyway (D-CLUSTER-26). */
const ROOM_READY_TIMEOUT_MS = 1_000;

/**
 * Pushes, presence and socket closing across processes (decisions: D-CLUSTER-6, D-CLUSTER-7).
 *
 * - The socket.io adapter is `@socket.io/redis-adapter` in sharded "dynamic" mode: every player
 *   room has its own Redis channel (SSUBSCRIBE), so a push reaches only the processes that hold
 *   that player's sockets.
 * - Presence: when a process gets its first socket in a player's room it says `here` on that
 *   room's channel; every other process holding the room answers `ack`; the last socket leaving
 *   says `gone`. So each process knows which other processes hold each of its players, without a
 *   Redis command per message. A process that died without `gone` is dropped the first time a
 *   push to the room reaches no other subscriber.
 * - `push` delivers locally without Redis and publishes only when another process may hold the
 *   player (or none here does), so the owner's pushes to its own players cost no Redis command.
 */
export class RealtimeCluster {
  /** Other processes that hold sockets in a room (by node id), as they announced. */
  private readonly holders = new Map<string, Set<string>>();
  private readonly channelPrefix: string;
  private namespace: Namespace | null = null;
  private readonly listeners: Array<() => void> = [];
  /** Cluster-wide channels of the app itself (not rooms): every process hears every message. */
  private readonly appChannels = new Map<string, (message: string) => void>();
  /** Each player room held here: its subscription and `here`, under way or done (D-CLUSTER-26). */
  private readonly announced = new Map<string, Promise<void>>();
  private closed = false;
  readonly stats = { published: 0, publishFailed: 0, presenceSent: 0 };

  private constructor(
    private readonly cluster: Cluster,
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.channelPrefix = `${cluster.prefix}sio`;
  }

  /**
   * Opens the publishing and subscribing connections (both `ready` before the adapter sees them:
   * an ioredis subscriber used earlier fails with "Connection in subscriber mode"). The publisher
   * has no offline queue: while Redis is away a push fails at once instead of piling up.
   */
  static async open(cluster: Cluster, logger: FastifyBaseLogger): Promise<RealtimeCluster> {
    const pub = await cluster.duplicate({ enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const sub = await cluster.duplicate();
    return new RealtimeCluster(cluster, pub, sub, logger);
  }

  /** The adapter factory for socket.io's `adapter` option. */
  adapter() {
    return createShardedAdapter(this.pub, this.sub, {
      channelPrefix: this.channelPrefix,
      subscriptionMode: 'dynamic',
    });
  }

  /** Starts presence on the main namespace once the server exists. */
  attach(namespace: Namespace, isPlayerRoom: (room: string) => boolean) {
    this.namespace = namespace;
    const adapter = namespace.adapter;
    const onCreate = (room: string) => {
      if (isPlayerRoom(room)) this.announced.set(room, this.announce(room, 'here'));
    };
    const onDelete = (room: string) => {
      if (!isPlayerRoom(room)) return;
      this.announced.delete(room);
      this.holders.delete(room);
      void this.say(room, 'gone');
    };
    adapter.on('create-room', onCreate);
    adapter.on('delete-room', onDelete);
    const onMessage = (channel: string, message: string) => this.onMessage(channel, message);
    this.sub.on('smessage', onMessage);
    // Both connections were ready before this, so a `ready` now is a reconnection. ioredis
    // re-subscribes by itself; what others knew of us may be stale (their `gone` or our `here` may
    // be lost), so the subscriber forgets what it knew and both say `here` again for every room
    // held here (the publisher may come back second, when the first `here` could not be sent).
    const announceAll = () => {
      for (const room of adapter.rooms.keys()) if (isPlayerRoom(room)) void this.announce(room, 'here');
    };
    const onSubReady = () => {
      this.holders.clear();
      announceAll();
    };
    this.sub.on('ready', onSubReady);
    this.pub.on('ready', announceAll);
    this.listeners.push(
      () => adapter.off('create-room', onCreate),
      () => adapter.off('delete-room', onDelete),
      () => this.sub.off('smessage', onMessage),
      () => this.sub.off('ready', onSubReady),
      () => this.pub.off('ready', announceAll),
    );
  }

  /**
   * Listens on a cluster-wide channel (e.g. bans): every process subscribed hears every message,
   * its own included. Re-subscribed by ioredis after a reconnection.
   */
  async subscribe(name: string, handler: (message: string) => void) {
    const channel = this.appChannel(name);
    this.appChannels.set(channel, handler);
    await this.sub.ssubscribe(channel);
  }

  /** Publishes on a cluster-wide channel; never waits, failures are counted and logged. */
  publishTo(name: string, message: string) {
    if (this.closed) return;
    this.pub
      .spublish(this.appChannel(name), message)
      .catch((error: unknown) => this.failed(error, `publish on ${name} failed`));
  }

  /**
   * Resolves once this process listens on a player room's channel and has said `here` (rules:
   * CR6), so a push another process makes after this resolves reaches the room's sockets here.
   * initUser awaits it before answering. Bounded by `timeoutMs`: while Redis is away the
   * subscription waits for its return, and the player is answered anyway (pushes from other
   * processes come back with Redis, D-CLUSTER-9).
   */
  async roomReady(room: string, timeoutMs = ROOM_READY_TIMEOUT_MS): Promise<boolean> {
    const announcing = this.announced.get(room);
    if (!announcing) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([announcing.then(() => true), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Other processes known to hold sockets in this room. */
  remoteHolders(room: string): number {
    return this.holders.get(room)?.size ?? 0;
  }

  /**
   * Delivers an event to a room's sockets on other processes. Skipped when this process holds the
   * room and knows no other process does; never waits: failures are counted and logged.
   */
  publish(room: string, event: string, payload: unknown, heldHere: boolean) {
    if (this.closed) return;
    if (heldHere && this.remoteHolders(room) === 0) return;
    const message = this.namespace ? broadcastMessage(this.namespace.adapter, room, event, payload) : null;
    if (!message) return;
    this.stats.published++;
    this.pub.spublish(this.channel(room), message).then(
      (receivers) => {
        // Nobody else listens on the room: whoever we counted is gone (a crash says no `gone`).
        if (Number(receivers) === 0) this.holders.delete(room);
      },
      (error: unknown) => this.failed(error, 'push to another process failed'),
    );
  }

  /**
   * Closes sockets by id wherever they are (the socket cap across processes), or a player's room
   * (an operator's kick): an `error` with the reason, then the disconnect, both through the adapter.
   */
  async closeRemote(socketIds: string[], payload: { code: string; message: string }) {
    const namespace = this.namespace;
    if (!namespace || socketIds.length === 0) return;
    const target = namespace.in(socketIds);
    emitEvent(target, 'error', payload);
    target.disconnectSockets(true);
  }

  /**
   * Processes holding sockets in a room, this one included, as Redis knows them (decisions:
   * D-CLUSTER-22): the adapter subscribes a room's channel while it holds the room, and a dead
   * process's subscriptions end with its connection. One command: for an operator, not a hot path.
   */
  async roomHolders(room: string): Promise<number> {
    const reply = await this.pub.call('PUBSUB', 'SHARDNUMSUB', this.channel(room));
    return Array.isArray(reply) ? Number(reply[1] ?? 0) : 0;
  }

  async close() {
    this.closed = true;
    for (const off of this.listeners.splice(0)) off();
    // Connections are closed with the cluster (Cluster.close).
  }

  private appChannel(name: string) {
    return `${this.channelPrefix}#app#${name}`;
  }

  private channel(room: string) {
    return roomChannel(this.channelPrefix, room);
  }

  /** Makes sure this process listens on the room before saying so (no lost answer). */
  private async announce(room: string, kind: 'here') {
    try {
      // A subscribe written while the subscriber reconnects, before ioredis's ready check, puts the
      // connection in subscriber mode and fails that check: wait for `ready` (then it resubscribes).
      if (this.sub.status !== 'ready') await new Promise((resolve) => this.sub.once('ready', resolve));
      await this.sub.ssubscribe(this.channel(room));
    } catch (error) {
      return this.failed(error, 'presence subscribe failed');
    }
    await this.say(room, kind);
  }

  private async say(room: string, kind: PresenceMessage['titans']) {
    if (this.closed) return;
    const message: PresenceMessage = { titans: kind, node: this.cluster.nodeId, room };
    this.stats.presenceSent++;
    await this.pub
      .spublish(this.channel(room), JSON.stringify(message))
      .catch((error: unknown) => this.failed(error, 'presence publish failed'));
  }

  private onMessage(channel: string, raw: string) {
    const appHandler = this.appChannels.get(channel);
    if (appHandler) {
      try {
        appHandler(raw);
      } catch (error) {
        this.logger.error({ err: error, channel }, 'cluster channel handler failed');
      }
      return;
    }
    if (!raw.startsWith(PRESENCE_MARK) || !channel.startsWith(this.channelPrefix)) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const read = presenceMessageSchema.safeParse(parsed);
    if (!read.success) return;
    const message = read.data;
    if (message.node === this.cluster.nodeId) return;
    if (channel !== this.channel(message.room)) return;
    const room = message.room;
    if (message.titans === 'gone') {
      this.holders.get(room)?.delete(message.node);
      return;
    }
    // Only rooms held here matter: the adapter unsubscribes a room's channel once it is empty.
    if (!this.namespace?.adapter.rooms.has(room)) return;
    let nodes = this.holders.get(room);
    if (!nodes) {
      nodes = new Set();
      this.holders.set(room, nodes);
    }
    nodes.add(message.node);
    if (message.titans === 'here') void this.say(room, 'ack');
  }

  private lastLogged = 0;
  private failed(error: unknown, what: string) {
    this.stats.publishFailed++;
    const now = Date.now();
    if (now - this.lastLogged < 5_000) return;
    this.lastLogged = now;
    this.logger.warn({ err: error, nodeId: this.cluster.nodeId }, what);
  }
}
