import { cx } from '../../lib/cx.ts';

/** A placeholder block with a moving sheen, the size of what will load into it. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cx('relative overflow-hidden rounded-2xl bg-white/[0.07]', className)}>
      <span className="absolute inset-0 animate-shimmer bg-[linear-gradient(90deg,transparent,rgb(255_255_255/0.12),transparent)]" />
    </div>
  );
}
