import { type TabItem, Tabs } from '../../components/tabs.tsx';
import type { TaskTab } from '../../config/paths.ts';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';

function NewBadge() {
  return (
    <span className="ms-1.5 rounded-full bg-danger-500 px-1.5 py-px align-middle font-sans text-[9px] font-black tracking-wide text-white uppercase">
      {t('questTabs.new')}
    </span>
  );
}

/** spec-a §2: the tab buttons, and Play & Earn (the watch tab; D-UI-7). */
function tabItems(): Array<TabItem<TaskTab>> {
  return [
    { value: 'all', label: t('questTabs.allTasks') },
    // Play & Earn is a tab of the board too, not only a link from Home (D-UI-7).
    { value: 'watch', label: t('questTabs.playEarn') },
    {
      value: 'quiz',
      label: (
        <>
          {t('questTabs.quiz')}
          <NewBadge />
        </>
      ),
    },
    { value: 'community', label: t('questTabs.community') },
    { value: 'daily', label: t('questTabs.dailyCheckout') },
    { value: 'play', label: t('questTabs.games') },
  ];
}

/** The board's tab bar; Games only when the server has a game feed (D-UI-9). */
export function QuestTabs({
  tab,
  gamesFeed,
  onChange,
}: {
  tab: TaskTab;
  gamesFeed: boolean;
  onChange(tab: TaskTab): void;
}) {
  return (
    <Tabs
      label={t('questTabs.questTabs')}
      items={gamesFeed ? tabItems() : tabItems().filter((item) => item.value !== 'play')}
      value={tab}
      onChange={onChange}
      className="no-scrollbar -mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1 short:mt-3"
      tabClassName={(selected, value) =>
        cx(
          'relative shrink-0 rounded-full px-3.5 py-2 font-display text-[14px] ring-1 transition-colors',
          selected
            ? value === 'watch'
              ? 'bg-[linear-gradient(180deg,#8ff0ff,#17b5f0)] text-night-900 ring-energy-300'
              : 'bg-[linear-gradient(180deg,#fff0a8,#ffb416)] text-[#4a2300] ring-gold-200 shadow-[0_3px_0_#a85a00]'
            : value === 'watch'
              ? 'bg-night-700/70 text-energy-300 ring-energy-300/50'
              : 'bg-night-700/70 text-ink/85 ring-white/12',
        )
      }
    />
  );
}
