import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Api } from 'grammy';
import { BoostService } from '../boosts/boost-service.ts';
import { createBot } from '../bot/create-bot.ts';
import type { Config } from '../config/config.ts';
import { type Clock, systemScheduler } from '../core/clock.ts';
import { normalizeTonAddress } from '../core/ton-address.ts';
import type { Database } from '../db/database.ts';
import { LeaderboardService } from '../leaderboard/leaderboard-service.ts';
import { MarketplaceService } from '../marketplace/marketplace-service.ts';
import type { GameMetrics } from '../metrics/game-metrics.ts';
import { BalanceGateway } from '../money/balance-gateway.ts';
import { AdService } from '../quests/ad-service.ts';
import { DailyRewardService } from '../quests/daily-reward-service.ts';
import { GamesFeed } from '../quests/games-feed.ts';
import type { QuestRoutesDeps } from '../quests/quest-routes.ts';
import { QuizService } from '../quests/quiz-service.ts';
import { TaskService } from '../quests/task-service.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import { ReferralService } from '../referrals/referral-service.ts';
import { createReminders, type Reminders } from '../reminders/reminders-setup.ts';
import { StarsService } from '../stars/stars-service.ts';
import { createTonClient } from '../stars/ton-client.ts';
import { TapEngine } from '../taps/tap-engine.ts';
import { UploadJanitor } from '../uploads/upload-janitor.ts';
import { defaultUploadLimits, UploadGate } from '../uploads/upload-limits.ts';
import { UploadService } from '../uploads/upload-service.ts';
import { UserService } from '../users/user-service.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { Lifecycle } from './lifecycle.ts';

export interface GameServicesOptions {
  config: Config;
  logger: FastifyBaseLogger;
  now: Clock;
  infra: Infrastructure;
  lifecycle: Lifecycle;
  gameMetrics: GameMetrics | null;
}

/** The services behind the REST routes, each given its collaborators and the app's clock. */
export function createGameServices({
  config,
  logger,
  now,
  infra,
  lifecycle,
  gameMetrics,
}: GameServicesOptions) {
  const { database, cluster, ownership } = infra;
  const engine = new TapEngine({
    database,
    logger,
    flushIntervalMs: config.tapFlushIntervalMs,
    now,
    observer: gameMetrics?.tapObserver,
    sessionsForgottenByCluster: cluster !== null,
    ownership,
  });
  ownership?.serve(engine);
  // A process paused past its heartbeat lets go of the players others took meanwhile.
  infra.liveness?.onLapse(() => engine.afterLapse());
  // The flush writes every pending tap before the database closes (registered after it).
  lifecycle.add('tap engine', () => engine.close());
  const users = new UserService({ database, live: engine, now });
  const gateway = new BalanceGateway({
    database,
    engine,
    logger,
    now,
    lockScope: config.moneyLockScope,
    onCommitted: gameMetrics?.onBalanceChanges,
    ownership,
  });
  const stars = createStars(config, { database, gateway, now, logger });
  const reminders = createReminders({ config, database, cluster, now, logger, gameMetrics });
  const quests = createQuests(config, { database, gateway, now, logger, users, reminders });
  // The socket server is created after the routes; referral pushes reach it through this late binding.
  const pushes: { realtime?: Realtime } = {};
  const referrals = new ReferralService({
    database,
    gateway,
    realtime: { toUser: (userId, event, payload) => pushes.realtime?.toUser(userId, event, payload) },
    logger,
    now,
    reminders: reminders.service,
  });
  const leaderboard = new LeaderboardService({
    database,
    logger,
    now,
    refreshMs: config.leaderboardRefreshMs,
  });
  lifecycle.add('leaderboard', () => leaderboard.close());
  const { uploads, uploadJanitor } = createUploads(config, { database, now, logger });
  lifecycle.add('upload janitor', () => uploadJanitor.stop());
  return {
    engine,
    users,
    gateway,
    boosts: new BoostService({ database, gateway, live: engine, now }),
    stars,
    bot: config.telegramWebhookSecret ? createBot({ config, logger, stars, reminders }) : null,
    quests,
    marketplace: new MarketplaceService({ database, gateway, now }),
    referrals,
    reminders,
    leaderboard,
    uploads,
    uploadJanitor,
    /** Binds the socket server for the pushes of services built before it. */
    bindRealtime(realtime: Realtime) {
      pushes.realtime = realtime;
    },
  };
}

export type GameServices = ReturnType<typeof createGameServices>;

/** Stars: invoices need the webhook (only successful_payment credits), TON needs a wallet. */
function createStars(
  config: Config,
  deps: Pick<ConstructorParameters<typeof StarsService>[0], 'database' | 'gateway' | 'now' | 'logger'>,
): StarsService {
  const tonWallet = config.tonWalletAddress ? normalizeTonAddress(config.tonWalletAddress) : null;
  return new StarsService({
    ...deps,
    payments: config.telegramWebhookSecret
      ? new Api(config.botToken, { apiRoot: config.telegramApiRoot, environment: config.telegramEnvironment })
      : null,
    // D-STARS-14: never with a bot token (devMode is false then).
    developmentInvoices: config.devMode && !config.telegramWebhookSecret,
    ton: tonWallet
      ? {
          client: createTonClient({ apiRoot: config.tonApiRoot, apiKey: config.tonApiKey }),
          wallet: tonWallet,
        }
      : null,
  });
}

/** The Quest Board's services: tasks, quizzes, daily rewards, the games feed and rewarded ads. */
function createQuests(
  config: Config,
  deps: {
    database: Database;
    gateway: BalanceGateway;
    now: Clock;
    logger: FastifyBaseLogger;
    users: UserService;
    reminders: Reminders;
  },
): QuestRoutesDeps {
  const { database, gateway, now, logger, users, reminders } = deps;
  const tasks = new TaskService({ database, gateway, now });
  return {
    tasks,
    quizzes: new QuizService({ database, tasks, now }),
    daily: new DailyRewardService({ database, gateway, now, reminders: reminders.service }),
    games: new GamesFeed({ url: config.gamesFeedUrl, logger, now }),
    ads: new AdService({
      database,
      gateway,
      now,
      blockId: config.adsgramBlockId,
      rewardSecret: config.adsgramRewardSecret,
    }),
    users,
  };
}

/** Uploaded pictures and the janitor that removes expired ones. */
function createUploads(config: Config, deps: { database: Database; now: Clock; logger: FastifyBaseLogger }) {
  const { database, now, logger } = deps;
  const incomingDir = path.join(config.dataDir, 'uploads-incoming');
  const uploads = new UploadService({
    database,
    gate: new UploadGate(database, defaultUploadLimits(config.uploadsPerHourTotal), now),
    store: config.uploadStore,
    uploadsDir: config.uploadsDir,
    incomingDir,
    now,
  });
  const uploadJanitor = new UploadJanitor({
    database,
    uploadsDir: config.uploadsDir,
    incomingDir,
    logger,
    scheduler: systemScheduler(now),
  });
  return { uploads, uploadJanitor };
}
