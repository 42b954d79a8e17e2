import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { acknowledgeCompletion, usePendingCompletion } from './api/get-pending-completion.ts';
import { useTaskCompleted } from './task-completed-store.ts';

/**
 * The task-completed popup that may appear over any screen: the task's title, its
 * reward, and Awesome, which reloads the page (fresh balances) and closes the popup. With
 * `watch`, the pending completion is read from the server at start and whenever the page becomes
 * visible again, so it also shows on another device; Awesome acknowledges it there.
 */
export function TaskCompletedPopup({
  reload = () => window.location.reload(),
  watch = false,
}: {
  reload?: () => void;
  watch?: boolean;
}) {
  const completed = useTaskCompleted((state) => state.completed);
  const show = useTaskCompleted((state) => state.show);
  const close = useTaskCompleted((state) => state.close);
  const pending = usePendingCompletion(watch);
  const shownTask = useRef<string | null>(null);
  const refetch = pending.refetch;

  useEffect(() => {
    if (!watch) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [watch, refetch]);

  useEffect(() => {
    const next = pending.data;
    if (!next || shownTask.current === next.task_id) return;
    shownTask.current = next.task_id;
    haptics.success();
    show({ title: next.title, reward: next.reward });
  }, [pending.data, show]);

  if (!completed) return null;
  return (
    <Dialog
      open
      title={t('taskCompletedPopup.taskCompleted')}
      art={<EmojiArt name="party-popper" className="size-20" />}
      actions={
        <Button
          size="lg"
          block
          onClick={async () => {
            haptics.success();
            const taskId = shownTask.current;
            if (taskId) await acknowledgeCompletion(taskId).catch(() => undefined);
            close();
            reload();
          }}
        >
          {t('taskCompletedPopup.awesome')}
        </Button>
      }
    >
      <p className="text-[16px] text-ink/85" data-testid="completed-task-title">
        {completed.title}
      </p>
      <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-night-950/60 px-4 py-1.5 ring-1 ring-gold-300/40">
        <GameIcon name="coin" className="size-6" />
        <span className="font-display text-[22px] text-gold">+{formatNumber(completed.reward)}</span>
      </p>
    </Dialog>
  );
}
