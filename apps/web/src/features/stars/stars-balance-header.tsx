import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** The Stars screen's header with the player's Stars balance (gems). */
export function StarsBalanceHeader({ gems }: { gems: number | undefined }) {
  return (
    <div className="relative flex flex-col items-center text-center">
      <div className="pointer-events-none absolute top-2 h-24 w-56 rounded-full bg-gold-400/25 blur-3xl" />
      <h1 className="relative font-display text-[32px] leading-tight text-gold">
        {t('starsBalanceHeader.stars')}
      </h1>
      <p className="relative text-[12px] font-black tracking-[0.18em] text-muted uppercase">
        {t('starsBalanceHeader.yourBalance')}
      </p>
      <div className="relative mt-1 flex items-center gap-2">
        <GameIcon name="star" className="size-10 drop-shadow-[0_0_10px_rgb(255_213_74/0.7)]" />
        <span
          className="font-display text-[38px] leading-none tabular-nums text-ink text-outline"
          data-testid="stars-balance"
        >
          {gems === undefined ? '—' : formatNumber(gems)}
        </span>
      </div>
    </div>
  );
}
