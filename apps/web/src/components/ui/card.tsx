import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx.ts';

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** A gold rim and glow, for the thing the player should look at. */
  highlighted?: boolean;
}

/** A raised glass panel. */
export function Card({ highlighted = false, className, children, ...rest }: CardProps) {
  return (
    <div
      className={cx(
        'panel relative rounded-3xl p-4',
        highlighted && 'ring-2 ring-gold-300/80 shadow-[0_0_28px_rgb(255_194_31/0.35)]',
        className,
      )}
      {...rest}
    >
      {children}
    </div>
  );
}
