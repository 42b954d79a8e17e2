import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { haptics } from '../../lib/haptics.ts';
import { useTaskCompleted } from './task-completed-store.ts';

/**
 * The task-completed popup (spec-a §2) that may appear over any screen: the task's title, its
 * reward, and Awesome, which reloads the page (fresh balances) and closes the popup.
 */
export function TaskCompletedPopup({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const completed = useTaskCompleted((state) => state.completed);
  const close = useTaskCompleted((state) => state.close);
  if (!completed) return null;
  return (
    <Dialog
      open
      title="Task Completed!"
      art={<EmojiArt name="party-popper" className="size-20" />}
      actions={
        <Button
          size="lg"
          block
          onClick={() => {
            haptics.success();
            close();
            reload();
          }}
        >
          Awesome
        </Button>
      }
    >
      <p className="text-[16px] text-ink/85">{completed.title}</p>
      <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-night-950/60 px-4 py-1.5 ring-1 ring-gold-300/40">
        <GameIcon name="coin" className="size-6" />
        <span className="font-display text-[22px] text-gold">
          +{completed.reward.toLocaleString('en-US')}
        </span>
      </p>
    </Dialog>
  );
}
