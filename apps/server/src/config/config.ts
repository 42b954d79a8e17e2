import path from 'node:path';
import {
  BATTLE_INTRO_MS,
  BATTLE_REJOIN_GRACE_MS,
  BATTLE_TIME_LIMIT_MS,
  BOT_SETUP_DELAY_MS,
  DEFAULT_AUTH_MAX_AGE_SECONDS,
  DEFAULT_LEADERBOARD_REFRESH_SECONDS,
  DEFAULT_RATE_LIMIT_ADDRESS,
  DEFAULT_RATE_LIMIT_PURCHASES,
  DEFAULT_RATE_LIMIT_READS,
  DEFAULT_RATE_LIMIT_WINDOW_SECONDS,
  DEFAULT_RATE_LIMIT_WRITES,
  DEFAULT_REMINDER_RATE_PER_SECOND,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SOCKET_FLOOD_DISCONNECT_SECONDS,
  DEFAULT_SOCKET_MESSAGE_BURST,
  DEFAULT_SOCKET_MESSAGES_PER_SECOND,
  DEFAULT_SOCKET_PLAYER_MESSAGE_BURST,
  DEFAULT_SOCKET_PLAYER_MESSAGES_PER_SECOND,
  DEFAULT_TAP_FLUSH_INTERVAL_MS,
  DEFAULT_UPLOADS_PER_HOUR_TOTAL,
  MATCHMAKING_BOT_OFFER_MS,
  READY_CHECK_MS,
} from '@titans/shared/constants';
import { z } from 'zod';
import { normalizeTonAddress } from '../core/ton-address.ts';
import { type Config, FAST_PATH_NAMES, type FastPath } from './config-types.ts';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** FAST_PATHS: `on` (every one), `off` (none: stock libraries only), or the names of those on. */
function fastPaths(text: string, context: z.RefinementCtx): ReadonlySet<FastPath> {
  const value = text.trim().toLowerCase();
  if (value === 'on') return new Set(FAST_PATH_NAMES);
  if (value === 'off') return new Set();
  const names = new Set<FastPath>();
  for (const entry of value.split(',')) {
    const name = FAST_PATH_NAMES.find((known) => known === entry.trim());
    if (name) names.add(name);
    else context.addIssue({ code: 'custom', message: `must be on, off or of ${FAST_PATH_NAMES.join(', ')}` });
  }
  return names;
}
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/** Proxies on these networks may say who the client is (X-Forwarded-For); decisions D-HARDEN-5. */
export const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_ADDRESS = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

