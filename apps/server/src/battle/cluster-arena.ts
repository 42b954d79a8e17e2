import { battleStartedPayloadSchema } from '@titans/shared/battle/schemas';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Cluster } from '../cluster/cluster.ts';
import type { NodeBus } from '../cluster/node-bus.ts';
import type { NodeLiveness } from '../cluster/node-liveness.ts';
import type { Database } from '../db/database.ts';
import { battles } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import type { ArenaNodes } from './arena-context.ts';
import { type ActionReply, type ArenaAction, arenaActionSchema } from './battle-actions.ts';
import { type Entered, enterExisting } from './battle-entry.ts';
import type { Entrant } from './battle-repository.ts';
import type { TapOutcome } from './battle-room.ts';
import type { BattleService } from './battle-service.ts';
import type { BoostReader } from './boost-reader.ts';
import { ClusterArenaStore, entrantSchema } from './cluster-arena-store.ts';

/** How long a host waits for another process to take its player's entry before voiding (D-CLUSTER-16). */
export const REMOTE_ENTRY_TIMEOUT_MS = 3_000;
/** How long a forwarded action waits for the host (a tap's ack; a rejoin's whole battle). */
export const FORWARD_TIMEOUT_MS = 2_000;

const errorCode = z.custom<ErrorCode>((value) => typeof value === 'string' && value in ERRORS);
const enterRequest = z.object({ battleId: z.string().uuid(), entrant: entrantSchema });
const boostTotals = z.object({
  energy_boost: z.number(),
  defense_boost: z.number(),
  power_boost: z.number(),
});
const enteredSchema: z.ZodType<Entered> = z.object({
  fighter: z.object({
    name: z.string(),
    level: z.number().int(),
    health: z.number(),
    attack: z.number(),
    defense: z.number(),
    speed: z.number(),
  }),
  boosters: battleStartedPayloadSchema.shape.boosters,
  totals: boostTotals,
  energy: z.number(),
  max: z.number(),
});
const enterReply = z.union([
  z.object({ ok: z.literal(true), entered: enteredSchema }),
  z.object({ ok: z.literal(false), code: errorCode }),
]);
const actRequest = z.object({
  userId: z.string().uuid(),
  battleId: z.string().uuid(),
  action: arenaActionSchema,
});
const tapOutcome: z.ZodType<TapOutcome> = z.union([
  z.object({ hit: z.literal(true), damage: z.number(), combo: z.number() }),
  z.object({ hit: z.literal(false), reason: z.enum(['ended', 'not-started', 'rate', 'no-target', 'bot']) }),
]);
const actReply: z.ZodType<ActionReply> = z.union([
  z.object({
    ok: z.literal(true),
    tap: tapOutcome.optional(),
    started: battleStartedPayloadSchema.optional(),
  }),
  z.object({ ok: z.literal(false), code: errorCode }),
]);
const dropRequest = z.object({ battleId: z.string().uuid() });

export interface ClusterArenaDeps {
  bus: NodeBus;
  liveness: NodeLiveness;
  store: ClusterArenaStore;
  database: Database;
  gateway: BalanceGateway;
  boosts: BoostReader;
  logger: FastifyBaseLogger;
}

/**
 * The Arena across processes (decisions: D-CLUSTER-15 to D-CLUSTER-18), over the lead's NodeBus:
 * a player's own process takes their entry into a battle hosted elsewhere (`arena:enter`) and
 * forwards their actions to the host (`arena:act`), whose answer is the socket's acknowledgement. Events from the host reach the
 * player through the cluster-wide `toUser`. Everything arriving is checked with a schema.
 */
export class ClusterArena implements ArenaNodes {
  /** Battle id → its host: a battle never changes host, so one read of its row is enough. */
  private readonly hosts = new Map<string, string>();
  private arena: BattleService | null = null;
  readonly stats = { forwarded: 0, remoteEntries: 0, swept: 0 };

  constructor(private readonly deps: ClusterArenaDeps) {}

  get nodeId() {
    return this.deps.bus.nodeId;
  }

  /** Answers the other processes' requests with this process's BattleService. */
  attach(arena: BattleService) {
    this.arena = arena;
    const { bus } = this.deps;
    bus.handle('arena:enter', (payload) => this.enterHere(enterRequest.parse(payload)));
    bus.handle('arena:act', (payload) => {
      const request = actRequest.parse(payload);
      return arena.actHere(request.userId, request.battleId, request.action);
    });
    bus.handle('arena:drop', (payload) => arena.dropRoom(dropRequest.parse(payload).battleId));
  }

