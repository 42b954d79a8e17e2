import { cx } from '../../lib/cx.ts';

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  tone?: 'gold' | 'energy';
  className?: string;
  label: string;
}

const FILL = {
  gold: 'bg-[linear-gradient(180deg,#fff0a8_0%,#ffc21f_45%,#f08c00_100%)] shadow-[0_0_16px_rgb(255_194_31/0.6)]',
  energy:
    'bg-[linear-gradient(180deg,#c4f8ff_0%,#4dd9ff_45%,#1190d8_100%)] shadow-[0_0_14px_rgb(77_217_255/0.6)]',
};

/** A rounded meter whose fill slides in from the left (transform only, so it animates at 60 fps). */
export function ProgressBar({ value, tone = 'gold', className, label }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cx(
        'relative h-4 overflow-hidden rounded-full bg-night-950/80 p-[3px] ring-1 ring-white/15',
        className,
      )}
    >
      <div className="relative size-full overflow-hidden rounded-full">
        <div
          className={cx(
            'absolute inset-0 rounded-full transition-transform duration-200 ease-out',
            FILL[tone],
          )}
          style={{ transform: `translateX(${clamped - 100}%)` }}
        />
        <div className="absolute inset-x-0 top-0 h-1/2 rounded-full bg-white/25" />
      </div>
    </div>
  );
}
