import {
  type ClientTaskType,
  quizPercent,
  quizReward,
  requiredSeconds,
  utcDate,
  visitCheck,
} from '@titans/shared/quests/rules';
import type { CompletedTask } from '@titans/shared/quests/schemas';
import { and, eq } from 'drizzle-orm';
import { quizAnswers, quizzes, taskProgress, users } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import type { ProgressRow, TaskMetadata, TaskRow } from './task-service.ts';

// The steps of TaskService.complete, each inside the completion's money change.

type Score = NonNullable<CompletedTask['score']>;

/** Q3: reward × correct / total, once every question of the task's quiz has an answer. */
export async function quizResult(money: MoneyContext, userId: string, task: TaskRow, metadata: TaskMetadata) {
  const [quiz] = await money.tx
    .select()
    .from(quizzes)
    .where(eq(quizzes.id, metadata.quizId ?? ''))
    .limit(1);
  if (!quiz) return money.fail('quiz/not-found');
  const answers = await money.tx
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.userId, userId), eq(quizAnswers.quizId, quiz.id)));
  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const counted = answers.filter((answer) => questionIds.has(answer.questionId));
  if (counted.length < quiz.questions.length) return money.fail('task/quiz-unfinished');
  const correct = counted.filter((answer) => answer.isCorrect).length;
  const total = quiz.questions.length;
  const score: Score = { correct, total, percent: quizPercent(correct, total) };
  return { reward: quizReward(task.rewardPoints, correct, total), score };
}

/** Q2: a visit completes only when the server saw it start at least the required seconds ago. */
export function checkVisit(money: MoneyContext, progress: ProgressRow | undefined, metadata: TaskMetadata) {
  const check = visitCheck(
    progress?.status === 'started' ? progress.startedAt.getTime() : null,
    money.now,
    requiredSeconds(metadata),
  );
  if (check.ok) return;
  if (check.reason === 'not-started') money.fail('task/not-started');
  else money.fail('task/too-early', undefined, { remaining_seconds: check.remaining });
}

interface Completion {
  userId: string;
  taskId: string;
  progress: ProgressRow | undefined;
  reward: number;
  visit: boolean;
  score: Score | undefined;
  metadata: TaskMetadata;
}

/** The progress row as completed, with what the popup and a quiz's result need. */
export async function recordCompletion(money: MoneyContext, completion: Completion) {
  const { userId, taskId, progress, reward, visit, score, metadata } = completion;
  const completedAt = new Date(money.now);
  const record = {
    ...(progress?.metadata ?? {}),
    reward,
    // A completed external visit feeds the task-completed popup once.
    popup_pending: visit,
    ...(score ? { quiz: { quizId: metadata.quizId, score: score.percent, completed: true } } : {}),
  };
  await money.tx
    .insert(taskProgress)
    .values({ userId, taskId, status: 'completed', startedAt: completedAt, completedAt, metadata: record })
    .onConflictDoUpdate({
      target: [taskProgress.userId, taskProgress.taskId],
      set: { status: 'completed', completedAt, metadata: record },
    });
}

/** Q1: the reward credited once (a daily task once per UTC day); answers the player's coins. */
export async function payReward(
  money: MoneyContext,
  paid: { userId: string; taskId: string; type: ClientTaskType; reward: number; score: Score | undefined },
): Promise<number> {
  const { userId, taskId, type, reward, score } = paid;
  if (reward <= 0) {
    const [user] = await money.tx.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
    return Number(user?.coins ?? 0);
  }
  const day = utcDate(money.now);
  return money.apply({
    userId,
    currency: 'coins',
    delta: reward,
    reason: type === 'quiz' ? 'quest:quiz' : 'quest:task',
    idempotencyKey:
      type === 'daily' ? `quest-task:${userId}:${taskId}:${day}` : `quest-task:${userId}:${taskId}`,
    meta: { taskId, type, ...(score ? { score } : {}) },
  });
}
