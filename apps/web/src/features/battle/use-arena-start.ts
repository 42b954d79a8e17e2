import type { BotKind } from '@titans/shared/battle/bots';
import { MIN_COINS_TO_BATTLE, TOAST_MS } from '@titans/shared/constants';
import { useCallback, useState } from 'react';
import { t } from '../../lib/i18n/i18n.ts';
import { energyAt, useBalance } from '../../lib/realtime/balance-store.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useCurrentUser } from '../users/api/get-user.ts';
import { findMatch } from './api/battle-commands.ts';
import { useArena } from './arena-store.ts';

/** the text of a refused start for want of the stake. */
export const NOT_ENOUGH_COINS = () => t('useArenaStart.youNeedAtLeast');

export interface StartOverride {
  mode?: 'pvp' | 'pve';
  difficulty?: BotKind;
  energy?: number;
}

/**
 * Starting a battle from the Arena: the spec's checks (a character, the stake) shown in the red
 * banner, then the matchmaking request with the lobby's choices, or an override (a rematch, the
 * bot offer). Answers the start and the local message, cleared after the spec's 3 s.
 */
export function useArenaStart() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const user = useCurrentUser().data;
  const coins = useBalance((s) => s.coins);
  const mode = useArena((s) => s.mode);
  const difficulty = useArena((s) => s.difficulty);
  const energy = useArena((s) => s.energy);
  const items = useArena((s) => s.items);
  const [localError, setLocalError] = useState<string | null>(null);

  const showLocal = useCallback((text: string) => {
    setLocalError(text);
    setTimeout(() => setLocalError(null), TOAST_MS);
  }, []);

  const start = useCallback(
    (override: StartOverride = {}) => {
      if (!user?.avatar) return showLocal(t('useArenaStart.pleaseSelectACharacter'));
      // PF1: the practice fight needs no coins.
      if (override.difficulty !== 'practice' && coins < MIN_COINS_TO_BATTLE)
        return showLocal(NOT_ENOUGH_COINS());
      const sent = findMatch({
        telegramUserId,
        battleType: override.mode ?? mode,
        difficulty: override.difficulty ?? difficulty,
        energy: override.energy ?? energy,
        characterId: user.avatar,
        items,
      });
      if (!sent) showLocal(t('useArenaStart.notConnectedPleaseTry'));
    },
    [user?.avatar, coins, telegramUserId, mode, difficulty, energy, items, showLocal],
  );
  return { start, localError, showLocal };
}

/** The player's energy now, as the balance store estimates it (regenerating since the last status). */
export function useArenaEnergy(): number {
  const energy = useBalance((s) => s.energy);
  const maxEnergy = useBalance((s) => s.maxEnergy);
  const regenPerSecond = useBalance((s) => s.regenPerSecond);
  return Math.floor(energyAt({ energy, maxEnergy, regenPerSecond }, Date.now()));
}
