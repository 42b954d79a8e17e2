import type { UseQueryResult } from '@tanstack/react-query';
import type { AdStatus, TaskView } from '@titans/shared/quests/schemas';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { TaskTab } from '../../config/paths.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { DailyCheckout } from './daily-checkout.tsx';
import { GamesBrowser } from './games-browser.tsx';
import { QuestSection } from './quest-section.tsx';
import { AllTasks, WatchTab } from './task-tab-lists.tsx';

/** What one tab of the Quest Board shows, with the spec's failure text and skeletons. */
export function QuestTabBody({
  tab,
  tasks,
  card,
  ad,
  telegramUserId,
}: {
  tab: TaskTab;
  tasks: UseQueryResult<TaskView[]>;
  card: (task: TaskView) => ReactNode;
  ad: { status: AdStatus | undefined; pending: boolean };
  telegramUserId: string;
}) {
  const list = tasks.data ?? [];
  const ofType = (type: TaskView['type']) => list.filter((task) => task.type === type);
  if (tab === 'daily')
    return (
      <>
        <DailyCheckout telegramUserId={telegramUserId} />
        {ofType('daily').length > 0 && (
          <QuestSection title={t('questTabBody.dailyTasks')} art="sunrise-over-mountains">
            {ofType('daily').map(card)}
          </QuestSection>
        )}
      </>
    );
  if (tab === 'play') return <GamesBrowser />;
  if (tasks.isError && !tasks.data)
    return (
      <EmptyState
        art="warning"
        title={t('questTabBody.failedToLoadTasks')}
        action={
          <Button variant="secondary" block onClick={() => void tasks.refetch()}>
            {t('questTabBody.tryAgain')}
          </Button>
        }
      />
    );
  if (!tasks.data)
    return (
      <div className="flex flex-col gap-2.5" role="status" aria-label={t('questTabBody.loadingTasks')}>
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} className="h-[82px] rounded-[22px]" />
        ))}
      </div>
    );
  if (tab === 'quiz')
    return (
      <QuestSection title={t('questTabBody.quizzes')} art="scroll">
        {ofType('quiz').map(card)}
      </QuestSection>
    );
  if (tab === 'community')
    return (
      <QuestSection title={t('questTabBody.community')} art="people-hugging">
        {ofType('community').map(card)}
      </QuestSection>
    );
  if (tab === 'watch')
    return <WatchTab tasks={ofType('watch_and_earn')} card={card} ad={ad} telegramUserId={telegramUserId} />;
  return <AllTasks tasks={list} card={card} />;
}
