import { quizProgressExpired } from '@titans/shared/quests/rules';
import type { LockedAnswer, QuizProgress, QuizView } from '@titans/shared/quests/schemas';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../core/clock.ts';
import { failed, type Result } from '../core/result.ts';
import type { Database } from '../db/database.ts';
import { quizAnswers, quizzes, taskProgress } from '../db/schema.ts';
import type { TaskService } from './task-service.ts';

type QuizRow = typeof quizzes.$inferSelect;
type AnswerRow = typeof quizAnswers.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Q3: reveals one locked answer: right or wrong, the right option and the explanation. */
function revealed(quiz: QuizRow, answer: AnswerRow): LockedAnswer {
  const question = quiz.questions.find((entry) => entry.id === answer.questionId);
  return {
    question_id: answer.questionId,
    selected_index: answer.selectedIndex,
    is_correct: answer.isCorrect,
    correct_index: question ? question.options.findIndex((option) => option.isCorrect) : -1,
    explanation: question?.explanation ?? null,
  };
}

export interface QuizServiceDeps {
  database: Database;
  tasks: TaskService;
  now: Clock;
}

/**
 * Quizzes (Q3, Q4). The questions go out without their answers; each answer is checked and
 * locked on the server when submitted, and only then revealed. Progress lives on the server,
 * so it resumes on any device, and is forgotten 7 days after the first answer.
 */
export class QuizService {
  constructor(private readonly deps: QuizServiceDeps) {}

  private async quiz(quizId: string): Promise<QuizRow | null> {
    const [row] = await this.deps.database.db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
    return row?.isActive ? row : null;
  }

  /** GET /quiz/{id}: questions and option texts only. */
  async view(quizId: string): Promise<Result<QuizView>> {
    const quiz = await this.quiz(quizId);
    if (!quiz) return failed('quiz/not-found');
    return {
      ok: true,
      value: {
        _id: quiz.id,
        title: quiz.title,
        description: quiz.description,
        questions: quiz.questions.map((question) => ({
          _id: question.id,
          question: question.question,
          options: question.options.map((option) => ({ text: option.text })),
        })),
      },
    };
  }

  private async isCompleted(userId: string, taskId: string | null): Promise<boolean> {
    if (!taskId) return false;
    const [row] = await this.deps.database.db
      .select({ status: taskProgress.status })
      .from(taskProgress)
      .where(and(eq(taskProgress.userId, userId), eq(taskProgress.taskId, taskId)))
      .limit(1);
    return row?.status === 'completed';
  }

  /** Q4: the player's locked answers; answers of an unfinished quiz older than 7 days are dropped. */
  private async answers(userId: string, quiz: QuizRow, completed: boolean): Promise<AnswerRow[]> {
    const { db } = this.deps.database;
    const rows = await db
      .select()
      .from(quizAnswers)
      .where(and(eq(quizAnswers.userId, userId), eq(quizAnswers.quizId, quiz.id)));
    if (rows.length === 0 || completed) return rows;
    const first = Math.min(...rows.map((row) => row.answeredAt.getTime()));
    if (!quizProgressExpired(first, this.deps.now())) return rows;
    await db.delete(quizAnswers).where(and(eq(quizAnswers.userId, userId), eq(quizAnswers.quizId, quiz.id)));
    return [];
  }

  private progressOf(
    quiz: QuizRow,
    taskId: string | null,
    rows: AnswerRow[],
    completed: boolean,
  ): QuizProgress {
    const order = new Map(quiz.questions.map((question, index) => [question.id, index]));
    const answers = rows
      .filter((row) => order.has(row.questionId))
      .sort((a, b) => (order.get(a.questionId) ?? 0) - (order.get(b.questionId) ?? 0))
      .map((row) => revealed(quiz, row));
    const first = rows.length > 0 ? Math.min(...rows.map((row) => row.answeredAt.getTime())) : null;
    return {
      quiz_id: quiz.id,
      task_id: taskId,
      answers,
      correct: answers.filter((answer) => answer.is_correct).length,
      total: quiz.questions.length,
      started_at: first === null ? null : new Date(first).toISOString(),
      expires_at: first === null || completed ? null : new Date(first + 7 * DAY_MS).toISOString(),
      completed,
    };
  }

  /** GET /quiz/{id}/progress. */
  async progress(userId: string, quizId: string): Promise<Result<QuizProgress>> {
    const quiz = await this.quiz(quizId);
    if (!quiz) return failed('quiz/not-found');
    const task = await this.deps.tasks.taskForQuiz(this.deps.database.db, quizId);
    const completed = await this.isCompleted(userId, task?.id ?? null);
    const rows = await this.answers(userId, quiz, completed);
    return { ok: true, value: this.progressOf(quiz, task?.id ?? null, rows, completed) };
  }

  /**
   * POST /quiz/{id}/answer: locks the answer to one question (the first one stands; a retry of
   * the same choice answers the same, another choice is 409) and reveals it.
   */
  async answer(
    userId: string,
    quizId: string,
    questionId: string,
    optionIndex: number,
  ): Promise<Result<LockedAnswer & { progress: QuizProgress }>> {
    const quiz = await this.quiz(quizId);
    if (!quiz) return failed('quiz/not-found');
    const question = quiz.questions.find((entry) => entry.id === questionId);
    if (!question) return failed('quiz/question-not-found');
    if (optionIndex >= question.options.length) return failed('request/invalid', 'No such option');
    const task = await this.deps.tasks.taskForQuiz(this.deps.database.db, quizId);
    const completed = await this.isCompleted(userId, task?.id ?? null);
    if (completed) return failed('quiz/completed');
    await this.answers(userId, quiz, false); // drops expired progress first
    const { db } = this.deps.database;
    await db
      .insert(quizAnswers)
      .values({
        userId,
        quizId,
        questionId,
        selectedIndex: optionIndex,
        isCorrect: question.options[optionIndex]?.isCorrect === true,
        answeredAt: new Date(this.deps.now()),
      })
      .onConflictDoNothing();
    const rows = await this.answers(userId, quiz, false);
    const locked = rows.find((row) => row.questionId === questionId);
    if (!locked) return failed('request/conflict');
    const progress = this.progressOf(quiz, task?.id ?? null, rows, false);
    if (locked.selectedIndex !== optionIndex) {
      return failed('quiz/answer-locked', undefined, { ...revealed(quiz, locked), progress });
    }
    return { ok: true, value: { ...revealed(quiz, locked), progress } };
  }
}