  async enterRemote(node: string, battleId: string, entrant: Entrant) {
    this.stats.remoteEntries++;
    const reply = await this.deps.bus.request(
      node,
      'arena:enter',
      { battleId, entrant },
      REMOTE_ENTRY_TIMEOUT_MS,
    );
    return enterReply.parse(reply);
  }

  dropRoom(host: string, battleId: string) {
    this.deps.bus.send(host, 'arena:drop', { battleId });
  }

  async forward(userId: string, battleId: string, action: ArenaAction): Promise<ActionReply> {
    const host = await this.hostOf(battleId);
    if (!host) return { ok: false, code: 'battle/not-found' };
    if (host === this.nodeId)
      return this.arena?.actHere(userId, battleId, action) ?? { ok: false, code: 'battle/not-found' };
    this.stats.forwarded++;
    if (action.type === 'left') {
      this.deps.bus.send(host, 'arena:act', { userId, battleId, action });
      return { ok: true };
    }
    try {
      return actReply.parse(
        await this.deps.bus.request(host, 'arena:act', { userId, battleId, action }, FORWARD_TIMEOUT_MS),
      );
    } catch (error) {
      this.deps.logger.warn({ err: error, battleId, host }, 'a battle action got no answer from its host');
      return { ok: false, code: 'server/unavailable' };
    }
  }

  /**
   * The cluster's sweeper (a cluster job, D-CLUSTER-18): battles whose host has no heartbeat are
   * voided (stakes and energy back once: the row's active → void transition guards it), then the
   * queue entries and Arena claims of processes without a heartbeat are released.
   */
  async sweep(): Promise<number> {
    const arena = this.arena;
    if (!arena) return 0;
    const alive = await this.deps.liveness.alive();
    alive.add(this.nodeId);
    const active = await this.deps.database.db
      .select({ id: battles.id, host: battles.hostNode })
      .from(battles)
      .where(and(eq(battles.status, 'active'), isNotNull(battles.hostNode)));
    let voided = 0;
    for (const { id, host } of active) {
      if (!host || alive.has(host)) continue;
      if (await arena.voidBattle(id, `host ${host} lost`)) voided++;
    }
    for (const node of await this.deps.store.nodes()) {
      if (alive.has(node)) continue;
      const released = await this.deps.store.forgetNode(node);
      if (released.length > 0)
        this.deps.logger.warn(
          { node, released: released.length },
          'arena: a dead process’s players released',
        );
    }
    this.stats.swept += voided;
    if (voided > 0) this.deps.logger.warn({ voided }, 'arena: battles of dead hosts voided');
    return voided;
  }

  /** Takes this process's player's entry into a battle hosted elsewhere. */
  private async enterHere(request: z.infer<typeof enterRequest>) {
    const { entrant, battleId } = request;
    const result = await this.deps.gateway.change(
      entrant.userId,
      (m) => enterExisting(m, this.deps.boosts, battleId, entrant),
      { actingPlayers: [entrant.userId] },
    );
    return result.ok ? { ok: true, entered: result.value } : { ok: false, code: result.code };
  }

  private async hostOf(battleId: string): Promise<string | null> {
    const known = this.hosts.get(battleId);
    if (known) return known;
    const [row] = await this.deps.database.db
      .select({ host: battles.hostNode, status: battles.status })
      .from(battles)
      .where(eq(battles.id, battleId))
      .limit(1);
    if (!row?.host || row.status !== 'active') return null;
    // Bounded: a battle lasts minutes; forgetting all of them now and then only costs a read each.
    if (this.hosts.size > 10_000) this.hosts.clear();
    this.hosts.set(battleId, row.host);
    return row.host;
  }
}

/**
 * A cluster's Arena parts (app.ts wiring): the Redis queue, presence and ready checks and the
 * NodeBus side, handed to BattleService as its `queue`, `presence`, `readyChecks` and `nodes`;
 * `attach` it to the service.
 */
export function createClusterArena(deps: Omit<ClusterArenaDeps, 'store'> & { cluster: Cluster }) {
  const store = new ClusterArenaStore(deps.cluster, deps.logger);
  const nodes = new ClusterArena({ ...deps, store });
  return {
    nodes,
    service: { queue: store.queue, presence: store.presence, readyChecks: store.readyChecks, nodes },
  };
}
