import { type TabItem, Tabs } from '../../components/tabs.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { STARS_TEXTS } from './stars-texts.ts';

export type StarsView = 'packages' | 'history';

const VIEWS: ReadonlyArray<TabItem<StarsView>> = [
  { value: 'packages', label: STARS_TEXTS.viewPackages },
  { value: 'history', label: STARS_TEXTS.transactionHistory },
];

/** The toggle between View Packages and Transaction History. */
export function ViewToggle({ view, onChange }: { view: StarsView; onChange(view: StarsView): void }) {
  return (
    <Tabs
      label={t('viewToggle.stars')}
      items={VIEWS}
      value={view}
      onChange={onChange}
      className="panel flex gap-1 rounded-full p-1"
      tabClassName={(selected) =>
        cx(
          'flex-1 rounded-full px-3 py-2 font-display text-[15px] transition-colors',
          selected
            ? 'bg-[linear-gradient(180deg,#fff0a8,#ffc21f_60%,#f59300)] text-[#4a2300] shadow-[0_2px_0_#a85a00]'
            : 'text-muted',
        )
      }
    />
  );
}
