import { useQueryClient } from '@tanstack/react-query';
import type { TaskView } from '@titans/shared/quests/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { fieldOf } from '../../lib/field-of.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { completeTask, invalidateAfterCompletion } from './api/complete-task.ts';
import { tasksQueryOptions } from './api/get-tasks.ts';
import { trackProgress } from './api/track-progress.ts';
import { celebrateClaim } from './coin-burst.tsx';
import { openExternalLink } from './open-external-link.ts';

/** External visit (session storage): taskId, url, startTime, title. */
export interface ExternalVisit {
  taskId: string;
  url: string;
  startTime: number;
  title: string;
  /** Seconds the visit must last (the task's required_time), for the too-early message (D-UI-7). */
  requiredTime?: number;
}

const VISIT_KEY = 'external_visit';
/** the failure text when the visit was too short. */
export const TOO_EARLY_TEXT = () => t('useExternalVisit.notEnoughTimeSpent');

/** The spec's text, then how long to stay (D-UI-7). */
export function tooEarlyText(requiredTime: number | undefined): string {
  return requiredTime
    ? t('useExternalVisit.staySeconds', { text: TOO_EARLY_TEXT(), seconds: requiredTime })
    : TOO_EARLY_TEXT();
}

function readVisit(): ExternalVisit | null {
  try {
    const raw = sessionStorage.getItem(VISIT_KEY);
    const visit: unknown = raw ? JSON.parse(raw) : null;
    const taskId = fieldOf(visit, 'taskId');
    const url = fieldOf(visit, 'url');
    const startTime = fieldOf(visit, 'startTime');
    const title = fieldOf(visit, 'title');
    if (typeof taskId !== 'string' || typeof url !== 'string' || typeof title !== 'string') return null;
    if (typeof startTime !== 'number') return null;
    const requiredTime = fieldOf(visit, 'requiredTime');
    return typeof requiredTime === 'number'
      ? { taskId, url, startTime, title, requiredTime }
      : { taskId, url, startTime, title };
  } catch {
    return null;
  }
}

/** The link a task opens: its task_url, or its link. */
export function taskLink(task: TaskView): string | null {
  return task.metadata.task_url ?? task.metadata.link ?? null;
}

/**
 * On return: tells the server the visit ended and asks it to complete the task; it decides by its
 * own clock (Q2). Too early says how long to stay (D-UI-7); a completion flies its coins.
 */
async function completeVisit(telegramUserId: string, visit: ExternalVisit, card: Element | null) {
  const seconds = Math.round((Date.now() - visit.startTime) / 1000);
  try {
    await trackProgress({
      telegram_user_id: telegramUserId,
      task_id: visit.taskId,
      metadata: { time_spent: seconds, completed: true },
    }).catch(() => undefined);
    const done = await completeTask(telegramUserId, visit.taskId);
    celebrateClaim(card, done.reward);
  } catch (error) {
    // The link was opened: whether the server saw too little of it or none, it was too early.
    if (isApiError(error) && (error.code === 'task/too-early' || error.code === 'task/not-started')) {
      haptics.warning();
      audioEngine.play('error');
      toast.error(tooEarlyText(visit.requiredTime));
    } else if (!(isApiError(error) && error.code === 'task/already-completed')) {
      haptics.error();
      toast.error(
        isApiError(error) && error.message ? error.message : t('useExternalVisit.failedToCompleteThe'),
      );
    }
  }
}

/**
 * External-link tasks, timed by the server: opening the link tells the
 * server the visit started; on return the pending visit is read and cleared and the server is
 * asked to complete the task. It decides by its own clock; too early is refused with
 * "Not enough time spent on external URL". A completion feeds the task-completed popup, whose
 * pending completion also comes from the server.
 */
export function useExternalVisit(telegramUserId: string) {
  const queryClient = useQueryClient();
  const [busyTask, setBusyTask] = useState<string | null>(null);
  const cards = useRef(new Map<string, Element>());
  /** The start being recorded per task: completing waits for it, so the server has seen it. */
  const starts = useRef(new Map<string, Promise<unknown>>());

  const finish = useCallback(async () => {
    const visit = readVisit();
    if (!visit) return;
    sessionStorage.removeItem(VISIT_KEY);
    setBusyTask(visit.taskId);
    try {
      await starts.current.get(visit.taskId);
      await completeVisit(telegramUserId, visit, cards.current.get(visit.taskId) ?? null);
    } finally {
      setBusyTask(null);
      invalidateAfterCompletion(queryClient, telegramUserId);
    }
  }, [queryClient, telegramUserId]);

  useEffect(() => {
    void finish();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void finish();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [finish]);

  const open = useCallback(
    async (task: TaskView) => {
      const url = taskLink(task);
      if (!url || task.completed) return;
      const visit: ExternalVisit = {
        taskId: task._id,
        url,
        startTime: Date.now(),
        title: task.title,
        requiredTime: task.metadata.required_time,
      };
      sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
      // The link opens at once (a popup must come from the tap); the server records the start.
      openExternalLink(url);
      const started = trackProgress({
        telegram_user_id: telegramUserId,
        task_id: task._id,
        metadata: { required_time: task.metadata.required_time },
        status: 'started',
      }).catch((error: unknown) => console.warn('[tasks] could not record the visit start', error));
      starts.current.set(task._id, started);
      await started;
      void queryClient.invalidateQueries({ queryKey: tasksQueryOptions().queryKey });
    },
    [queryClient, telegramUserId],
  );

  const registerCard = useCallback((taskId: string, element: Element | null) => {
    if (element) cards.current.set(taskId, element);
    else cards.current.delete(taskId);
  }, []);

  return { open, busyTask, registerCard, finish };
}
