import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { EmojiArt, type EmojiName } from './emoji-art.tsx';

export interface EmptyStateProps {
  art: EmojiName;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** Nothing to show yet: a picture on a soft glow, one line, and what to do next. */
export function EmptyState({ art, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      data-testid="empty-state"
      className={cx('flex flex-col items-center px-6 py-8 text-center animate-rise-in', className)}
    >
      <div className="relative mb-4 grid size-28 place-items-center">
        <div className="absolute inset-2 rounded-full bg-night-400/40 blur-2xl" />
        <EmojiArt name={art} className="relative size-20 drop-shadow-[0_8px_12px_rgb(0_0_0/0.45)]" />
      </div>
      <p className="font-display text-xl text-ink text-outline">{title}</p>
      {description && <p className="mt-2 max-w-72 text-[15px] leading-snug text-muted">{description}</p>}
      {action && <div className="mt-5 w-full max-w-64">{action}</div>}
    </div>
  );
}
