import { useQueryClient } from '@tanstack/react-query';
import type { TaskView } from '@titans/shared/quests/schemas';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { type TabItem, Tabs } from '../../components/tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { TASK_TABS, type TaskTab } from '../../config/paths.ts';
import { isApiError } from '../../lib/api-error.ts';
import { cx } from '../../lib/cx.ts';
import { formatCompact, formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { isOneOf } from '../../lib/one-of.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useSearchParams } from '../../lib/router/router.tsx';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { completeTask, invalidateAfterCompletion } from './api/complete-task.ts';
import { useAdStatus } from './api/get-ad-status.ts';
import { useTaskStats } from './api/get-task-stats.ts';
import { useTasks } from './api/get-tasks.ts';
import { CoinBurstLayer, celebrateClaim } from './coin-burst.tsx';
import { DailyCheckout } from './daily-checkout.tsx';
import { GamesBrowser } from './games-browser.tsx';
import { QuizPlayer } from './quiz-player.tsx';
import { TaskCard } from './task-card.tsx';
import { taskLink, useExternalVisit } from './use-external-visit.ts';

/** spec-a §2: the tab buttons, and Play & Earn (the watch tab; D-UI-7). */
const NEW_BADGE = (
  <span className="ml-1.5 rounded-full bg-danger-500 px-1.5 py-px align-middle font-sans text-[9px] font-black tracking-wide text-white uppercase">
    New
  </span>
);

const TAB_ITEMS: Array<TabItem<TaskTab>> = [
  { value: 'all', label: 'All Tasks' },
  // Play & Earn is a tab of the board too, not only a link from Home (D-UI-7).
  { value: 'watch', label: 'Play & Earn' },
  {
    value: 'quiz',
    label: (
      <>
        Quiz
        {NEW_BADGE}
      </>
    ),
  },
  { value: 'community', label: 'Community' },
  { value: 'daily', label: 'Daily Checkout' },
  { value: 'play', label: 'Games' },
];

/** Adsgram's SDK loads only when the watch tab has an ad to show. */
const RewardedAdCard = lazy(() =>
  import('./play-and-earn.tsx').then((module) => ({ default: module.RewardedAdCard })),
);

/** spec-a §2: the watch tab's empty state. */
export const NO_WATCH_TEXT = 'No play & earn tasks available right now. Check back soon!';

function tabOf(value: string | null): TaskTab {
  return isOneOf(TASK_TABS, value) ? value : 'all';
}

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
      <span className="text-[10px] font-black tracking-[0.08em] text-muted uppercase">{label}</span>
    </div>
  );
}

function Section({ title, art, children }: { title: string; art: EmojiName; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-4 first:mt-0">
      <h2 className="mb-2 flex items-center gap-1.5 px-1 text-[12px] font-black tracking-[0.18em] text-gold-200/90 uppercase">
        <EmojiArt name={art} className="size-4" />
        {title}
      </h2>
      <div className="flex flex-col gap-2.5">{children}</div>
    </section>
  );
}

/**
 * The Quest Board (/tasks, spec-a §2): the stats header, the tabs, task cards, the quiz player,
 * Daily Checkout, the games browser and Play & Earn. Every reward is decided by the server; the
 * board shows what it answered, with haptics and coins flying to the balance on each claim.
 */
