import type { Outcome } from '@titans/shared/battle/battle-rules';
import { eq } from 'drizzle-orm';
import { battles } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import type { ArenaContext } from './arena-context.ts';
import { levelIn } from './battle-repository.ts';
import type { BattleRoom } from './battle-room.ts';
import type { BattleRooms } from './battle-rooms.ts';
import { settleBattle, voidBattle } from './battle-settlement.ts';
import { resultMessages, voidedMessage, voidedWithoutRoom } from './battle-view.ts';

const VOIDED_MESSAGE = 'This battle was cancelled: your stake and energy are back';
const SETTLE_RETRIES = 5;
const SETTLE_RETRY_MS = 2_000;

/** How a void runs: an extra write inside its balance change, and whether the players are told. */
export interface VoidOptions {
  /** Runs inside the void's balance change (an operator's audit row commits with it, D-OPS-6). */
  inChange?: (m: MoneyContext) => Promise<unknown>;
  notify: boolean;
}

/**
 * The end of a battle's money: the payout of an ended battle (retried, once through the row's
 * `active → finished` transition, D-BATTLE-10) and voids (stakes and energy back, F30), each
 * followed by the players' messages and the room's close.
 */
export class BattlePayouts {
  /** Payouts in flight: closing and draining wait for them. */
  private readonly settling = new Set<Promise<unknown>>();
  settled = 0;
  settleFailures = 0;

  constructor(
    private readonly context: ArenaContext,
    private readonly rooms: BattleRooms,
  ) {}

  get inFlight() {
    return this.settling.size;
  }

  /** Resolves once every payout in flight has finished (paid, or given up). */
  async drained() {
    await Promise.allSettled([...this.settling]);
  }

  /** The rules decided the end: pays the battle (in the background; close waits for it). */
  settle(room: BattleRoom, outcome: Outcome) {
    // A payout that throws (the database went away, the app is closing) leaves the battle active
    // for the void at restart or the cluster's sweeper; it must not become an unhandled rejection.
    const run = this.pay(room, outcome, 0).catch((error: unknown) => {
      this.context.logger.error({ err: error, battleId: room.id }, 'paying a battle failed; it stays active');
      this.rooms.close(room);
    });
    this.settling.add(run);
    void run.finally(() => this.settling.delete(run));
  }

  /** Pays the battle once: the battle row turns finished in the same transaction as the coins. */
  private async pay(room: BattleRoom, outcome: Outcome, attempt: number): Promise<void> {
    const { gateway, logger, scheduler, send } = this.context;
    const result = await gateway.changeMany(room.humans(), (m) => settleBattle(m, room, outcome));
    if (!result.ok) {
      if (result.code !== 'battle/over' && attempt < SETTLE_RETRIES) {
        this.settleFailures++;
        logger.error({ code: result.code, battleId: room.id }, 'paying a battle failed; retrying');
        await new Promise<void>((resolve) => scheduler.setTimeout(resolve, SETTLE_RETRY_MS));
        return this.pay(room, outcome, attempt + 1);
      }
      if (result.code !== 'battle/over')
        logger.error(
          { code: result.code, battleId: room.id },
          'a battle could not be paid; it stays active and is voided on restart',
        );
      this.rooms.close(room);
      return;
    }
    this.settled++;
    this.rooms.close(room);
    for (const player of result.value) {
      const messages = resultMessages(room, outcome, player);
      if (messages.autoResolve) send(player.userId, 'battleAutoResolve', messages.autoResolve);
      send(player.userId, 'battleCompleted', messages.completed);
      if (messages.pvp) send(player.userId, 'pvpBattleResult', messages.pvp);
    }
  }

  /**
   * Voids one active battle: its room (here or on its host) stops without a result, and stakes and
   * energy go back to its players (F30, D-BATTLE-10). Answers false when the battle is not active
   * (already settled or voided).
   */
  async void(battleId: string, reason: string, options: VoidOptions): Promise<boolean> {
    const { database, gateway } = this.context;
    const [row] = await database.db
      .select({
        player1: battles.player1Id,
        player2: battles.player2Id,
        status: battles.status,
        host: battles.hostNode,
      })
      .from(battles)
      .where(eq(battles.id, battleId))
      .limit(1);
    if (row?.status !== 'active') return false;
    const players = row.player2 ? [row.player1, row.player2] : [row.player1];
    const voided = await gateway.changeMany(players, async (m) => {
      const returned = await voidBattle(m, battleId, reason);
      await options.inChange?.(m);
      return returned;
    });
    if (!voided.ok) return false;
    const room = this.rooms.get(battleId);
    if (room) this.voidedHere(room, voided.value, options.notify);
    else await this.voidedElsewhere(battleId, row, voided.value, options.notify);
    return true;
  }

  /** Voids every battle left active (at start-up, before any room exists here); answers how many. */
  async voidUnfinished(): Promise<number> {
    const active = await this.context.database.db
      .select({ id: battles.id })
      .from(battles)
      .where(eq(battles.status, 'active'));
    let voided = 0;
    for (const { id } of active) if (await this.void(id, 'restart', { notify: true })) voided++;
    return voided;
  }

  private voidedHere(
    room: BattleRoom,
    players: Array<{ userId: string; stake: number; coins: number }>,
    notify: boolean,
  ) {
    this.rooms.close(room);
    if (!notify) return;
    const { send } = this.context;
    for (const player of players) {
      send(player.userId, 'battleAutoResolve', { battle_id: room.id, message: VOIDED_MESSAGE });
      send(player.userId, 'battleCompleted', voidedMessage(room, player));
    }
  }

  /** Hosted elsewhere (a cluster): the host drops its room; the players hear it from here. */
  private async voidedElsewhere(
    battleId: string,
    row: { player2: string | null; host: string | null },
    players: Array<{ userId: string; stake: number; coins: number }>,
    notify: boolean,
  ) {
    const { nodes, presence, send, database } = this.context;
    if (nodes && row.host && row.host !== nodes.nodeId) nodes.dropRoom(row.host, battleId);
    for (const player of players) {
      await presence.release(player.userId, { kind: 'battle', battleId }).catch(() => undefined);
      if (!notify) continue;
      send(player.userId, 'battleAutoResolve', { battle_id: battleId, message: VOIDED_MESSAGE });
      const level = await levelIn(database, battleId, player.userId);
      send(
        player.userId,
        'battleCompleted',
        voidedWithoutRoom(battleId, row.player2 !== null, level, player),
      );
    }
  }
}
