import { cx } from '../../lib/cx.ts';

/**
 * On-screen credits for the art and fonts the game ships (the full list is public/art/CREDITS.md
 * and assets/emoji/CREDITS.md). game-icons.net's CC BY 3.0 asks for this attribution.
 */
export function ArtCredits({ className }: { className?: string }) {
  return (
    <p className={cx('text-center text-[11px] leading-snug text-faint', className)}>
      Art: Fluent Emoji © Microsoft (MIT) · game-icons.net by Delapouite and Lorc (CC BY 3.0) · Fonts: Lilita
      One, Nunito (OFL)
    </p>
  );
}
