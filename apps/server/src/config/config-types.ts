/** Which players' money changes wait for each other: one queue per player, or one for all (benchmarks only). */
export type LockScope = 'player' | 'global';

/** REST rate limits: calls per window, per player by kind and per address (D-HARDEN-2). */
export interface RestRateLimits {
  windowSeconds: number;
  reads: number;
  writes: number;
  purchases: number;
  address: number;
}

/** A socket's message budget (the socket dispatcher applies it). */
export interface SocketRateLimit {
  /** Messages a socket may send per second, sustained. */
  perSecond: number;
  /** Messages it may send in one burst. */
  burst: number;
  /** Seconds with refused messages, within 10 s, after which the socket is disconnected. */
  disconnectAfterSeconds: number;
}

/** The server's configuration, as `loadConfig` reads it once from the environment (config.ts). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A direct connection for the boot lock when DATABASE_URL is a pooler (D-CLUSTER-3); else DATABASE_URL. */
  databaseDirectUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Cluster mode (decisions: D-CLUSTER-1): every process started with the same REDIS_URL and
   * DATABASE_URL is one game. Unset: one process, as before.
   */
  redisUrl: string | undefined;
  /** Where the REST rate-limit counts are shared (RATE_LIMIT_REDIS_URL, else REDIS_URL; D-CLUSTER-2). */
  rateLimitRedisUrl: string | undefined;
  /** Prefix of every Redis key and channel the cluster uses (tests give each run its own). */
  clusterKeyPrefix: string;
  /** The bot token used to check init data. In development mode it is the development token. */
  botToken: string;
  /** True when no real bot token is configured: the server signs development init data itself. */
  devMode: boolean;
  telegramApiRoot: string;
  /**
   * `test` for a bot of Telegram's test environment (TELEGRAM_TEST_ENVIRONMENT=true): the Bot API
   * is then called at `<root>/bot<token>/test/<method>` (test Stars, D-STARS-14).
   */
  telegramEnvironment: 'prod' | 'test';
  publicUrl: string | undefined;
  /**
   * The bot's webhook secret: Telegram sends it as X-Telegram-Bot-Api-Secret-Token. Without it
   * the bot (POST /telegram/webhook) is not mounted and Stars invoices cannot be paid.
   */
  telegramWebhookSecret: string | undefined;
  /** Base URL of the TON HTTP API (toncenter v3 wire format). */
  tonApiRoot: string;
  tonApiKey: string | undefined;
  /** The wallet TON payments go to; paying with TON is off without it. */
  tonWalletAddress: string | undefined;
  botUsername: string | undefined;
  miniAppName: string | undefined;
  authMaxAgeSeconds: number;
  logLevel: string;
  tapFlushIntervalMs: number;
  webDistDir: string;
  catalogueDir: string;
  /** The web app's public folder, where catalogue art lives; the loader checks every picture exists. */
  artDir: string | null;
  uploadsDir: string;
  /**
   * Where uploaded files live (decisions: D-CLUSTER-20): `disk` (DATA_DIR/uploads, one process's
   * machine) or `database` (uploads.content, readable by every process). A cluster needs `database`.
   */
  uploadStore: UploadStore;
  shutdownTimeoutMs: number;
  /** SIGTERM: how long running battles may play on before the app closes anyway (D-CLUSTER-11). */
  drainTimeoutMs: number;
  /** Enables GET /metrics for holders of this bearer token. */
  metricsToken: string | undefined;
  /** Enables the operator's POST /admin/ban and /admin/unban (npm run ban) for this bearer token. */
  adminToken: string | undefined;
  /** A request (headers and body) that has not arrived whole after this is answered 408 and closed. */
  requestTimeoutMs: number;
  /** Fastify's trustProxy: whose X-Forwarded-For decides `request.ip` (decisions: D-HARDEN-5). */
  trustProxy: false | number | string;
  /** Uploads of all players together in any hour (decisions: D-UPLOAD-2). */
  uploadsPerHourTotal: number;
  /** Messages one socket may send (decisions: D-SOCKET-2). */
  socketRateLimit: SocketRateLimit;
  /** `global` only to measure what per-player queues save (bench:taps); production is `player`. */
  moneyLockScope: LockScope;
  /** The third-party game feed the Games tab shows; none: the tab's empty state. */
  gamesFeedUrl: string | undefined;
  /** Adsgram's rewarded block (public) and the secret in its Reward URL (decisions: D-QUEST-6). */
  adsgramBlockId: string | undefined;
  adsgramRewardSecret: string | undefined;
  /** REST calls per window, per player by kind and per address (decisions: D-HARDEN-2). */
  rateLimits: RestRateLimits;
  /** Messages one player may send across all their sockets (D-HARDEN-2). */
  socketPlayerRateLimit: { perSecond: number; burst: number };
  /** How often the leaderboard snapshot is rebuilt, in ms; 0: only at start-up (decisions: D-LB-1). */
  leaderboardRefreshMs: number;
  /** Bot reminders sent per second by the whole cluster (BR9, D-REMIND-2); Telegram allows about 30. */
  reminderRatePerSecond: number;
  /** Arena timings (decisions D-BATTLE-1, D-BATTLE-2, D-BATTLE-6, D-BATTLE-7). */
  battle: BattleTimings;
  /** Cluster timings (decisions D-CLUSTER-14, D-CLUSTER-18); tests shorten them. */
  cluster: ClusterTimings;
  /** The fast paths behind apps/server/src/platform/ that are on; the rest take the stock way (D-PLATFORM-1). */
  fastPaths: ReadonlySet<FastPath>;
}

/** Each fast path that reaches into a library's internals, switched by FAST_PATHS (D-PLATFORM-1). */
export const FAST_PATH_NAMES = [
  'direct-receive',
  'direct-send',
  'quick-check',
  'pglite-statements',
  'adapter-broadcast',
] as const;
export type FastPath = (typeof FAST_PATH_NAMES)[number];

export type UploadStore = 'disk' | 'database';

export interface BattleTimings {
  introMs: number;
  botSetupMs: number;
  timeLimitMs: number;
  rejoinGraceMs: number;
  botOfferMs: number;
  readyCheckMs: number;
}

export interface ClusterTimings {
  /** How often a process renews its heartbeat. */
  heartbeatMs: number;
  /** How long a process counts as alive after its last heartbeat. */
  heartbeatTtlMs: number;
  /** How often the Arena's sweeper looks for dead hosts' battles and queue entries. */
  sweepMs: number;
}
