import { useQueryClient } from '@tanstack/react-query';
import { quizPercent } from '@titans/shared/quests/rules';
import type { TaskView } from '@titans/shared/quests/schemas';
import { useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { completeTask, invalidateAfterCompletion } from './api/complete-task.ts';
import { trackProgress } from './api/track-progress.ts';
import { celebrateClaim } from './coin-burst.tsx';

/**
 * Claim Reward: records the quiz's progress, then completes the task; the server pays
 * from the locked answers (Q3), whatever the score sent says.
 */
export function useQuizClaim(task: TaskView, telegramUserId: string, onClose: () => void) {
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState(false);
  const claimRef = useRef<HTMLDivElement>(null);
  const quizId = task.metadata.quizId ?? '';

  const claim = async (correct: number, total: number) => {
    setClaiming(true);
    try {
      await trackProgress({
        telegram_user_id: telegramUserId,
        task_id: task._id,
        metadata: {
          action: 'complete',
          quiz: { quizId, score: quizPercent(correct, total), completed: true },
        },
      }).catch(() => undefined);
      const done = await completeTask(telegramUserId, task._id);
      celebrateClaim(claimRef.current, done.reward);
      toast.success(`+${formatNumber(done.reward)} coins`);
      invalidateAfterCompletion(queryClient, telegramUserId);
      onClose();
    } catch (error) {
      haptics.error();
      toast.error(
        isApiError(error) && error.code === 'task/already-completed'
          ? t('useQuizClaim.taskAlreadyCompleted')
          : t('useQuizClaim.failedToSubmitQuiz'),
      );
      invalidateAfterCompletion(queryClient, telegramUserId);
    } finally {
      setClaiming(false);
    }
  };

  return { claiming, claimRef, claim };
}
