import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { cx } from '../../lib/cx.ts';
import { SubPageHeader } from './sub-page-header.tsx';

/** spec-a §2: static placeholder content, not backed by data. */
const RANK = { name: 'Master', level: 4, of: 10, progress: 40 } as const;
const LEVELS = Array.from({ length: 9 }, (_, index) => ({ level: index + 1, done: index < 4 }));

/** The achievements sub-view: rank Master 4 of 10, a 40% bar, nine levels with four completed. */
export function AchievementsView({ onBack }: { onBack(): void }) {
  return (
    <section aria-label="Achievements" className="animate-rise-in">
      <SubPageHeader title="Achievements" onBack={onBack} />
      <div className="panel mt-4 flex items-center gap-4 rounded-3xl p-4">
        <EmojiArt name="trophy" className="size-16 drop-shadow-[0_6px_10px_rgb(0_0_0/0.4)]" />
        <div className="flex-1">
          <p className="font-display text-[24px] leading-none text-ink">{RANK.name}</p>
          <p className="mt-1 text-[13px] font-bold text-muted">
            Level {RANK.level} of {RANK.of}
          </p>
          <div className="mt-2 h-3 overflow-hidden rounded-full bg-night-950/70 ring-1 ring-white/10">
            <div
              className="h-full rounded-full bg-[linear-gradient(90deg,#ffe585,#ffb416)]"
              style={{ width: `${RANK.progress}%` }}
            />
          </div>
          <p className="mt-1 text-right text-[12px] font-black text-gold-200">{RANK.progress}%</p>
        </div>
      </div>
      <div className="mt-3 grid grid-cols-3 gap-2">
        {LEVELS.map((entry) => (
          <div
            key={entry.level}
            className={cx(
              'panel flex flex-col items-center rounded-2xl py-3',
              entry.done ? 'ring-1 ring-gold-300/60' : 'opacity-55',
            )}
          >
            <EmojiArt name={entry.done ? 'glowing-star' : 'hourglass-not-done'} className="size-9" />
            <span className="mt-1 font-display text-[16px] text-ink">Level {entry.level}</span>
            <span
              className={cx(
                'text-[11px] font-black uppercase',
                entry.done ? 'text-success-400' : 'text-muted',
              )}
            >
              {entry.done ? 'Completed' : 'Locked'}
            </span>
          </div>
        ))}
      </div>
    </section>
  );
}
