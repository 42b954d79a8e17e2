import type { BotKind } from '@titans/shared/battle/bots';
import type { ErrorCode } from '@titans/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { BattleTimings } from '../config/config.ts';
import type { Scheduler } from '../core/clock.ts';
import type { Database } from '../db/database.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import type { ActionReply, ArenaAction } from './battle-actions.ts';
import type { Entered } from './battle-entry.ts';
import type { Entrant } from './battle-repository.ts';
import type { Send } from './battle-room.ts';
import type { BoostReader } from './boost-reader.ts';
import type { ArenaPresence, MatchQueue } from './matchmaking-queue.ts';
import type { ReadyChecks } from './ready-checks.ts';

/** What a queued player brings to the battle once matched: the loaded fighter and the bot's level. */
export interface Ticket {
  entrant: Entrant;
  difficulty?: BotKind;
}

export type ArenaFailure = { code: ErrorCode; message?: string };

/** How the Arena reaches a cluster's other processes (decisions: D-CLUSTER-15 to D-CLUSTER-17). */
export interface ArenaNodes {
  readonly nodeId: string;
  /** Takes a player's entry into an existing battle on the process they queued on. */
  enterRemote(
    node: string,
    battleId: string,
    entrant: Entrant,
  ): Promise<{ ok: true; entered: Entered } | { ok: false; code: ErrorCode }>;
  /** Forwards an action to the host of a battle this process does not hold. */
  forward(userId: string, battleId: string, action: ArenaAction): Promise<ActionReply>;
  /** Tells a battle's host that the battle was voided here (its room stops). */
  dropRoom(host: string, battleId: string): void;
}

/**
 * The collaborators every part of the Arena shares (matchmaking, starts, rooms, payouts): the
 * database and the gateway, the Arena's time source, the socket sender, and the queue, presence and
 * ready checks (in memory for one process, in Redis for a cluster, D-CLUSTER-15).
 */
export interface ArenaContext {
  database: Database;
  gateway: BalanceGateway;
  scheduler: Scheduler;
  /** The Emporium's running boosters, read when a battle starts (F31, F32). */
  boosts: BoostReader;
  timings: BattleTimings;
  logger: FastifyBaseLogger;
  send: Send;
  /** The battle's random seed; tests pass their own so battles replay. */
  seed?: () => number;
  queue: MatchQueue<Ticket>;
  presence: ArenaPresence;
  /** Found matches waiting for both players to accept (F51): in memory, or in Redis for a cluster. */
  readyChecks: ReadyChecks;
  /** A cluster's other processes; absent for one process. */
  nodes?: ArenaNodes;
}
