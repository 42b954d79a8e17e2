import {
  type ClientTaskType,
  clientTaskType,
  quizProgressExpired,
  requiredSeconds,
  utcDate,
} from '@titans/shared/quests/rules';
import type { CompletedTask, TaskStats, TaskView } from '@titans/shared/quests/schemas';
import { and, asc, count, eq, like, sql, sum } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import { failed, type Result } from '../core/result.ts';
import type { Database, Tx } from '../db/database.ts';
import { ledger, quizAnswers, quizzes, taskProgress, tasks } from '../db/schema.ts';
import type { BalanceGateway } from '../money/balance-gateway.ts';
import { checkVisit, payReward, quizResult, recordCompletion } from './task-completion.ts';

type Db = Database['db'] | Tx;
export type TaskRow = typeof tasks.$inferSelect;
export type ProgressRow = typeof taskProgress.$inferSelect;

export interface TaskMetadata {
  task_url?: string;
  link?: string;
  quizId?: string;
  image_url?: string;
  required_seconds?: number;
}

/** A task's metadata as the catalogue wrote it (catalogueTaskSchema): its known fields, typed. */
export function metadataOf(task: TaskRow): TaskMetadata {
  const { task_url, link, quizId, image_url, required_seconds } = task.metadata;
  return {
    ...(typeof task_url === 'string' ? { task_url } : {}),
    ...(typeof link === 'string' ? { link } : {}),
    ...(typeof quizId === 'string' ? { quizId } : {}),
    ...(typeof image_url === 'string' ? { image_url } : {}),
    ...(typeof required_seconds === 'number' ? { required_seconds } : {}),
  };
}

/** The reward a completion recorded in its progress metadata, if it did. */
function recordedReward(metadata: Record<string, unknown> | undefined): number | undefined {
  const reward = metadata?.reward;
  return reward === undefined || reward === null ? undefined : Number(reward);
}

/** Q2: tasks completed by visiting a link: community, watch, and daily tasks that carry a link. */
export function isVisitTask(task: TaskRow): boolean {
  const type = clientTaskType(task.type);
  const metadata = metadataOf(task);
  return (
    type === 'community' ||
    type === 'watch_and_earn' ||
    (type === 'daily' && !!(metadata.task_url || metadata.link))
  );
}

/** Q1: a daily task is done for today when completed on this UTC day; others once for good. */
function isDone(task: TaskRow, progress: ProgressRow | undefined, now: number): boolean {
  if (progress?.status !== 'completed') return false;
  if (clientTaskType(task.type) !== 'daily') return true;
  return progress.completedAt !== null && utcDate(progress.completedAt.getTime()) === utcDate(now);
}

export interface TaskServiceDeps {
  database: Database;
  gateway: BalanceGateway;
  now: Clock;
}

/** Tasks (Q1, Q2) and quiz-task completion (Q3): rules from packages/shared, money through the gateway. */
export class TaskService {
  constructor(private readonly deps: TaskServiceDeps) {}

  private async activeTasks(db: Db): Promise<TaskRow[]> {
    return db.select().from(tasks).where(eq(tasks.isActive, true)).orderBy(asc(tasks.sortOrder));
  }

  async taskById(db: Db, taskId: string): Promise<TaskRow | null> {
    const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
    return row?.isActive ? row : null;
  }

  /** The task serving a quiz (the Quest Board links each quiz to one task). */
  async taskForQuiz(db: Db, quizId: string): Promise<TaskRow | null> {
    const all = await this.activeTasks(db);
    return all.find((task) => task.type === 'QUIZ' && metadataOf(task).quizId === quizId) ?? null;
  }

