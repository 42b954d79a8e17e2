import { cx } from '../../lib/cx.ts';
import { haptics } from '../../lib/haptics.ts';
import { STARS_TEXTS } from './stars-texts.ts';

export type StarsView = 'packages' | 'history';

/** spec-a §2: the toggle between View Packages and Transaction History. */
export function ViewToggle({ view, onChange }: { view: StarsView; onChange(view: StarsView): void }) {
  const option = (value: StarsView, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === value}
      onClick={() => {
        if (view === value) return;
        haptics.selection();
        onChange(value);
      }}
      className={cx(
        'flex-1 rounded-full px-3 py-2 font-display text-[15px] transition-colors',
        view === value
          ? 'bg-[linear-gradient(180deg,#fff0a8,#ffc21f_60%,#f59300)] text-[#4a2300] shadow-[0_2px_0_#a85a00]'
          : 'text-muted',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" aria-label="Stars" className="panel flex gap-1 rounded-full p-1">
      {option('packages', STARS_TEXTS.viewPackages)}
      {option('history', STARS_TEXTS.transactionHistory)}
    </div>
  );
}
