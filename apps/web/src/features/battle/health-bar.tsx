import type { EquippedItem } from '@titans/shared/battle/schemas';
import { MAX_EQUIPPED_ITEMS } from '@titans/shared/constants';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

export interface HealthBarProps {
  /** The hero fighting; both sides are named by hero, then by who plays it (`player`). */
  name: string;
  /** "You", the opponent's username, or "Bot". */
  player: string;
  level: number;
  image: string;
  health: number;
  max: number;
  items: EquippedItem[];
  /** Mirrored layout for the opponent (portrait on the right). */
  side: 'left' | 'right';
  /** Took damage in the last 300 ms (spec-b §9 damage flash). */
  hurt: boolean;
  label: string;
}

/** Up to 3 equipped item icons under the bar, empty slots for the rest (spec-b §2). */
function ItemSlots({ items }: { items: EquippedItem[] }) {
  const slots = Array.from({ length: MAX_EQUIPPED_ITEMS }, (_, index) => items[index] ?? null);
  return (
    <div className="flex gap-1">
      {slots.map((item, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed slots
          key={index}
          title={item?.name ?? t('healthBar.emptySlot')}
          className={cx(
            'grid size-6 place-items-center rounded-md ring-1',
            item ? 'bg-night-700/90 ring-gold-300/50' : 'bg-night-950/60 ring-white/10',
          )}
        >
          {item && <img src={item.image_url} alt={item.name} className="size-5 object-contain" />}
        </span>
      ))}
    </div>
  );
}

/**
 * A fighter's health bar with portrait, level and up to 3 equipped item icons (3 empty slots
 * when none, spec-b §2). The fill is green, amber under half, red under a quarter; a pale "lag"
 * bar trails behind it so each hit reads as a chunk taken out.
 */
export function HealthBar({
  name,
  player,
  level,
  image,
  health,
  max,
  items,
  side,
  hurt,
  label,
}: HealthBarProps) {
  const share = Math.max(0, Math.min(1, health / Math.max(1, max)));
  const tone =
    share > 0.5
      ? 'from-[#a7f3a0] via-[#3fd15a] to-[#128a35]'
      : share > 0.25
        ? 'from-[#fff0a8] via-[#ffc21f] to-[#d97706]'
        : 'from-[#fecaca] via-[#ef4444] to-[#991b1b]';
  return (
    <div className={cx('flex min-w-0 flex-1 items-center gap-2', side === 'right' && 'flex-row-reverse')}>
      <div
        className={cx(
          'relative size-14 shrink-0 overflow-hidden rounded-2xl bg-night-700 ring-2 transition-[box-shadow] duration-150',
          side === 'left' ? 'ring-energy-400/80' : 'ring-danger-400/80',
          hurt && 'shadow-[0_0_24px_rgb(239_68_68/0.9)] ring-danger-500',
        )}
      >
        <img src={image} alt="" className="size-full object-cover object-top" />
        {hurt && <div className="absolute inset-0 bg-danger-500/45 animate-fade-out" />}
        <span className="absolute bottom-0 inset-x-0 bg-night-950/75 text-center font-display text-[10px] leading-4 text-gold-200">
          {t('healthBar.lv', { level })}
        </span>
      </div>
      <div className={cx('min-w-0 flex-1', side === 'right' && 'text-end')}>
        <p className="truncate font-display text-[14px] leading-5 text-ink text-outline">{name}</p>
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={health}
          className="relative h-4 overflow-hidden rounded-full bg-night-950/90 ring-1 ring-white/20"
        >
          <div
            className={cx(
              'absolute inset-y-0 bg-white/55 transition-[width] delay-200 duration-500 ease-out',
              side === 'left' ? 'start-0' : 'end-0',
            )}
            style={{ width: `${share * 100}%` }}
          />
          <div
            className={cx(
              'absolute inset-y-0 bg-gradient-to-b transition-[width] duration-150 ease-out',
              tone,
              side === 'left' ? 'start-0' : 'end-0',
            )}
            style={{ width: `${share * 100}%` }}
          />
          {/* Under 360 px the bar holds the health left only (the maximum would wrap and be cut). */}
          <span className="absolute inset-0 grid place-items-center whitespace-nowrap font-display text-[11px] leading-none text-white text-outline tabular-nums">
            <span>
              {formatNumber(health)}
              <span className="max-[359px]:hidden"> / {formatNumber(max)}</span>
            </span>
          </span>
        </div>
        <div className={cx('mt-1 flex items-center gap-1.5', side === 'right' && 'flex-row-reverse')}>
          <ItemSlots items={items} />
          <span
            data-testid={`hud-player-${side}`}
            className="min-w-0 truncate text-[11px] leading-none font-bold text-muted max-[359px]:hidden"
          >
            {player}
          </span>
        </div>
      </div>
    </div>
  );
}
