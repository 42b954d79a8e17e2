import type { BattleStartedPayload } from '@titans/shared/battle/schemas';
import { DAMAGE_FLASH_MS } from '@titans/shared/constants';
import { t } from '../../lib/i18n/i18n.ts';
import { useArena } from './arena-store.ts';
import { HealthBar } from './health-bar.tsx';

/** Who plays the opponent's hero: the other player's username, or "Bot" (both sides named alike). */
export function opponentPlayer(battle: BattleStartedPayload): string {
  return battle.is_pvp ? battle.opponent_info.name : t('battleHud.bot');
}

/** The two health bars with portraits and items, VS and the battle clock (phase 4). */
export function BattleHud({
  battle,
  live,
  now,
  server,
}: {
  battle: BattleStartedPayload;
  live: boolean;
  now: number;
  server: number;
}) {
  const yourHealth = useArena((s) => s.yourHealth);
  const yourMax = useArena((s) => s.yourMax);
  const opponentHealth = useArena((s) => s.opponentHealth);
  const opponentMax = useArena((s) => s.opponentMax);
  const yourHurtAt = useArena((s) => s.yourHurtAt);
  const opponentHurtAt = useArena((s) => s.opponentHurtAt);
  const timeLeft = Math.max(0, Math.ceil((battle.live.ends_at - server) / 1000));
  return (
    <div className="relative z-10 flex items-start gap-2 px-3 pt-3">
      <HealthBar
        side="left"
        label={t('battleHud.yourHealth')}
        name={battle.selected_character.name}
        player={t('battleHud.you')}
        level={battle.user_stats.level}
        image={battle.selected_character.image}
        health={yourHealth}
        max={yourMax}
        items={battle.equipped_items}
        hurt={now - yourHurtAt < DAMAGE_FLASH_MS}
      />
      <div className="flex flex-col items-center pt-1">
        <span className="font-display text-[20px] leading-none text-gold-300 text-outline">
          {t('battleHud.vs')}
        </span>
        <span data-testid="battle-clock" className="mt-1 font-display text-[13px] tabular-nums text-muted">
          {live ? `${Math.floor(timeLeft / 60)}:${String(timeLeft % 60).padStart(2, '0')}` : '—'}
        </span>
      </div>
      <HealthBar
        side="right"
        label={t('battleHud.opponentHealth')}
        name={battle.opponent_info.character.name}
        player={opponentPlayer(battle)}
        level={battle.opponent_info.level}
        image={battle.opponent_info.character.image}
        health={opponentHealth}
        max={opponentMax}
        items={battle.opponent_info.equipped_items}
        hurt={now - opponentHurtAt < DAMAGE_FLASH_MS}
      />
    </div>
  );
}
