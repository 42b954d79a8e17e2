import { t } from '../../lib/i18n/i18n.ts';
import { STARS_TEXTS } from './stars-texts.ts';

/** Package search is case-insensitive on name or description. */
export function matchesPackageSearch(pkg: { name: string; description: string }, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return pkg.name.toLowerCase().includes(needle) || pkg.description.toLowerCase().includes(needle);
}

export function PackageSearch({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className="panel flex items-center gap-2 rounded-2xl px-3.5 py-2.5">
      <svg viewBox="0 0 24 24" aria-hidden className="size-5 shrink-0 text-muted">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2.4" />
        <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={STARS_TEXTS.searchPlaceholder}
        aria-label={t('packageSearch.searchPackages')}
        className="min-w-0 flex-1 bg-transparent text-[15px] text-ink placeholder:text-faint focus:outline-none"
      />
    </label>
  );
}
