import type { BattleState, Outcome } from '@titans/shared/battle/battle-rules';
import type { BotKind } from '@titans/shared/battle/bots';
import type { ArenaContext } from './arena-context.ts';
import { BattleRoom, type Contender } from './battle-room.ts';

/** The most timer-lateness samples kept between two reads of the metrics. */
const LATENESS_SAMPLES = 200_000;

export interface NewRoom {
  id: string;
  isPvp: boolean;
  difficulty: BotKind | null;
  state: BattleState;
  contenders: [Contender, Contender];
}

/**
 * The rooms this process hosts, one per running battle, and who fights in them. Opening a room
 * claims its players in the Arena's presence and tells them the battle started; closing it stops
 * its timers and releases them. The end of a battle goes to `onEnded` (the payout).
 */
export class BattleRooms {
  private readonly rooms = new Map<string, BattleRoom>();
  /** This process's view for the operator: who fights in a room here. */
  private readonly roomOf = new Map<string, string>();
  private readonly lateness: number[] = [];
  /** Lateness is sampled only once someone reads the metrics (the benchmark, an operator). */
  private recordLateness = false;
  started = 0;

  constructor(
    private readonly context: ArenaContext,
    private readonly onEnded: (room: BattleRoom, outcome: Outcome) => void,
  ) {}

  get size() {
    return this.rooms.size;
  }

  get(battleId: string): BattleRoom | undefined {
    return this.rooms.get(battleId);
  }

  /** The battle the player fights in a room here, if any. */
  battleOf(userId: string): string | null {
    return this.roomOf.get(userId) ?? null;
  }

  /** Timer lateness samples since the last call (ms); sampling starts with the first call. */
  takeLateness(): number[] {
    this.recordLateness = true;
    return this.lateness.splice(0);
  }

  /** Opens the battle's room here: its players are claimed for it, told, and the room's clock starts. */
  async open(battle: NewRoom) {
    const { scheduler, timings, send, nodes, presence } = this.context;
    const room = new BattleRoom({
      ...battle,
      scheduler,
      rejoinGraceMs: timings.rejoinGraceMs,
      hooks: {
        send,
        onEnded: this.onEnded,
        onLateness: (ms) => {
          if (this.recordLateness && this.lateness.length < LATENESS_SAMPLES) this.lateness.push(ms);
        },
      },
    });
    this.rooms.set(room.id, room);
    this.started++;
    const host = nodes?.nodeId;
    for (const userId of room.humans()) {
      this.roomOf.set(userId, room.id);
      await presence.set(
        userId,
        host ? { kind: 'battle', battleId: room.id, host } : { kind: 'battle', battleId: room.id },
      );
    }
    for (const userId of room.humans()) send(userId, 'battleStarted', room.startedPayload(userId, false));
    room.start();
  }

  /** Stops the room and forgets it; its players' battle claims are released. */
  close(room: BattleRoom) {
    room.dispose();
    this.rooms.delete(room.id);
    for (const userId of room.humans()) {
      this.roomOf.delete(userId);
      void this.context.presence
        .release(userId, { kind: 'battle', battleId: room.id })
        .catch((error: unknown) =>
          this.context.logger.warn({ err: error, userId }, 'arena presence not released'),
        );
    }
  }

  /** Stops every room's timers (the server is closing); the battles stay active and are voided later. */
  disposeAll() {
    for (const room of this.rooms.values()) room.dispose();
  }
}
