import { cx } from '../../lib/cx.ts';
import { useArena } from './arena-store.ts';
import { DAMAGE_NUMBER_MS, damageLabel } from './damage-numbers.ts';
import { placeTarget, type Size } from './target-placement.ts';

/** How far left or right of its point a number rises, by lane, so two in a row never overlap. */
const LANE_OFFSET_PX = 18;

/**
 * The floating damage numbers (decisions D-UI-12): one per burst of hits, "-108" with "3 hits",
 * rising from where the hits landed (the target as drawn, clamped inside the arena).
 */
export function DamageLayer({ space, box }: { space: Size; box: Size | null }) {
  const floating = useArena((s) => s.floating);
  if (!box) return null;
  return floating.map((number) => {
    const place = placeTarget({ x: number.x, y: number.y, size: 56 }, space, box);
    const { value, hits } = damageLabel(number);
    const mine = number.by === 'you';
    return (
      <span
        key={number.id}
        aria-hidden
        data-testid="damage-number"
        className={cx(
          'pointer-events-none absolute z-20 whitespace-nowrap font-display text-outline animate-damage-rise',
          mine
            ? number.superAttack
              ? 'text-[32px] text-gold-300'
              : 'text-[26px] text-white'
            : 'text-[24px] text-danger-400',
        )}
        style={{
          left: place.left + place.size / 2 + (number.lane ? LANE_OFFSET_PX : -LANE_OFFSET_PX),
          top: place.top,
          animationDuration: `${DAMAGE_NUMBER_MS}ms`,
        }}
      >
        {value}
        {hits && ' '}
        {hits && <span className="align-middle text-[13px] text-gold-200">{hits}</span>}
      </span>
    );
  });
}
