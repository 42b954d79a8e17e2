import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';

/**
 * On-screen credits for the art and fonts the game ships (the full list is public/art/CREDITS.md
 * and assets/emoji/CREDITS.md). game-icons.net's CC BY 3.0 asks for this attribution.
 */
export function ArtCredits({ className }: { className?: string }) {
  return (
    <p className={cx('text-center text-[11px] leading-snug text-faint', className)}>
      {t('artCredits.artFluentEmojiMicrosoft')}
    </p>
  );
}