export function QuestBoard() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const tasks = useTasks();
  const stats = useTaskStats(telegramUserId);
  const adStatus = useAdStatus();
  const coins = useBalance((state) => state.coins);
  const synced = useBalance((state) => state.synced);
  const queryClient = useQueryClient();
  const visit = useExternalVisit(telegramUserId);
  const [quizTaskId, setQuizTaskId] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);

  const selectTab = (next: TaskTab) => {
    setQuizTaskId(null);
    setParams({ tab: next }, { replace: true });
  };

  const onAction = async (task: TaskView) => {
    if (task.completed) return;
    if (task.type === 'quiz') {
      setQuizTaskId(task._id);
      return;
    }
    if (taskLink(task)) {
      await visit.open(task);
      return;
    }
    setClaiming(task._id);
    try {
      const done = await completeTask(telegramUserId, task._id);
      celebrateClaim(document.querySelector(`[data-testid="task-${task._id}"]`), done.reward);
      toast.success(`+${done.reward.toLocaleString('en-US')} coins`);
    } catch (error) {
      haptics.error();
      toast.error(isApiError(error) && error.message ? error.message : 'Failed to complete the task');
    } finally {
      setClaiming(null);
      invalidateAfterCompletion(queryClient, telegramUserId);
    }
  };

  const list = tasks.data ?? [];
  const quizTask = quizTaskId ? list.find((task) => task._id === quizTaskId) : undefined;
  const card = (task: TaskView) => (
    <TaskCard
      key={task._id}
      task={task}
      busy={visit.busyTask === task._id || claiming === task._id}
      onAction={(chosen) => void onAction(chosen)}
      cardRef={(element) => visit.registerCard(task._id, element)}
    />
  );
  const ofType = (type: TaskView['type']) => list.filter((task) => task.type === type);

  let body: ReactNode;
  if (quizTask) {
    body = <QuizPlayer task={quizTask} telegramUserId={telegramUserId} onClose={() => setQuizTaskId(null)} />;
  } else if (tab === 'daily') {
    body = (
      <>
        <DailyCheckout telegramUserId={telegramUserId} />
        {ofType('daily').length > 0 && (
          <Section title="Daily tasks" art="sunrise-over-mountains">
            {ofType('daily').map(card)}
          </Section>
        )}
      </>
    );
  } else if (tab === 'play') {
    body = <GamesBrowser />;
  } else if (tasks.isError && !tasks.data) {
    body = (
      <EmptyState
        art="warning"
        title="Failed to load tasks. Please try again later."
        action={
          <Button variant="secondary" block onClick={() => void tasks.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!tasks.data) {
    body = (
      <div className="flex flex-col gap-2.5" role="status" aria-label="Loading tasks">
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} className="h-[82px] rounded-[22px]" />
        ))}
      </div>
    );
  } else if (tab === 'quiz') {
    body = (
      <Section title="Quizzes" art="scroll">
        {ofType('quiz').map(card)}
      </Section>
    );
  } else if (tab === 'community') {
    body = (
      <Section title="Community" art="people-hugging">
        {ofType('community').map(card)}
      </Section>
    );
  } else if (tab === 'watch') {
    const blockId = adStatus.data?.block_id ?? null;
    const watchTasks = ofType('watch_and_earn');
    body =
      !blockId && watchTasks.length === 0 ? (
        adStatus.isPending ? (
          <Skeleton className="h-[82px] rounded-[22px]" />
        ) : (
          <EmptyState art="video-game" title="Nothing to watch yet" description={NO_WATCH_TEXT} />
        )
      ) : (
        <Section title="Play & Earn" art="video-game">
          {blockId && adStatus.data && (
            <Suspense fallback={<Skeleton className="h-[82px] rounded-[24px]" />}>
              <RewardedAdCard
                status={{ ...adStatus.data, block_id: blockId }}
                telegramUserId={telegramUserId}
              />
            </Suspense>
          )}
          {watchTasks.map(card)}
        </Section>
      );
  } else {
    const open = list.filter((task) => !task.completed);
    const done = list.filter((task) => task.completed);
    body = (
      <>
        {open.filter((task) => task.type === 'daily').length > 0 && (
          <Section title="Daily tasks" art="sunrise-over-mountains">
            {open.filter((task) => task.type === 'daily').map(card)}
          </Section>
        )}
        {open.filter((task) => task.type === 'quiz').length > 0 && (
          <Section title="Quizzes" art="scroll">
            {open.filter((task) => task.type === 'quiz').map(card)}
          </Section>
        )}
        {open.filter((task) => task.type === 'community').length > 0 && (
          <Section title="Community" art="people-hugging">
            {open.filter((task) => task.type === 'community').map(card)}
          </Section>
        )}
        {open.filter((task) => task.type === 'watch_and_earn').length > 0 && (
          <Section title="Play & Earn" art="video-game">
            {open.filter((task) => task.type === 'watch_and_earn').map(card)}
          </Section>
        )}
        {done.length > 0 && (
          <Section title="Completed" art="trophy">
            {done.map(card)}
          </Section>
        )}
      </>
    );
  }

  const statsData = stats.data;
  return (
    <section aria-label="Quest Board" className="px-4 pt-1 pb-4">
      <div className="relative flex items-center justify-between gap-3">
        <div className="pointer-events-none absolute -top-4 left-4 h-20 w-48 rounded-full bg-gold-400/15 blur-3xl" />
        <h1 className="relative font-display text-[30px] leading-tight text-gold short:text-[25px]">
          Quest Board
        </h1>
        <div
          data-coin-target
          className="panel relative flex h-10 items-center gap-1.5 rounded-full pr-3 pl-1.5"
        >
          <span className="sr-only">Your coins</span>
          <GameIcon name="coin" className="size-7 drop-shadow-[0_2px_6px_rgb(255_170_0/0.55)]" />
          <span className="font-display text-[18px] tabular-nums text-ink" data-testid="quest-balance">
            {synced ? formatNumber(coins) : '—'}
          </span>
        </div>
      </div>

      <section className="mt-3 grid grid-cols-3 gap-2 short:mt-2" aria-label="Your quest stats">
        <StatTile
          label="Coins Earned"
          value={statsData ? formatCompact(statsData.totalCoinsEarned) : '—'}
          art={<GameIcon name="coin" className="size-6" />}
          testId="stat-coins"
        />
        <StatTile
          label="Quiz Completed"
          value={statsData ? String(statsData.totalQuizzesCompleted) : '—'}
          art={<EmojiArt name="scroll" className="size-6" />}
          testId="stat-quizzes"
        />
        <StatTile
          label="Task Completed"
          value={statsData ? String(statsData.totalCompletedTasks) : '—'}
          art={<EmojiArt name="trophy" className="size-6" />}
          testId="stat-tasks"
        />
      </section>

      {!quizTask && (
        <Tabs
          label="Quest tabs"
          items={TAB_ITEMS}
          value={tab}
          onChange={selectTab}
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
      )}

      <div className="mt-3">{body}</div>
      <CoinBurstLayer />
    </section>
  );
}
