import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserService } from '../users/user-service.ts';
import { adRoutes } from './ad-routes.ts';
import type { AdService } from './ad-service.ts';
import { dailyRewardRoutes } from './daily-reward-routes.ts';
import type { DailyRewardService } from './daily-reward-service.ts';
import type { GamesFeed } from './games-feed.ts';
import { gamesRoutes } from './games-routes.ts';
import { quizRoutes } from './quiz-routes.ts';
import type { QuizService } from './quiz-service.ts';
import { taskRoutes } from './task-routes.ts';
import type { TaskService } from './task-service.ts';

export interface QuestRoutesDeps {
  tasks: TaskService;
  quizzes: QuizService;
  daily: DailyRewardService;
  games: GamesFeed;
  ads: AdService;
  users: UserService;
}

/**
 * The Quest Board's calls (tasks, quizzes, rewards, plus the quiz answer, the popup's
 * pending completion, the game feed and Play & Earn of decisions D-QUEST-3..6), one module per area.
 */
export function questRoutes(deps: QuestRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(taskRoutes(deps));
    await app.register(quizRoutes(deps));
    await app.register(dailyRewardRoutes(deps));
    await app.register(gamesRoutes(deps));
    await app.register(adRoutes(deps));
  };
}
