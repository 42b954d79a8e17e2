import type { TaskStats } from '@titans/shared/quests/schemas';
import type { ReactNode } from 'react';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatCompact, formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

function StatTile({
  label,
  value,
  art,
  testId,
}: {
  label: string;
  value: string;
  art: ReactNode;
  testId: string;
}) {
  return (
    <div className="panel flex flex-col items-center rounded-2xl px-1 py-2 text-center short:py-1">
      {/* Short screens drop the pictures: the header leaves the board most of the screen (D-UI-7). */}
      <span className="grid h-7 place-items-center short:hidden">{art}</span>
      <span
        className="font-display text-[19px] leading-tight text-ink tabular-nums short:text-[17px]"
        data-testid={testId}
      >
        {value}
      </span>
      <span className="text-[10px] font-black tracking-[0.08em] text-muted uppercase short:text-[9px] short:tracking-normal short:whitespace-nowrap">
        {label}
      </span>
    </div>
  );
}

/** The Quest Board's header (spec-a §2): the title, the coin balance and the three quest stats. */
export function QuestHeader({ stats, coins }: { stats: TaskStats | undefined; coins: number | null }) {
  return (
    <>
      <div className="relative flex items-center justify-between gap-3">
        <div className="pointer-events-none absolute -top-4 start-4 h-20 w-48 rounded-full bg-gold-400/15 blur-3xl" />
        <h1 className="relative font-display text-[30px] leading-tight text-gold short:text-[25px]">
          {t('questHeader.questBoard')}
        </h1>
        <div
          data-coin-target
          className="panel relative flex h-10 items-center gap-1.5 rounded-full pe-3 ps-1.5 short:h-9"
        >
          <span className="sr-only">{t('questHeader.yourCoins')}</span>
          <GameIcon name="coin" className="size-7 drop-shadow-[0_2px_6px_rgb(255_170_0/0.55)]" />
          <span className="font-display text-[18px] tabular-nums text-ink" data-testid="quest-balance">
            {coins === null ? '—' : formatNumber(coins)}
          </span>
        </div>
      </div>
      <section
        className="mt-3 grid grid-cols-3 gap-2 short:mt-2"
        aria-label={t('questHeader.yourQuestStats')}
      >
        <StatTile
          label={t('questHeader.coinsEarned')}
          value={stats ? formatCompact(stats.totalCoinsEarned) : '—'}
          art={<GameIcon name="coin" className="size-6" />}
          testId="stat-coins"
        />
        <StatTile
          label={t('questHeader.quizCompleted')}
          value={stats ? String(stats.totalQuizzesCompleted) : '—'}
          art={<EmojiArt name="scroll" className="size-6" />}
          testId="stat-quizzes"
        />
        <StatTile
          label={t('questHeader.taskCompleted')}
          value={stats ? String(stats.totalCompletedTasks) : '—'}
          art={<EmojiArt name="trophy" className="size-6" />}
          testId="stat-tasks"
        />
      </section>
    </>
  );
}
