import { cx } from '../../lib/cx.ts';

/** The game's own UI pictures in public/art/ui (coin, Stars, energy, trophy). */
export type GameIconName = 'coin' | 'star' | 'energy' | 'trophy';

export function GameIcon({ name, className }: { name: GameIconName; className?: string }) {
  return (
    <img
      src={`/art/ui/${name}.svg`}
      alt=""
      aria-hidden
      draggable={false}
      className={cx('pointer-events-none inline-block shrink-0 select-none', className)}
    />
  );
}
