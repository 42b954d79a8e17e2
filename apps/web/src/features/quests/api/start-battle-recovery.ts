import { type AdView, adViewSchema, type StartAdViewBody } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /v1/ads/views `{purpose: 'battle-recovery', battle_id}`: the player is about to watch a
 * video to recover a defeat. The server refuses a battle the player did not lose or
 * already recovered; the coins come only with Adsgram's reward callback (decisions: D-QUEST-9).
 */
export function startBattleRecovery(battleId: string): Promise<AdView> {
  const body: StartAdViewBody = { purpose: 'battle-recovery', battle_id: battleId };
  return api('/ads/views', adViewSchema, { method: 'POST', body });
}