  /** GET /tasks and /task/{type}: the catalogue's tasks with this player's state. */
  async list(userId: string, type?: ClientTaskType): Promise<TaskView[]> {
    const { db } = this.deps.database;
    const now = this.deps.now();
    const [all, progress, answered, quizRows] = await Promise.all([
      this.activeTasks(db),
      db.select().from(taskProgress).where(eq(taskProgress.userId, userId)),
      db
        .select({
          quizId: quizAnswers.quizId,
          answers: count(),
          firstAt: sql<string>`min(${quizAnswers.answeredAt})`,
        })
        .from(quizAnswers)
        .where(eq(quizAnswers.userId, userId))
        .groupBy(quizAnswers.quizId),
      db.select({ id: quizzes.id, questions: quizzes.questions }).from(quizzes),
    ]);
    const byTask = new Map(progress.map((row) => [row.taskId, row]));
    const answeredByQuiz = new Map(answered.map((row) => [row.quizId, row]));
    const questionsByQuiz = new Map(quizRows.map((row) => [row.id, row.questions.length]));
    return all
      .filter((task) => type === undefined || clientTaskType(task.type) === type)
      .map((task) => {
        const row = byTask.get(task.id);
        const metadata = metadataOf(task);
        const taskType = clientTaskType(task.type);
        const done = isDone(task, row, now);
        let status: TaskView['status'] = done ? 'completed' : 'available';
        let questions: number | undefined;
        let answers: number | undefined;
        if (taskType === 'quiz' && metadata.quizId) {
          questions = questionsByQuiz.get(metadata.quizId) ?? 0;
          const entry = answeredByQuiz.get(metadata.quizId);
          const fresh = entry && !quizProgressExpired(new Date(entry.firstAt).getTime(), now);
          answers = fresh ? entry.answers : 0;
          if (!done && answers > 0) status = 'in_progress';
        } else if (!done && row?.status === 'started') {
          status = 'started';
        }
        return {
          _id: task.id,
          title: task.title,
          description: task.description,
          type: taskType,
          reward_points: task.rewardPoints,
          metadata: {
            ...(metadata.task_url ? { task_url: metadata.task_url } : {}),
            ...(metadata.link ? { link: metadata.link } : {}),
            ...(metadata.quizId ? { quizId: metadata.quizId } : {}),
            ...(metadata.image_url ? { image_url: metadata.image_url } : {}),
            required_time: requiredSeconds(metadata),
            ...(questions !== undefined ? { questions, answered: answers ?? 0 } : {}),
          },
          status,
          completed: done,
          started_at: status === 'started' && row ? row.startedAt.toISOString() : null,
          reward_earned: done ? (recordedReward(row?.metadata) ?? task.rewardPoints) : null,
        };
      });
  }

  /** GET /task/stats/{id}: coins earned on the Quest Board, quizzes and tasks completed. */
  async stats(userId: string): Promise<TaskStats> {
    const { db } = this.deps.database;
    const [[coins], completed] = await Promise.all([
      db
        .select({ total: sum(ledger.delta) })
        .from(ledger)
        .where(and(eq(ledger.userId, userId), eq(ledger.currency, 'coins'), like(ledger.reason, 'quest:%'))),
      db
        .select({ type: tasks.type })
        .from(taskProgress)
        .innerJoin(tasks, eq(tasks.id, taskProgress.taskId))
        .where(and(eq(taskProgress.userId, userId), eq(taskProgress.status, 'completed'))),
    ]);
    return {
      totalCoinsEarned: Number(coins?.total ?? 0),
      totalQuizzesCompleted: completed.filter((row) => row.type === 'QUIZ').length,
      totalCompletedTasks: completed.length,
    };
  }