/**
 * Which hops' X-Forwarded-For the server believes: `false`, a number of hops, or proxy addresses,
 * CIDR ranges and the names loopback, linklocal, uniquelocal. `true` is refused: believing every
 * hop lets any client pick its own address and escape the per-address limit.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .default(DEFAULT_TRUST_PROXY)
    .transform((value, context): false | number | string => {
      const text = value.trim().toLowerCase();
      if (text === 'false') return false;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim());
      if (text !== 'true' && entries.every((entry) => PROXY_NAMES.has(entry) || PROXY_ADDRESS.test(entry)))
        return entries.join(',');
      context.addIssue({
        code: 'custom',
        message:
          "must be false, a number of proxy hops, or the proxies' addresses/CIDR ranges (loopback, linklocal, uniquelocal allowed); true would let any client choose its address",
      });
      return z.NEVER;
    }),
);

function limitVar(fallback: number, max = 10_000_000) {
  return z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(max).default(fallback));
}

/** The environment variables Titans reads, with their defaults. README's configuration table lists them. */
const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl,
  DATABASE_DIRECT_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  REDIS_URL: optionalUrl,
  RATE_LIMIT_REDIS_URL: optionalUrl,
  CLUSTER_KEY_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'use 1–64 letters, digits, _ : . or -')
      .default('titans:'),
  ),
  TELEGRAM_BOT_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]+$/, 'must look like 123456:ABC-DEF (the token BotFather gives)')
      .optional(),
  ),
  TELEGRAM_API_ROOT: z.preprocess(emptyAsUndefined, z.url().default('https://api.telegram.org')),
  TELEGRAM_TEST_ENVIRONMENT: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  PUBLIC_URL: optionalUrl,
  TELEGRAM_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'use 16–256 letters, digits, _ or - (Telegram secret_token)')
      .optional(),
  ),
  TON_API_ROOT: z.preprocess(emptyAsUndefined, z.url().default('https://toncenter.com')),
  TON_API_KEY: optionalString,
  TON_WALLET_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => normalizeTonAddress(value) !== null, 'must be a TON address (EQ…/UQ… or 0:hex)')
      .optional(),
  ),
  BOT_USERNAME: optionalString,
  MINI_APP_NAME: optionalString,
  AUTH_MAX_AGE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(DEFAULT_AUTH_MAX_AGE_SECONDS),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TAP_FLUSH_INTERVAL_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).max(250).default(DEFAULT_TAP_FLUSH_INTERVAL_MS),
  ),
  WEB_DIST_DIR: optionalString,
  CATALOGUE_DIR: optionalString,
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'use at least 16 characters').optional()),
  ADMIN_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'use at least 16 characters').optional()),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),
  DRAIN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(120_000)),
  TRUST_PROXY: trustProxy,
  REQUEST_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(600_000).default(DEFAULT_REQUEST_TIMEOUT_MS),
  ),
  UPLOAD_STORE: z.preprocess(emptyAsUndefined, z.enum(['disk', 'database']).optional()),
  UPLOADS_PER_HOUR_TOTAL: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(DEFAULT_UPLOADS_PER_HOUR_TOTAL),
  ),
  SOCKET_MESSAGES_PER_SECOND: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_SOCKET_MESSAGES_PER_SECOND),
  ),
  SOCKET_MESSAGE_BURST: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_SOCKET_MESSAGE_BURST),
  ),
  SOCKET_FLOOD_DISCONNECT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(10).default(DEFAULT_SOCKET_FLOOD_DISCONNECT_SECONDS),
  ),
  LEADERBOARD_REFRESH_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().min(0).max(86_400).default(DEFAULT_LEADERBOARD_REFRESH_SECONDS),
  ),
  MONEY_LOCK_SCOPE: z.preprocess(emptyAsUndefined, z.enum(['player', 'global']).default('player')),
  FAST_PATHS: z.preprocess(emptyAsUndefined, z.string().default('on').transform(fastPaths)),
  GAMES_FEED_URL: optionalUrl,
  ADSGRAM_BLOCK_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(int-)?\d+$/, "must be Adsgram's rewarded block id (digits, or int-digits)")
      .optional(),
  ),
  ADSGRAM_REWARD_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'use at least 16 characters').optional(),
  ),
  RATE_LIMIT_WINDOW_SECONDS: limitVar(DEFAULT_RATE_LIMIT_WINDOW_SECONDS, 3_600),
  RATE_LIMIT_READS: limitVar(DEFAULT_RATE_LIMIT_READS),
  RATE_LIMIT_WRITES: limitVar(DEFAULT_RATE_LIMIT_WRITES),
  RATE_LIMIT_PURCHASES: limitVar(DEFAULT_RATE_LIMIT_PURCHASES),
  RATE_LIMIT_ADDRESS: limitVar(DEFAULT_RATE_LIMIT_ADDRESS),
  REMINDER_RATE_PER_SECOND: limitVar(DEFAULT_REMINDER_RATE_PER_SECOND, 100_000),
  SOCKET_PLAYER_MESSAGES_PER_SECOND: limitVar(DEFAULT_SOCKET_PLAYER_MESSAGES_PER_SECOND),
  SOCKET_PLAYER_MESSAGE_BURST: limitVar(DEFAULT_SOCKET_PLAYER_MESSAGE_BURST),
  // Arena timings (defaults are the spec's and docs/decisions.md D-BATTLE-*; browser tests shorten them).
  BATTLE_INTRO_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(BATTLE_INTRO_MS)),
  BATTLE_BOT_SETUP_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(BOT_SETUP_DELAY_MS),
  ),
  BATTLE_TIME_LIMIT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1_000).default(BATTLE_TIME_LIMIT_MS),
  ),
  BATTLE_REJOIN_GRACE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).default(BATTLE_REJOIN_GRACE_MS),
  ),
  MATCHMAKING_BOT_OFFER_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1_000).default(MATCHMAKING_BOT_OFFER_MS),
  ),
  READY_CHECK_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1_000).default(READY_CHECK_MS)),
  // Cluster timings (defaults are decisions D-CLUSTER-14 and D-CLUSTER-18; the cluster tests shorten them).
  CLUSTER_HEARTBEAT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(20).default(1_000)),
  CLUSTER_HEARTBEAT_TTL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).default(3_000)),
  CLUSTER_SWEEP_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(50).default(2_000)),
});

export type { BattleTimings, ClusterTimings, Config, UploadStore } from './config-types.ts';

/**
 * The token that signs development init data. It is public on purpose: development mode is
 * only possible when no real token is configured, so nothing it signs is ever trusted in production.
 */
export const DEV_BOT_TOKEN = '1000000:titans-development-token-not-for-production';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Settings a cluster (REDIS_URL) cannot run with (decisions: D-CLUSTER-1, D-CLUSTER-20). */
function refuseForCluster(values: z.infer<typeof envSchema>) {
  if (!values.REDIS_URL) return;
  const problems: string[] = [];
  if (!values.DATABASE_URL)
    problems.push(
      'REDIS_URL: A cluster (REDIS_URL) needs PostgreSQL: set DATABASE_URL; PGlite serves one process',
    );
  if (values.CLUSTER_HEARTBEAT_TTL_MS < 2 * values.CLUSTER_HEARTBEAT_MS)
    problems.push(
      'CLUSTER_HEARTBEAT_TTL_MS: must be at least twice CLUSTER_HEARTBEAT_MS, or one late beat makes a live process look dead',
    );
  if (values.UPLOAD_STORE === 'disk')
    problems.push(
      "UPLOAD_STORE: disk keeps each upload on one process's machine; a cluster (REDIS_URL) needs UPLOAD_STORE=database (or leave it unset)",
    );
  if (problems.length > 0) throw new ConfigError(problems);
}

