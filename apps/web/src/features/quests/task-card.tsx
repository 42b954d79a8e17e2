import { formatReward, type TaskButtonLabel, taskButtonLabel } from '@titans/shared/quests/rules';
import type { TaskView } from '@titans/shared/quests/schemas';
import { Button } from '../../components/ui/button.tsx';
import { EmojiArt, type EmojiName } from '../../components/ui/emoji-art.tsx';
import { GameIcon } from '../../components/ui/game-icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';

const FALLBACK_ART: Record<TaskView['type'], EmojiName> = {
  quiz: 'scroll',
  community: 'people-hugging',
  watch_and_earn: 'video-game',
  daily: 'wrapped-gift',
};

/** The spec's button labels (shared/quests/rules) in the player's language. */
function buttonText(label: TaskButtonLabel): string {
  switch (label) {
    case 'Claimed':
      return t('taskCard.claimed');
    case 'Continue':
      return t('taskCard.continue');
    case 'Start Quiz':
      return t('taskCard.startQuiz');
    case 'Watch Now':
      return t('taskCard.watchNow');
    case 'Follow':
      return t('taskCard.follow');
    case 'Play Now':
      return t('taskCard.playNow');
    case 'Claim':
      return t('taskCard.claim');
  }
}

export interface TaskCardProps {
  task: TaskView;
  busy: boolean;
  onAction(task: TaskView): void;
  cardRef?: (element: Element | null) => void;
}

/** The task's picture, with a check over it once claimed. */
function TaskArt({ task }: { task: TaskView }) {
  return (
    <div className="relative grid size-14 shrink-0 place-items-center overflow-hidden rounded-2xl bg-night-950/50 ring-1 ring-white/12">
      {task.metadata.image_url ? (
        <img
          src={task.metadata.image_url}
          alt=""
          aria-hidden
          className="size-full object-cover"
          draggable={false}
        />
      ) : (
        <EmojiArt name={FALLBACK_ART[task.type]} className="size-9" />
      )}
      {task.completed && (
        <span className="absolute inset-0 grid place-items-center bg-success-700/55">
          <svg viewBox="0 0 24 24" className="size-8 text-white drop-shadow" aria-hidden>
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="3.2"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M5 12.5l4.2 4.2L19 7"
            />
          </svg>
        </span>
      )}
    </div>
  );
}

/** The reward (K from 1000), a quiz's answered count, and how long a visit must last (D-UI-7). */
function TaskReward({ task, reward }: { task: TaskView; reward: number }) {
  return (
    <p className="mt-1 flex items-center gap-1 font-display text-[15px] text-gold-200">
      <GameIcon name="coin" className="size-[18px]" />+{formatReward(reward)}
      {task.type === 'quiz' && task.metadata.questions !== undefined && !task.completed && (
        <span className="ms-1.5 font-sans text-[11px] font-extrabold text-muted">
          {t('taskCard.answered', {
            answered: task.metadata.answered ?? 0,
            questions: task.metadata.questions,
          })}
        </span>
      )}
      {(task.metadata.task_url ?? task.metadata.link) && task.type !== 'quiz' && !task.completed && (
        // How long the visit must last, said before it starts (D-UI-7).
        <span className="ms-1.5 font-sans text-[11px] font-extrabold text-muted">
          {/* The number keeps its unit: a narrow card wraps before it, never inside it. */}
          {t('taskCard.staySeconds', { seconds: task.metadata.required_time })}
        </span>
      )}
    </p>
  );
}

/**
 * One task on the Quest Board: its picture, title, reward (K from 1000) and the spec's button
 * label (Claimed, Continue / Start Quiz, Watch Now, Follow, Play Now, Claim, Complete).
 */
export function TaskCard({ task, busy, onAction, cardRef }: TaskCardProps) {
  const inProgress = task.status === 'in_progress';
  const label = buttonText(
    taskButtonLabel({
      type: task.type,
      title: task.title,
      completed: task.completed,
      quizInProgress: inProgress,
    }),
  );
  const reward = task.completed && task.reward_earned !== null ? task.reward_earned : task.reward_points;
  return (
    <article
      ref={cardRef}
      aria-label={task.title}
      data-testid={`task-${task._id}`}
      data-status={task.status}
      className={cx(
        'panel relative flex items-center gap-3 overflow-hidden rounded-[22px] p-3 animate-rise-in',
        task.completed && 'opacity-80',
      )}
    >
      <TaskArt task={task} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-1.5">
          <h3 className="line-clamp-2 font-display text-[16px] leading-tight text-ink">{task.title}</h3>
          {inProgress && (
            <span className="shrink-0 rounded-full bg-energy-500/25 px-2 py-0.5 text-[10px] font-black tracking-wide text-energy-300 uppercase ring-1 ring-energy-400/40">
              {t('taskCard.inProgress')}
            </span>
          )}
        </div>
        <p className="mt-0.5 line-clamp-1 text-[12px] leading-snug text-muted">{task.description}</p>
        <TaskReward task={task} reward={reward} />
      </div>
      {task.completed ? (
        <span className="shrink-0 rounded-full bg-success-500/18 px-3 py-1.5 font-display text-[14px] text-success-400 ring-1 ring-success-400/40">
          {t('taskCard.claimed')}
        </span>
      ) : (
        <Button
          size="sm"
          variant={task.type === 'quiz' || task.type === 'daily' ? 'primary' : 'secondary'}
          className="shrink-0 min-w-[86px]"
          disabled={busy}
          aria-label={`${label}: ${task.title}`}
          onClick={() => onAction(task)}
        >
          {busy ? <Spinner className="size-5" label={t('taskCard.checking')} /> : label}
        </Button>
      )}
    </article>
  );
}
