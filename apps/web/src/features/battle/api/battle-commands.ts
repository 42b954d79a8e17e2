import type { BotKind } from '@titans/shared/battle/bots';
import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { sendBattle } from '../../../lib/realtime/battle-channel.ts';

/*
 * The Arena's calls: socket events, one function each. The answers arrive as server
 * events, which the arena store folds in.
 */

export interface MatchRequest {
  telegramUserId: string;
  battleType: 'pvp' | 'pve';
  difficulty: BotKind;
  energy: number;
  characterId: string;
  items: string[];
}

/** The spec's matchmaking request: also starts bot battles. */
export function findMatch(request: MatchRequest): boolean {
  const payload: FindMatchPayload = {
    telegram_user_id: request.telegramUserId,
    battle_type: request.battleType,
    energy_to_spend: request.energy,
    selected_character_id: request.characterId,
    equipped_items: request.items,
    ...(request.battleType === 'pve' ? { difficulty: request.difficulty } : {}),
  };
  return sendBattle('findMatch', payload);
}

export function cancelMatchmaking(): boolean {
  return sendBattle('cancelMatchmaking', {});
}

/** The ready check's answers (F51): the battle, and its stake, start only when both players accept. */
export function acceptMatch(matchId: string): boolean {
  return sendBattle('acceptMatch', { match_id: matchId });
}

export function declineMatch(matchId: string): boolean {
  return sendBattle('declineMatch', { match_id: matchId });
}

/** A tap on the live target: `battleAction` against a bot, `pvpTap` against a player. */
export function tapTarget(battleId: string, isPvp: boolean, targetId: number): boolean {
  return isPvp
    ? sendBattle('pvpTap', { battle_id: battleId, target_id: targetId })
    : sendBattle('battleAction', { battle_id: battleId, action: { type: 'attack' }, target_id: targetId });
}

export function rejoinBattle(battleId: string): boolean {
  return sendBattle('rejoinBattle', { battle_id: battleId });
}

/** The intro's Skip (F62, F63): the server starts the fight at once (PvP: once both skipped). */
export function skipIntro(battleId: string): boolean {
  return sendBattle('skipIntro', { battle_id: battleId });
}

export function forfeitBattle(battleId: string): boolean {
  return sendBattle('forfeitBattle', { battle_id: battleId });
}