  /**
   * PUT /task/track-progress. `started` records when a visit began, by the server's clock (Q2);
   * a visit already started keeps its first start. Anything the client reports (time spent,
   * a quiz score) is kept for support only: it never completes or scores anything.
   */
  async track(
    userId: string,
    taskId: string,
    status: 'started' | 'completed' | undefined,
    clientMetadata: Record<string, unknown>,
  ): Promise<
    Result<{
      task_id: string;
      status: TaskView['status'];
      started_at: string | null;
      required_time: number;
      elapsed_seconds: number;
    }>
  > {
    const { db } = this.deps.database;
    const now = this.deps.now();
    const task = await this.taskById(db, taskId);
    if (!task) return failed('task/not-found');
    const required = requiredSeconds(metadataOf(task));
    if (status === 'started' && isVisitTask(task)) {
      await db
        .insert(taskProgress)
        .values({
          userId,
          taskId,
          status: 'started',
          startedAt: new Date(now),
          metadata: { client: clientMetadata },
        })
        .onConflictDoNothing();
      // A daily task done on an earlier day starts afresh today.
      if (clientTaskType(task.type) === 'daily') {
        await db
          .update(taskProgress)
          .set({
            status: 'started',
            startedAt: new Date(now),
            completedAt: null,
            metadata: { client: clientMetadata },
          })
          .where(
            and(
              eq(taskProgress.userId, userId),
              eq(taskProgress.taskId, taskId),
              eq(taskProgress.status, 'completed'),
              sql`${taskProgress.completedAt} < ${new Date(`${utcDate(now)}T00:00:00Z`)}`,
            ),
          );
      }
    } else if (clientMetadata && Object.keys(clientMetadata).length > 0) {
      await db
        .update(taskProgress)
        .set({
          metadata: sql`${taskProgress.metadata} || ${JSON.stringify({ client: clientMetadata })}::jsonb`,
        })
        .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)));
    }
    const [row] = await db
      .select()
      .from(taskProgress)
      .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)))
      .limit(1);
    const done = isDone(task, row, now);
    const started = !done && row?.status === 'started';
    return {
      ok: true,
      value: {
        task_id: taskId,
        status: done ? 'completed' : started ? 'started' : 'available',
        started_at: started && row ? row.startedAt.toISOString() : null,
        required_time: required,
        elapsed_seconds: started && row ? Math.max(0, Math.floor((now - row.startedAt.getTime()) / 1000)) : 0,
      },
    };
  }

  /**
   * PUT /task/complete: Q1 credits the reward once per player (a daily task once per UTC day):
   * the progress row and the ledger's idempotency key both make a second completion fail.
   * Q2: a visit completes only when the server saw it start at least the required seconds ago.
   * Q3: a quiz pays reward × correct / total from the answers the server checked.
   */
  async complete(userId: string, taskId: string): Promise<Result<CompletedTask>> {
    return this.deps.gateway.change(userId, async (money) => {
      const task = await this.taskById(money.tx, taskId);
      if (!task) return money.fail('task/not-found');
      const type = clientTaskType(task.type);
      const metadata = metadataOf(task);
      const [progress] = await money.tx
        .select()
        .from(taskProgress)
        .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)))
        .for('update')
        .limit(1);
      if (isDone(task, progress, money.now)) return money.fail('task/already-completed');
      const visit = isVisitTask(task);
      const { reward, score } =
        type === 'quiz' ? await quizResult(money, userId, task, metadata) : { reward: task.rewardPoints };
      if (type !== 'quiz' && visit) checkVisit(money, progress, metadata);
      await recordCompletion(money, { userId, taskId, progress, reward, visit, score, metadata });
      const coins = await payReward(money, { userId, taskId, type, reward, score });
      return { task_id: taskId, title: task.title, type, reward, coins, ...(score ? { score } : {}) };
    });
  }

  /** The task-completed popup's pending completion, or null. */
  async pendingCompletion(
    userId: string,
  ): Promise<{ task_id: string; title: string; reward: number } | null> {
    const { db } = this.deps.database;
    const [row] = await db
      .select({ taskId: taskProgress.taskId, title: tasks.title, metadata: taskProgress.metadata })
      .from(taskProgress)
      .innerJoin(tasks, eq(tasks.id, taskProgress.taskId))
      .where(
        and(
          eq(taskProgress.userId, userId),
          eq(taskProgress.status, 'completed'),
          sql`(${taskProgress.metadata} ->> 'popup_pending') = 'true'`,
        ),
      )
      .orderBy(asc(taskProgress.completedAt))
      .limit(1);
    if (!row) return null;
    return {
      task_id: row.taskId,
      title: row.title,
      reward: recordedReward(row.metadata) ?? 0,
    };
  }

  /** The popup was seen: it does not come back (on this device or another). */
  async acknowledgeCompletion(userId: string, taskId: string): Promise<void> {
    await this.deps.database.db
      .update(taskProgress)
      .set({ metadata: sql`${taskProgress.metadata} || '{"popup_pending": false}'::jsonb` })
      .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)));
  }
}
