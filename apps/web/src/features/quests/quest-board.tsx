import type { TaskView } from '@titans/shared/quests/schemas';
import { useState } from 'react';
import { TASK_TABS, type TaskTab } from '../../config/paths.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { isOneOf } from '../../lib/one-of.ts';
import { useBalance } from '../../lib/realtime/balance-store.ts';
import { useSearchParams } from '../../lib/router/router.tsx';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { useAdStatus } from './api/get-ad-status.ts';
import { useGames } from './api/get-games.ts';
import { useTaskStats } from './api/get-task-stats.ts';
import { useTasks } from './api/get-tasks.ts';
import { CoinBurstLayer } from './coin-burst.tsx';
import { QuestHeader } from './quest-header.tsx';
import { QuestTabBody } from './quest-tab-body.tsx';
import { QuestTabs } from './quest-tabs.tsx';
import { QuizPlayer } from './quiz-player.tsx';
import { TaskCard } from './task-card.tsx';
import { useTaskAction } from './use-task-action.ts';

/**
 * The tab named in the address. Games only with a game feed (D-UI-9): without one, `?tab=play`
 * shows All Tasks, as an unknown tab does; while the server has not said, the browser waits.
 */
function tabOf(value: string | null, gamesFeed: boolean | undefined): TaskTab {
  if (!isOneOf(TASK_TABS, value)) return 'all';
  return value === 'play' && gamesFeed === false ? 'all' : value;
}

/**
 * The Quest Board (/tasks): the stats header, the tabs, task cards, the quiz player,
 * Daily Checkout, the games browser and Play & Earn. Every reward is decided by the server; the
 * board shows what it answered, with haptics and coins flying to the balance on each claim.
 */
export function QuestBoard() {
  const telegramUserId = getLaunchContext().player?.id ?? '';
  const [params, setParams] = useSearchParams();
  // The first page of the feed says whether there is one; the Games tab reads it from the cache.
  const gamesFeed = useGames(1).data?.configured;
  const tab = tabOf(params.get('tab'), gamesFeed);
  const tasks = useTasks();
  const stats = useTaskStats(telegramUserId);
  const adStatus = useAdStatus();
  const coins = useBalance((state) => state.coins);
  const synced = useBalance((state) => state.synced);
  const [quizTaskId, setQuizTaskId] = useState<string | null>(null);
  const action = useTaskAction(telegramUserId, setQuizTaskId);

  const quizTask = quizTaskId ? tasks.data?.find((task) => task._id === quizTaskId) : undefined;
  const card = (task: TaskView) => (
    <TaskCard
      key={task._id}
      task={task}
      busy={action.busy(task._id)}
      onAction={action.onAction}
      cardRef={(element) => action.registerCard(task._id, element)}
    />
  );

  return (
    <section aria-label={t('questBoard.questBoard')} className="px-4 pt-1 pb-4">
      <QuestHeader stats={stats.data} coins={synced ? coins : null} />
      {!quizTask && (
        <QuestTabs
          tab={tab}
          gamesFeed={gamesFeed === true}
          onChange={(next) => {
            setQuizTaskId(null);
            setParams({ tab: next }, { replace: true });
          }}
        />
      )}
      <div className="mt-3">
        {quizTask ? (
          <QuizPlayer task={quizTask} telegramUserId={telegramUserId} onClose={() => setQuizTaskId(null)} />
        ) : (
          <QuestTabBody
            tab={tab}
            tasks={tasks}
            card={card}
            ad={{ status: adStatus.data, pending: adStatus.isPending }}
            telegramUserId={telegramUserId}
          />
        )}
      </div>
      <CoinBurstLayer />
    </section>
  );
}
