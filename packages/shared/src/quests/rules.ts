import {
  DAILY_REWARD_CAP_DAY,
  DEFAULT_EXTERNAL_TASK_SECONDS,
  QUIZ_PROGRESS_RETENTION_DAYS,
} from '../constants.ts';

/** The task types of the wire: quiz, community, watch_and_earn; anything else is daily. */
export type ClientTaskType = 'quiz' | 'community' | 'watch_and_earn' | 'daily';
/** The server-side type set of the catalogue. */
export type ServerTaskType = 'DAILY' | 'QUIZ' | 'COMMUNITY' | 'WATCH';

/** Maps the catalogue's type to the wire's. */
export function clientTaskType(type: string): ClientTaskType {
  switch (type) {
    case 'QUIZ':
      return 'quiz';
    case 'COMMUNITY':
      return 'community';
    case 'WATCH':
      return 'watch_and_earn';
    default:
      return 'daily';
  }
}

/** The spec's words on a task's button (the web shows each in the player's language). */
export type TaskButtonLabel =
  | 'Claimed'
  | 'Continue'
  | 'Start Quiz'
  | 'Watch Now'
  | 'Follow'
  | 'Play Now'
  | 'Claim';

/** The label of a task's button. */
export function taskButtonLabel(task: {
  type: ClientTaskType;
  title: string;
  completed: boolean;
  quizInProgress?: boolean;
}): TaskButtonLabel {
  if (task.completed) return 'Claimed';
  switch (task.type) {
    case 'quiz':
      return task.quizInProgress ? 'Continue' : 'Start Quiz';
    case 'community':
      return /youtube|crash course/i.test(task.title) ? 'Watch Now' : 'Follow';
    case 'watch_and_earn':
      return 'Play Now';
    case 'daily':
      return 'Claim';
  }
}

/** Q2: seconds a visit must last before it completes (10 s unless the task says otherwise). */
export function requiredSeconds(metadata: { required_seconds?: number | undefined }): number {
  return metadata.required_seconds ?? DEFAULT_EXTERNAL_TASK_SECONDS;
}

/** Q2: whether a visit the server saw start at `startedAt` may complete at `now` (both ms). */
export function visitCheck(
  startedAt: number | null,
  now: number,
  required: number,
):
  | { ok: true }
  | { ok: false; reason: 'not-started' }
  | { ok: false; reason: 'too-early'; remaining: number } {
  if (startedAt === null) return { ok: false, reason: 'not-started' };
  const elapsed = (now - startedAt) / 1000;
  if (elapsed < required) return { ok: false, reason: 'too-early', remaining: Math.ceil(required - elapsed) };
  return { ok: true };
}

/** Q3: a quiz's reward from its server-checked answers: the task's reward × correct / total. */
export function quizReward(reward: number, correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((reward * Math.min(correct, total)) / total);
}

/** Q3: the score as a whole percent. */
export function quizPercent(correct: number, total: number): number {
  return total <= 0 ? 0 : Math.round((100 * correct) / total);
}

/** Perfect Score! (all correct), Good Job! (at least half) or Keep Practicing!. */
export function quizHeadline(correct: number, total: number): string {
  if (total > 0 && correct >= total) return 'Perfect Score!';
  if (correct * 2 >= total) return 'Good Job!';
  return 'Keep Practicing!';
}

/** Q4: whether quiz progress begun at `startedAt` has expired at `now` (7 days). */
export function quizProgressExpired(startedAt: number, now: number): boolean {
  return now - startedAt > QUIZ_PROGRESS_RETENTION_DAYS * 24 * 60 * 60 * 1000;
}

/** The UTC calendar day of a time, `YYYY-MM-DD` (decisions: D-QUEST-2). */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC day before `day` (`YYYY-MM-DD`). */
export function previousUtcDate(day: string): string {
  return utcDate(Date.parse(`${day}T00:00:00Z`) - 24 * 60 * 60 * 1000);
}

/**
 * Q5: the streak day today's claim is for, from the last claim: the day after it when the last
 * claim was yesterday, else day 1 (a missed day resets); capped at day 30.
 * `null` when today was already claimed.
 */
export function nextDailyDay(last: { day: number; claimedOn: string } | null, today: string): number | null {
  if (!last) return 1;
  if (last.claimedOn === today) return null;
  if (last.claimedOn === previousUtcDate(today)) return Math.min(last.day + 1, DAILY_REWARD_CAP_DAY);
  return 1;
}

/** Rewards of 1000 or more show as K (1500 → "1.5K", 2000 → "2K"). */
export function formatReward(value: number): string {
  if (value < 1000) return String(value);
  const thousands = value / 1000;
  return `${Number.isInteger(thousands) ? thousands : thousands.toFixed(1).replace(/\.0$/, '')}K`;
}
