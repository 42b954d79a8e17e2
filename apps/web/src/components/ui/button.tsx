import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** Drawn before the label. */
  icon?: ReactNode;
}

const FACE: Record<ButtonVariant, string> = {
  primary:
    'bg-[linear-gradient(180deg,#fff0a8_0%,#ffd54a_28%,#ffb416_70%,#f59300_100%)] text-[#4a2300] shadow-[inset_0_2px_0_rgb(255_255_255/0.7),inset_0_-3px_0_rgb(190_95_0/0.35)]',
  secondary:
    'bg-[linear-gradient(180deg,#9d8cff_0%,#6d58f0_55%,#5540d8_100%)] text-white shadow-[inset_0_2px_0_rgb(255_255_255/0.35),inset_0_-3px_0_rgb(30_15_120/0.35)] text-outline',
  ghost: 'bg-white/[0.06] text-ink ring-1 ring-inset ring-white/15',
  danger:
    'bg-[linear-gradient(180deg,#ff8a8a_0%,#f04848_55%,#d42a2a_100%)] text-white shadow-[inset_0_2px_0_rgb(255_255_255/0.35),inset_0_-3px_0_rgb(110_10_10/0.35)] text-outline',
};

const LIP: Record<ButtonVariant, string> = {
  primary: 'bg-[#a85a00]',
  secondary: 'bg-[#2c1b8f]',
  ghost: 'bg-transparent',
  danger: 'bg-[#8f1d1d]',
};

const SIZE: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 text-[15px] rounded-[14px]',
  md: 'min-h-12 px-5 text-[17px] rounded-[16px]',
  lg: 'min-h-14 px-6 text-[20px] rounded-[18px]',
};

/**
 * The chunky game button: a face that sinks onto its darker lip when pressed (transform only).
 * Primary is gold, secondary violet, ghost a glass outline, danger red. Taps give a light haptic.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  icon,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const radius = SIZE[size].split(' ').find((part) => part.startsWith('rounded')) ?? '';
  return (
    <button
      type={type}
      className={cx(
        'group relative inline-flex select-none pb-[5px] font-display tracking-[0.02em] outline-offset-4 disabled:cursor-not-allowed',
        block && 'w-full',
        className,
      )}
      onClick={(event) => {
        haptics.light();
        onClick?.(event);
      }}
      {...rest}
    >
      <span aria-hidden className={cx('absolute inset-x-0 bottom-0 top-[5px]', radius, LIP[variant])} />
      <span
        className={cx(
          'relative flex w-full items-center justify-center gap-2 overflow-hidden transition-transform duration-75 ease-out',
          'group-enabled:group-active:translate-y-[4px] group-disabled:opacity-60 group-disabled:saturate-0',
          variant === 'ghost' && 'group-enabled:group-active:scale-[0.97]',
          SIZE[size],
          FACE[variant],
        )}
      >
        {variant !== 'ghost' && (
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 start-0 w-1/3 bg-white/25 opacity-0 blur-[2px] animate-sheen group-disabled:hidden"
          />
        )}
        {icon}
        <span className="relative">{children}</span>
      </span>
    </button>
  );
}
