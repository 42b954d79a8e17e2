import { cx } from '../../lib/cx.ts';

/** A gold ring spinning (transform only). */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cx('inline-block size-8', className)}>
      <svg viewBox="0 0 32 32" className="size-full animate-spin" aria-hidden>
        <circle cx="16" cy="16" r="13" fill="none" stroke="rgb(255 255 255 / 0.12)" strokeWidth="4" />
        <path
          d="M16 3a13 13 0 0 1 13 13"
          fill="none"
          stroke="#ffc21f"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
