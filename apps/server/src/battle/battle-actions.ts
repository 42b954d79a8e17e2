import type { BattleStartedPayload } from '@titans/shared/battle/schemas';
import type { ErrorCode } from '@titans/shared/errors';
import { z } from 'zod';
import type { BattleRoom, TapOutcome } from './battle-room.ts';

/**
 * What a player does in a running battle. In a cluster the player's process forwards it to the
 * battle's host as JSON (D-CLUSTER-17), so it has a schema as a client's payload does.
 */
export const arenaActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('tap'), targetId: z.number().int().nonnegative().optional() }),
  z.strictObject({ type: z.literal('forfeit') }),
  z.strictObject({ type: z.literal('rejoin') }),
  /** The intro's Skip (F62, F63). */
  z.strictObject({ type: z.literal('skipIntro') }),
  /** The player's last socket on their process went away (the rejoin grace period starts). */
  z.strictObject({ type: z.literal('left') }),
]);
export type ArenaAction = z.infer<typeof arenaActionSchema>;

/** The host's answer: a tap's outcome, a rejoin's whole battle, or why not. */
export type ActionReply =
  | { ok: true; tap?: TapOutcome; started?: BattleStartedPayload }
  | { ok: false; code: ErrorCode };

/** Applies an action to the room of the battle (this process hosts it); F24: players only. */
export function applyAction(room: BattleRoom | undefined, userId: string, action: ArenaAction): ActionReply {
  if (!room) return { ok: false, code: 'battle/not-found' };
  if (room.sideOf(userId) === null) return { ok: false, code: 'battle/forbidden' };
  switch (action.type) {
    case 'tap':
      return { ok: true, tap: room.tap(userId, action.targetId) };
    case 'forfeit':
      room.forfeit(userId);
      return { ok: true };
    case 'left':
      room.absent(userId);
      return { ok: true };
    case 'skipIntro':
      room.skipIntro(userId);
      return { ok: true };
    case 'rejoin':
      if (room.isOver) return { ok: false, code: 'battle/over' };
      room.present(userId);
      return { ok: true, started: room.startedPayload(userId, true) };
  }
}
