import { cx } from '../../lib/cx.ts';

/** Telegram's own Stars mark (the payment currency, XTR), drawn so it never loads from elsewhere. */
export function TelegramStar({ className, tone = 'gold' }: { className?: string; tone?: 'gold' | 'ink' }) {
  if (tone === 'ink') {
    // On a gold button: the star in the button's ink colour.
    return (
      <svg viewBox="0 0 24 24" aria-hidden className={cx('inline-block shrink-0', className)}>
        <path
          d="M12 1.8l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 16.7l-6.1 3.5 1.5-6.8L2.2 8.8l6.9-.7z"
          fill="#4a2300"
        />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cx('inline-block shrink-0', className)}>
      <defs>
        <linearGradient id="tg-star-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="1" stopColor="#f7a600" />
        </linearGradient>
      </defs>
      <path
        d="M12 1.8l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 16.7l-6.1 3.5 1.5-6.8L2.2 8.8l6.9-.7z"
        fill="url(#tg-star-fill)"
        stroke="#c46f00"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
