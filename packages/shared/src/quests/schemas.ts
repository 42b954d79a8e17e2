import { z } from 'zod';
import { userRefSchema } from '../auth/telegram-user-id.ts';

/*
 * The Quest Board's wire ("Tasks, quizzes, rewards"): tasks, quizzes, daily
 * rewards, the game feed and Play & Earn. Bodies are strict: an unknown field is a 400.
 */

const telegramUserId = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().positive()]);
const entityId = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'an id');

export const CLIENT_TASK_TYPES = ['quiz', 'community', 'watch_and_earn', 'daily'] as const;
export const taskTypeParamsSchema = z.strictObject({ type: z.enum(CLIENT_TASK_TYPES) });

/** A task as the client sees it: the catalogue's fields plus this player's state. */
export const taskViewSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(CLIENT_TASK_TYPES),
  reward_points: z.number().int(),
  metadata: z.object({
    task_url: z.string().optional(),
    link: z.string().optional(),
    quizId: z.string().optional(),
    image_url: z.string().optional(),
    /** Q2: seconds a visit must last (10 unless the task says otherwise). */
    required_time: z.number().int(),
    /** Quizzes: how many questions, and how many this player answered. */
    questions: z.number().int().optional(),
    answered: z.number().int().optional(),
  }),
  /** available, started (a visit the server saw start), in_progress (a quiz), completed. */
  status: z.enum(['available', 'started', 'in_progress', 'completed']),
  completed: z.boolean(),
  /** When the server recorded the visit's start (ISO), for a started task. */
  started_at: z.string().nullable(),
  /** The reward credited, once completed. */
  reward_earned: z.number().int().nullable(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

/** GET /task/stats/{id}. */
export const taskStatsSchema = z.object({
  totalCoinsEarned: z.number().int(),
  totalQuizzesCompleted: z.number().int(),
  totalCompletedTasks: z.number().int(),
});
export type TaskStats = z.infer<typeof taskStatsSchema>;

/** PUT /task/complete. */
export const completeTaskBodySchema = z.strictObject({
  telegramUserId,
  taskId: entityId,
});

export const completedTaskSchema = z.object({
  task_id: z.string(),
  title: z.string(),
  type: z.enum(CLIENT_TASK_TYPES),
  reward: z.number().int(),
  coins: z.number().int(),
  /** Quizzes: the server's score. */
  score: z
    .object({ correct: z.number().int(), total: z.number().int(), percent: z.number().int() })
    .optional(),
});
export type CompletedTask = z.infer<typeof completedTaskSchema>;

/** PUT /task/track-progress: an external visit's timing, or a quiz's completion. */
export const trackProgressBodySchema = z.strictObject({
  telegram_user_id: telegramUserId,
  task_id: entityId,
  metadata: z
    .strictObject({
      time_spent: z.number().nonnegative().optional(),
      required_time: z.number().nonnegative().optional(),
      completed: z.boolean().optional(),
      action: z.literal('complete').optional(),
      quiz: z
        .strictObject({
          quizId: entityId,
          score: z.number().min(0).max(100),
          completed: z.boolean(),
        })
        .optional(),
    })
    .default({}),
  status: z.enum(['started', 'completed']).optional(),
});

export const trackedProgressSchema = z.object({
  task_id: z.string(),
  status: z.enum(['available', 'started', 'in_progress', 'completed']),
  started_at: z.string().nullable(),
  required_time: z.number().int(),
  /** Seconds since the server recorded the start. */
  elapsed_seconds: z.number().int(),
});
export type TrackedProgress = z.infer<typeof trackedProgressSchema>;

/** The task-completed popup's pending completion, kept by the server. */
export const pendingCompletionSchema = z
  .object({ task_id: z.string(), title: z.string(), reward: z.number().int() })
  .nullable();
export type PendingCompletion = NonNullable<z.infer<typeof pendingCompletionSchema>>;
export const acknowledgeCompletionBodySchema = z.strictObject({ task_id: entityId });
/** The acknowledgement's answer: no data. */
export const acknowledgedCompletionSchema = z.null();

// --- Quizzes ---------------------------------------------------------------------------------

/** GET /quiz/{id}: the questions and their options, never which option is correct (Q3). */
export const quizViewSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(
    z.object({
      _id: z.string(),
      question: z.string(),
      options: z.array(z.strictObject({ text: z.string() })),
    }),
  ),
});
export type QuizView = z.infer<typeof quizViewSchema>;

/** One locked answer, revealed: right or wrong, the right option and the explanation. */
export const lockedAnswerSchema = z.object({
  question_id: z.string(),
  selected_index: z.number().int(),
  is_correct: z.boolean(),
  correct_index: z.number().int(),
  explanation: z.string().nullable(),
});
export type LockedAnswer = z.infer<typeof lockedAnswerSchema>;

/** GET /quiz/{id}/progress: this player's locked answers (Q4: kept 7 days, on the server). */
export const quizProgressSchema = z.object({
  quiz_id: z.string(),
  task_id: z.string().nullable(),
  answers: z.array(lockedAnswerSchema),
  correct: z.number().int(),
  total: z.number().int(),
  started_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  completed: z.boolean(),
});
export type QuizProgress = z.infer<typeof quizProgressSchema>;

