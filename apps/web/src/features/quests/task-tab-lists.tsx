import type { AdStatus, TaskView } from '@titans/shared/quests/schemas';
import { lazy, type ReactNode, Suspense } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { t } from '../../lib/i18n/i18n.ts';
import { QuestSection } from './quest-section.tsx';

/** Adsgram's SDK loads only when the watch tab has an ad to show. */
const RewardedAdCard = lazy(() =>
  import('./play-and-earn.tsx').then((module) => ({ default: module.RewardedAdCard })),
);

/** the watch tab's empty state. */
export const NO_WATCH_TEXT = () => t('taskTabLists.noPlayEarnTasks');

type Card = (task: TaskView) => ReactNode;

const SECTIONS = [
  {
    type: 'daily',
    get title() {
      return t('taskTabLists.dailyTasks');
    },
    art: 'sunrise-over-mountains',
  },
  {
    type: 'quiz',
    get title() {
      return t('questTabBody.quizzes');
    },
    art: 'scroll',
  },
  {
    type: 'community',
    get title() {
      return t('questTabs.community');
    },
    art: 'people-hugging',
  },
  {
    type: 'watch_and_earn',
    get title() {
      return t('questTabs.playEarn');
    },
    art: 'video-game',
  },
] as const;

/** All Tasks: the open tasks by kind, then the completed ones. */
export function AllTasks({ tasks, card }: { tasks: TaskView[]; card: Card }) {
  const open = tasks.filter((task) => !task.completed);
  const done = tasks.filter((task) => task.completed);
  return (
    <>
      {SECTIONS.map(({ type, title, art }) => {
        const ofType = open.filter((task) => task.type === type);
        return ofType.length === 0 ? null : (
          <QuestSection key={type} title={title} art={art}>
            {ofType.map(card)}
          </QuestSection>
        );
      })}
      {done.length > 0 && (
        <QuestSection title={t('taskTabLists.completed')} art="trophy">
          {done.map(card)}
        </QuestSection>
      )}
    </>
  );
}

/** Play & Earn (D-QUEST-6): the rewarded ad when an ad block is configured, and the watch tasks. */
export function WatchTab({
  tasks,
  card,
  ad,
  telegramUserId,
}: {
  tasks: TaskView[];
  card: Card;
  ad: { status: AdStatus | undefined; pending: boolean };
  telegramUserId: string;
}) {
  const blockId = ad.status?.block_id ?? null;
  if (!blockId && tasks.length === 0)
    return ad.pending ? (
      <Skeleton className="h-[82px] rounded-[22px]" />
    ) : (
      <EmptyState
        art="video-game"
        title={t('taskTabLists.nothingToWatchYet')}
        description={NO_WATCH_TEXT()}
      />
    );
  return (
    <QuestSection title={t('taskTabLists.playEarn')} art="video-game">
      {blockId && ad.status && (
        <Suspense fallback={<Skeleton className="h-[82px] rounded-[24px]" />}>
          <RewardedAdCard status={{ ...ad.status, block_id: blockId }} telegramUserId={telegramUserId} />
        </Suspense>
      )}
      {tasks.map(card)}
    </QuestSection>
  );
}