/** Parses the environment once at start-up; throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  refuseForCluster(values);
  const devMode = values.TELEGRAM_BOT_TOKEN === undefined;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databaseDirectUrl: values.DATABASE_URL ? (values.DATABASE_DIRECT_URL ?? values.DATABASE_URL) : undefined,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    redisUrl: values.REDIS_URL,
    rateLimitRedisUrl: values.RATE_LIMIT_REDIS_URL ?? values.REDIS_URL,
    clusterKeyPrefix: values.CLUSTER_KEY_PREFIX,
    botToken: values.TELEGRAM_BOT_TOKEN ?? DEV_BOT_TOKEN,
    devMode,
    telegramApiRoot: values.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
    telegramEnvironment: values.TELEGRAM_TEST_ENVIRONMENT === 'true' ? 'test' : 'prod',
    publicUrl: values.PUBLIC_URL,
    telegramWebhookSecret: values.TELEGRAM_WEBHOOK_SECRET,
    tonApiRoot: values.TON_API_ROOT.replace(/\/+$/, ''),
    tonApiKey: values.TON_API_KEY,
    tonWalletAddress: values.TON_WALLET_ADDRESS,
    botUsername: values.BOT_USERNAME,
    miniAppName: values.MINI_APP_NAME,
    authMaxAgeSeconds: values.AUTH_MAX_AGE_SECONDS,
    logLevel: values.LOG_LEVEL,
    tapFlushIntervalMs: values.TAP_FLUSH_INTERVAL_MS,
    webDistDir: path.resolve(values.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    catalogueDir: path.resolve(values.CATALOGUE_DIR ?? path.join(repoRoot, 'catalogue')),
    artDir: path.join(repoRoot, 'apps/web/public'),
    uploadsDir: path.join(dataDir, 'uploads'),
    uploadStore: values.UPLOAD_STORE ?? (values.REDIS_URL ? 'database' : 'disk'),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    drainTimeoutMs: values.DRAIN_TIMEOUT_MS,
    metricsToken: values.METRICS_TOKEN,
    adminToken: values.ADMIN_TOKEN,
    requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
    trustProxy: values.TRUST_PROXY,
    uploadsPerHourTotal: values.UPLOADS_PER_HOUR_TOTAL,
    socketRateLimit: {
      perSecond: values.SOCKET_MESSAGES_PER_SECOND,
      burst: values.SOCKET_MESSAGE_BURST,
      disconnectAfterSeconds: values.SOCKET_FLOOD_DISCONNECT_SECONDS,
    },
    moneyLockScope: values.MONEY_LOCK_SCOPE,
    gamesFeedUrl: values.GAMES_FEED_URL,
    adsgramBlockId: values.ADSGRAM_BLOCK_ID,
    adsgramRewardSecret: values.ADSGRAM_REWARD_SECRET,
    rateLimits: {
      windowSeconds: values.RATE_LIMIT_WINDOW_SECONDS,
      reads: values.RATE_LIMIT_READS,
      writes: values.RATE_LIMIT_WRITES,
      purchases: values.RATE_LIMIT_PURCHASES,
      address: values.RATE_LIMIT_ADDRESS,
    },
    socketPlayerRateLimit: {
      perSecond: values.SOCKET_PLAYER_MESSAGES_PER_SECOND,
      burst: values.SOCKET_PLAYER_MESSAGE_BURST,
    },
    reminderRatePerSecond: values.REMINDER_RATE_PER_SECOND,
    leaderboardRefreshMs: Math.round(values.LEADERBOARD_REFRESH_SECONDS * 1000),
    fastPaths: values.FAST_PATHS,
    ...periods(values),
  };
}

/** The Arena's timings and the cluster's heartbeat, TTL and sweeper periods. */
function periods(values: z.infer<typeof envSchema>): Pick<Config, 'battle' | 'cluster'> {
  return {
    battle: {
      introMs: values.BATTLE_INTRO_MS,
      botSetupMs: values.BATTLE_BOT_SETUP_MS,
      timeLimitMs: values.BATTLE_TIME_LIMIT_MS,
      rejoinGraceMs: values.BATTLE_REJOIN_GRACE_MS,
      botOfferMs: values.MATCHMAKING_BOT_OFFER_MS,
      readyCheckMs: values.READY_CHECK_MS,
    },
    cluster: {
      heartbeatMs: values.CLUSTER_HEARTBEAT_MS,
      heartbeatTtlMs: values.CLUSTER_HEARTBEAT_TTL_MS,
      sweepMs: values.CLUSTER_SWEEP_MS,
    },
  };
}