/** POST /quiz/{id}/answer (decisions: D-QUEST-3): locks one answer. */
export const answerQuizBodySchema = z.strictObject({
  question_id: entityId,
  option_index: z.number().int().min(0).max(20),
});
export const answerResultSchema = lockedAnswerSchema.extend({ progress: quizProgressSchema });
export type AnswerResult = z.infer<typeof answerResultSchema>;

// --- Daily rewards ---------------------------------------------------------------------------

export const dailyRewardSchema = z.object({
  _id: z.string(),
  day: z.number().int(),
  reward_type: z.enum(['coins', 'item']),
  amount: z.number().int(),
  item_id: z.object({ _id: z.string(), name: z.string() }).nullable(),
  name: z.string(),
  image_url: z.string(),
});
export type DailyReward = z.infer<typeof dailyRewardSchema>;

/** This player's streak, from their claim records (Q5). */
export const dailyStateSchema = z.object({
  today: z.string(),
  current_streak: z.number().int(),
  last_claimed_date: z.string().nullable(),
  claimed_today: z.boolean(),
  /** The streak day today's claim is (or was) for. */
  today_day: z.number().int(),
  /** The streak days claimed in the current streak. */
  claimed_days: z.array(z.number().int()),
  /** When the next claim opens (the next UTC midnight), ISO. */
  next_claim_at: z.string(),
});
export type DailyState = z.infer<typeof dailyStateSchema>;

/** GET /daily-rewards (success envelope, data.rewards; data.state added). */
export const dailyRewardsViewSchema = z.object({
  rewards: z.array(dailyRewardSchema),
  state: dailyStateSchema,
});
export type DailyRewardsView = z.infer<typeof dailyRewardsViewSchema>;

export const rewardParamsSchema = z.strictObject({ id: z.string().regex(/^day-\d{1,2}$/) });
/** POST /reward/claim/{id}: `user_id` is the caller's Telegram id or account id (D-AUTH-7). */
export const claimRewardBodySchema = z.strictObject({ user_id: userRefSchema });
export const claimedRewardSchema = z.object({
  reward_type: z.enum(['coins', 'item']),
  amount: z.number().int(),
  current_streak: z.number().int(),
  reward_id: z.string(),
  name: z.string(),
  image_url: z.string(),
  coins: z.number().int(),
});
export type ClaimedReward = z.infer<typeof claimedRewardSchema>;

// --- Games feed ------------------------------------------------------------------------------

/** External game feed entry. */
export const gameEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  thumb: z.string(),
  url: z.string(),
});
export type GameEntry = z.infer<typeof gameEntrySchema>;
export const gamesQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const gamesPageSchema = z.object({
  page: z.number().int(),
  games: z.array(gameEntrySchema),
  /** False when no feed is configured. */
  configured: z.boolean(),
});
export type GamesPage = z.infer<typeof gamesPageSchema>;

// --- Play & Earn (rewarded ads) ----------------------------------------------------------------

/** GET /ads/status: the public ad configuration and today's allowance (D-QUEST-6). */
export const adStatusSchema = z.object({
  provider: z.literal('adsgram'),
  block_id: z.string().nullable(),
  reward_coins: z.number().int(),
  per_day: z.number().int(),
  remaining_today: z.number().int(),
});
export type AdStatus = z.infer<typeof adStatusSchema>;

/** What an ad view is for: Play & Earn, or a defeat's video recovery (rules Q9). */
export const AD_VIEW_PURPOSES = ['play', 'battle-recovery'] as const;
export type AdViewPurpose = (typeof AD_VIEW_PURPOSES)[number];

export const adViewSchema = z.object({
  view_id: z.string(),
  status: z.enum(['pending', 'rewarded', 'expired']),
  reward: z.number().int(),
  purpose: z.enum(AD_VIEW_PURPOSES),
  /** The defeat a recovery view is for; null for Play & Earn. */
  battle_id: z.string().nullable(),
});
export type AdView = z.infer<typeof adViewSchema>;

/**
 * POST /ads/views: no body (or `{purpose: 'play'}`) starts a Play & Earn view;
 * `{purpose: 'battle-recovery', battle_id}` a video recovery of that defeat (D-QUEST-9).
 */
export const startAdViewBodySchema = z.discriminatedUnion('purpose', [
  z.strictObject({ purpose: z.literal('play') }),
  z.strictObject({ purpose: z.literal('battle-recovery'), battle_id: z.uuid() }),
]);
export type StartAdViewBody = z.infer<typeof startAdViewBodySchema>;
export const adViewParamsSchema = z.strictObject({ id: z.uuid() });

/** The ad network's reward callback (Adsgram's "Reward URL": GET with the Telegram id). */
export const adsgramRewardQuerySchema = z.strictObject({
  userid: z.string().regex(/^\d{1,20}$/),
  secret: z.string().min(1).max(200),
});
