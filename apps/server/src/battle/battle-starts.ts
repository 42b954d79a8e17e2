import { randomInt, randomUUID } from 'node:crypto';
import { createBattle } from '@titans/shared/battle/battle-rules';
import { BOTS, type BotKind } from '@titans/shared/battle/bots';
import { ERRORS, type ErrorCode } from '@titans/shared/errors';
import { succeeded } from '../core/result.ts';
import type { ArenaContext, ArenaFailure, Ticket } from './arena-context.ts';
import { contenderOf, type Entered, enterNew, insertBattle, type NewBattle } from './battle-entry.ts';
import type { BattlePayouts } from './battle-payouts.ts';
import type { Entrant } from './battle-repository.ts';
import type { Contender } from './battle-room.ts';
import type { BattleRooms } from './battle-rooms.ts';
import type { QueueEntry } from './matchmaking-queue.ts';

/**
 * Starting battles: the entry (stake, energy, the boosters' snapshot and the battle row, through
 * battle-entry.ts), the rules' initial state, and the room. A bot battle starts for one player;
 * a PvP battle for a matched pair, whose players in a cluster may enter on other processes.
 */
export class BattleStarts {
  constructor(
    private readonly context: ArenaContext,
    private readonly rooms: BattleRooms,
    private readonly payouts: BattlePayouts,
  ) {}

  /** A bot battle for the ticket's player; answers why not when their entry fails. */
  async startPve(ticket: Ticket, difficulty: BotKind): Promise<ArenaFailure | null> {
    const { entrant } = ticket;
    const id = randomUUID();
    const seed = this.seed();
    const host = this.context.nodes?.nodeId ?? null;
    const battle: NewBattle = { id, mode: 'pve', difficulty, seed, players: [entrant], host };
    const entered = await this.enter(battle, [entrant]);
    if (!entered.ok) return { code: entered.code };
    const now = this.context.scheduler.now();
    const { timings } = this.context;
    const mine = entered.value.get(entrant.userId);
    if (!mine) throw new Error('the entrant did not enter');
    const { state, bot } = createBattle({
      seed,
      createdAt: now,
      fightStartsAt: now + timings.botSetupMs + timings.introMs,
      timeLimitMs: timings.timeLimitMs,
      player: mine.fighter,
      // Bots fight with their own rolled stats only (D-BATTLE-12).
      opponent: { kind: 'bot', difficulty },
    });
    const definition = bot ?? BOTS[difficulty];
    const botContender: Contender = {
      userId: null,
      name: definition.name,
      level: definition.level,
      character: { _id: `bot-${difficulty}`, name: definition.name, image: definition.image },
      equippedItems: [],
      boosters: [],
      energy: 0,
      maxEnergy: 0,
    };
    const contenders: [Contender, Contender] = [contenderOf(entrant, mine), botContender];
    await this.rooms.open({ id, isPvp: false, difficulty, state, contenders });
    return null;
  }

  /**
   * Starts a PvP battle here. In a cluster this process hosts it: it writes the row with the
   * entries of the players it may write, and each other player's own process takes theirs
   * (D-CLUSTER-16); if one cannot, the battle is voided, which returns exactly what was taken.
   */
  async startPvp(a: QueueEntry<Ticket>, b: QueueEntry<Ticket>) {
    const pair = [a, b];
    for (const entry of pair) await this.context.presence.set(entry.userId, { kind: 'entering' });
    const id = randomUUID();
    const seed = this.seed();
    const host = this.context.nodes?.nodeId ?? null;
    const players = pair.map((entry) => entry.ticket.entrant);
    const battle: NewBattle = { id, mode: 'pvp', difficulty: null, seed, players, host };
    const local = pair.filter((entry) => this.isLocal(entry)).map((entry) => entry.ticket.entrant);
    const entered = local.length
      ? await this.enter(battle, local)
      : await insertBattle(this.context.database.db, battle, [], [], this.context.scheduler.now()).then(() =>
          succeeded(new Map<string, Entered>()),
        );
    if (!entered.ok) {
      return this.entryFailed(pair, failedUserId(entered.data), entered.code, entered.message);
    }
    const all = new Map(entered.value);
    const remote = await Promise.all(
      pair
        .filter((entry) => !this.isLocal(entry))
        .map(async (entry) => ({ entry, result: await this.enterRemotely(id, entry) })),
    );
    for (const { entry, result } of remote) {
      if (!result.ok) {
        await this.payouts.void(id, 'entry-failed', { notify: false });
        return this.entryFailed(pair, entry.userId, result.code);
      }
      all.set(entry.userId, result.entered);
    }
    const ea = all.get(a.userId);
    const eb = all.get(b.userId);
    if (!ea || !eb) throw new Error('a player did not enter');
    const now = this.context.scheduler.now();
    const { timings } = this.context;
    const { state } = createBattle({
      seed,
      createdAt: now,
      fightStartsAt: now + timings.introMs,
      timeLimitMs: timings.timeLimitMs,
      player: ea.fighter,
      opponent: { kind: 'player', fighter: eb.fighter },
    });
    const contenders: [Contender, Contender] = [
      contenderOf(a.ticket.entrant, ea),
      contenderOf(b.ticket.entrant, eb),
    ];
    await this.rooms.open({ id, isPvp: true, difficulty: null, state, contenders });
  }

  /** Whether this process may write the queue entry's player (one process: everyone). */
  isLocal(entry: QueueEntry<Ticket>) {
    const { nodes } = this.context;
    return !nodes || entry.node === undefined || entry.node === nodes.nodeId;
  }

  /**
   * Spends every entrant's energy and writes the battle row, in one balance change. The boosters
   * running at this instant are the battle's (F31, F32: a snapshot taken at its start).
   */
  private async enter(battle: NewBattle, entrants: Entrant[]) {
    const players = entrants.map((e) => e.userId);
    return this.context.gateway.changeMany(
      players,
      (m) => enterNew(m, this.context.boosts, battle, entrants),
      {
        actingPlayers: players,
      },
    );
  }

  private seed() {
    return this.context.seed?.() ?? randomInt(0, 2 ** 31);
  }

  private async enterRemotely(battleId: string, entry: QueueEntry<Ticket>) {
    const { nodes, logger } = this.context;
    if (!nodes || !entry.node) return { ok: false as const, code: 'server/internal' as const };
    return nodes.enterRemote(entry.node, battleId, entry.ticket.entrant).catch((error: unknown) => {
      logger.warn({ err: error, node: entry.node }, 'a remote entry got no answer');
      return { ok: false as const, code: 'server/unavailable' as const };
    });
  }

  /** The player who could not enter hears why; the other goes back to the queue. */
  private async entryFailed(
    pair: QueueEntry<Ticket>[],
    failedId: string | undefined,
    code: ErrorCode,
    text?: string,
  ) {
    const { presence, queue, send } = this.context;
    const message = text ?? ERRORS[code]?.message ?? 'Matchmaking failed';
    for (const entry of pair) {
      if (failedId === undefined || entry.userId === failedId) {
        await presence.release(entry.userId);
        send(entry.userId, 'matchmakingCancelled', { message });
        send(entry.userId, 'error', { code, message });
      } else {
        await presence.set(entry.userId, { kind: 'queue' });
        await queue.add(entry);
      }
    }
  }
}

/** The player whose entry failed, as the entry's failure names them (battle-entry.ts). */
function failedUserId(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('userId' in data)) return undefined;
  return typeof data.userId === 'string' ? data.userId : undefined;
}
