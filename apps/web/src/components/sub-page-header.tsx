import { t } from '../lib/i18n/i18n.ts';
import { RoundBackButton } from './ui/round-back-button.tsx';

/** The title row of a Profile sub-page (FAQ, Achievements): a round back button and the heading. */
export function SubPageHeader({ title, onBack }: { title: string; onBack(): void }) {
  return (
    <div className="flex items-center gap-3">
      <RoundBackButton label={t('subPageHeader.backToProfile')} onClick={onBack} />
      <h1 className="font-display text-[28px] leading-none text-gold">{title}</h1>
    </div>
  );
}
