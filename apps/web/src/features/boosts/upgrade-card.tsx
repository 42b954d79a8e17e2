import type { UpgradeView } from '@titans/shared/boosts/schemas';
import type { UpgradeKind } from '@titans/shared/boosts/upgrades';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { SHORTFALL_LINK, ShortfallNote } from '../../components/ui/shortfall-note.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { Link } from '../../lib/router/router.tsx';

const ART: Record<UpgradeKind, { emoji: EmojiName; tile: string }> = {
  tap_power: {
    emoji: 'oncoming-fist',
    tile: 'bg-[radial-gradient(circle_at_50%_35%,#ffcf6b,#e0620f_70%)] shadow-[0_0_18px_rgb(255_140_40/0.45)]',
  },
  energy_capacity: {
    emoji: 'battery',
    tile: 'bg-[radial-gradient(circle_at_50%_35%,#7ff0b0,#158a54_70%)] shadow-[0_0_18px_rgb(60_220_140/0.4)]',
  },
  energy_regen: {
    emoji: 'high-voltage',
    tile: 'bg-[radial-gradient(circle_at_50%_35%,#8ff0ff,#1174c8_70%)] shadow-[0_0_18px_rgb(77_217_255/0.45)]',
  },
  cooldown_reduction: {
    emoji: 'hourglass-not-done',
    tile: 'bg-[radial-gradient(circle_at_50%_35%,#d7b4ff,#6a34c9_70%)] shadow-[0_0_18px_rgb(160_100_255/0.45)]',
  },
};

export interface UpgradeCardProps {
  upgrade: UpgradeView;
  coins: number;
  buying: boolean;
  disabled: boolean;
  onBuy(): void;
}

/**
 * One upgrade track on the Boost screen: what it does, its level out of the maximum, the
 * effect now and after the next level, and the price with Buy (disabled when the player
 * cannot afford it or the track is at its maximum, which shows MAX).
 */
export function UpgradeCard({ upgrade, coins, buying, disabled, onBuy }: UpgradeCardProps) {
  const maxed = upgrade.price === null;
  const affordable = upgrade.price !== null && coins >= upgrade.price;
  return (
    <article
      aria-label={upgrade.title}
      data-testid={`upgrade-${upgrade.kind}`}
      className={cx('panel relative overflow-hidden rounded-3xl p-3.5', maxed && 'ring-1 ring-gold-300/50')}
    >
      <UpgradeHeading upgrade={upgrade} maxed={maxed} />
      <LevelPips level={upgrade.level} max={upgrade.max_level} />
      <div className="mt-3 flex items-center justify-between gap-3">
        <p className="min-w-0 text-[13px] leading-tight font-bold">
          <span className="text-ink/75">{upgrade.effect}</span>
          {upgrade.next_effect && (
            <>
              <span className="mx-1 inline-block text-gold-300 rtl:-scale-x-100">→</span>
              <span className="font-black text-success-400">{upgrade.next_effect}</span>
            </>
          )}
        </p>
        {!maxed && (
          <div className="flex shrink-0 items-center gap-2.5">
            <span
              className={cx(
                'flex items-center gap-1 font-display text-[17px] tabular-nums',
                affordable ? 'text-gold-200' : 'text-danger-400',
              )}
            >
              <GameIcon name="coin" className="size-5" />
              {formatNumber(upgrade.price ?? 0)}
            </span>
            <Button
              size="sm"
              aria-label={t('upgradeCard.buy2', { title: upgrade.title })}
              disabled={!affordable || disabled}
              onClick={onBuy}
              className="min-w-[68px]"
            >
              {buying ? (
                <Spinner className={'size-5'} label={t('upgradeCard.buying')} />
              ) : (
                t('upgradeCard.buy')
              )}
            </Button>
          </div>
        )}
      </div>
      {!maxed && !affordable && upgrade.price !== null && (
        <ShortfallNote
          className="mt-2.5"
          currency="Coins"
          missing={upgrade.price - coins}
          action={
            <Link to={paths.tasks.getHref()} className={SHORTFALL_LINK}>
              {t('upgradeCard.earnCoins')}
            </Link>
          }
        />
      )}
    </article>
  );
}

/** The track's picture, title, level out of the maximum (or MAX) and what it does. */
function UpgradeHeading({ upgrade, maxed }: { upgrade: UpgradeView; maxed: boolean }) {
  const art = ART[upgrade.kind];
  return (
    <div className="flex gap-3">
      <div
        className={cx('grid size-14 shrink-0 place-items-center rounded-2xl ring-1 ring-white/25', art.tile)}
      >
        <EmojiArt name={art.emoji} className="size-9 drop-shadow-[0_3px_5px_rgb(0_0_0/0.35)]" />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-2">
          <h3 className="truncate font-display text-[19px] leading-tight text-ink">{upgrade.title}</h3>
          {maxed ? (
            <span className="shrink-0 rounded-full bg-[linear-gradient(180deg,#fff0a8,#ffb416)] px-2.5 py-0.5 font-display text-[13px] text-[#4a2300] shadow-[0_2px_0_#a85a00]">
              {t('upgradeCard.max')}
            </span>
          ) : (
            <span
              className="shrink-0 rounded-full bg-night-950/70 px-2 py-0.5 text-[12px] font-black tabular-nums text-gold-200 ring-1 ring-gold-300/30"
              data-testid="upgrade-level"
            >
              {t('upgradeCard.lv', { level: upgrade.level, max_level: upgrade.max_level })}
            </span>
          )}
        </div>
        <p className="mt-0.5 text-[13px] leading-snug text-muted">{upgrade.description}</p>
      </div>
    </div>
  );
}

/** One pip per level, lit up to the current one. */
function LevelPips({ level, max }: { level: number; max: number }) {
  return (
    <div className="mt-2.5 flex gap-1" aria-hidden>
      {Array.from({ length: max }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the pips are positions, not items
          key={index}
          className={cx(
            'h-1.5 flex-1 rounded-full',
            index < level
              ? 'bg-[linear-gradient(90deg,#ffe585,#ffb416)] shadow-[0_0_6px_rgb(255_194_31/0.6)]'
              : 'bg-white/10',
          )}
        />
      ))}
    </div>
  );
}
