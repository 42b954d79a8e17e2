import { useQueryClient } from '@tanstack/react-query';
import type { TaskView } from '@titans/shared/quests/schemas';
import { useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { completeTask, invalidateAfterCompletion } from './api/complete-task.ts';
import { celebrateClaim } from './coin-burst.tsx';
import { taskLink, useExternalVisit } from './use-external-visit.ts';

/**
 * What a task card's button does: a quiz opens its player, a linked task opens its
 * visit (timed by the server), anything else is claimed at once; the server decides every reward.
 */
export function useTaskAction(telegramUserId: string, openQuiz: (taskId: string) => void) {
  const queryClient = useQueryClient();
  const visit = useExternalVisit(telegramUserId);
  const [claiming, setClaiming] = useState<string | null>(null);

  const onAction = async (task: TaskView) => {
    if (task.completed) return;
    if (task.type === 'quiz') return openQuiz(task._id);
    if (taskLink(task)) return visit.open(task);
    setClaiming(task._id);
    try {
      const done = await completeTask(telegramUserId, task._id);
      celebrateClaim(document.querySelector(`[data-testid="task-${task._id}"]`), done.reward);
      toast.success(`+${formatNumber(done.reward)} coins`);
    } catch (error) {
      haptics.error();
      toast.error(
        isApiError(error) && error.message ? error.message : t('useTaskAction.failedToCompleteThe'),
      );
    } finally {
      setClaiming(null);
      invalidateAfterCompletion(queryClient, telegramUserId);
    }
  };

  return {
    onAction: (task: TaskView) => void onAction(task),
    busy: (taskId: string) => visit.busyTask === taskId || claiming === taskId,
    registerCard: visit.registerCard,
  };
}
