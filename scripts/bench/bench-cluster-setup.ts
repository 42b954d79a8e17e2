/**
 * The three setups `npm run bench:cluster` compares, each on its own fresh PostgreSQL database
 * (so each one's backends are told apart) and with its own players: (A) one process reached
 * directly, (B) one process behind HAProxy, (C) two processes behind HAProxy with Redis. All are
 * started by the same LocalCluster, with the same server settings.
 */
import { PLAYER_ROUTE_HEADER } from '@titans/shared/cluster/player-route';
import { signInitData } from '../../apps/server/src/auth/init-data.ts';
import { LocalCluster } from '../cluster/local-cluster.ts';
import { type Identity, PlayerPool, type TapPace } from './bench-cluster-clients.ts';
import { type BenchDatabase, postgresBenchDatabase } from './bench-database.ts';
import { inPool } from './bench-users.ts';

export type SetupName = 'A' | 'B' | 'C' | 'A0' | 'C0';

export const SETUP_LABELS: Record<SetupName, string> = {
  A: 'one process, direct',
  B: 'one process behind HAProxy',
  C: 'two processes behind HAProxy, Redis',
  A0: 'floor: one bare socket.io echo, direct',
  C0: 'floor: two bare echoes behind HAProxy',
};

/**
 * The floor setups (`--floor`): the same harness, players and HAProxy in front of bare socket.io
 * echo servers (echo-server.ts: a tap answered, nothing else), so C0 / A0 is what splitting a
 * load over two processes behind the balancer costs on this machine whatever the server does.
 */
export function isFloor(name: SetupName): boolean {
  return name === 'A0' || name === 'C0';
}

export interface Setup {
  name: SetupName;
  cluster: LocalCluster;
  database: BenchDatabase;
  /** The database's name, to find its PostgreSQL backends. */
  databaseName: string;
  /** Where players connect: HAProxy, or the one server for A. */
  url: string;
  identities: Identity[];
  /** Players of other phases (PvP), checked for coins = ledger at the end. */
  otherPlayers: number[];
  pool: PlayerPool;
  /** Process ids per part, read at each window's ends (a restarted server has a new one). */
  pids(): { servers: number[]; haproxy: number[] };
}

export interface SetupOptions {
  adminUrl: string;
  redisUrl: string;
  keyPrefix: string;
  botToken: string;
  adminToken: string;
  flushMs: number;
  players: number;
  firstTelegramId: number;
  runTag: string;
  pace: TapPace;
  reconnectMs: number;
  /** C's processes (2 unless measuring the cluster code on one). */
  cProcesses: number;
  /** Each server writes a V8 CPU profile here when it stops. */
  cpuProfDir?: string;
}

/** Starts one setup's database and processes (players are registered and connected by `join`). */
export async function startSetup(name: SetupName, options: SetupOptions): Promise<Setup> {
  const database = await postgresBenchDatabase(options.adminUrl);
  const databaseUrl = database.serverEnv.DATABASE_URL ?? '';
  const cluster = await LocalCluster.start({
    processes: name === 'C' ? options.cProcesses : name === 'C0' ? 2 : 1,
    databaseUrl,
    ...(name === 'C' ? { redisUrl: options.redisUrl } : {}),
    ...(isFloor(name) ? { serverArgs: ['--import', 'tsx', 'scripts/bench/echo-server.ts'] } : {}),
    haproxy: name !== 'A' && name !== 'A0',
    ...(options.cpuProfDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] } : {}),
    env: {
      TELEGRAM_BOT_TOKEN: options.botToken,
      TAP_FLUSH_INTERVAL_MS: String(options.flushMs),
      CLUSTER_KEY_PREFIX: options.keyPrefix,
      // Every player of the bench comes from 127.0.0.1: lift the per-address REST limit only.
      RATE_LIMIT_ADDRESS: '10000000',
      // Phase E: PvP players get their stake from the operator API; battles start with no intro.
      ADMIN_TOKEN: options.adminToken,
      BATTLE_INTRO_MS: '0',
    },
  }).catch(async (error: unknown) => {
    await database.dispose();
    throw error;
  });
  const url = name === 'A' || name === 'A0' ? (cluster.servers[0]?.url ?? '') : cluster.url;
  const identities = Array.from({ length: options.players }, (_, index) => {
    const telegramId = options.firstTelegramId + index;
    return { telegramId, initData: signInitData({ id: telegramId, first_name: 'Bench' }, options.botToken) };
  });
  return {
    name,
    cluster,
    database,
    databaseName: new URL(databaseUrl).pathname.slice(1),
    url,
    identities,
    otherPlayers: [],
    pool: new PlayerPool(name, () => url, options.pace, options.reconnectMs),
    pids: () => ({
      servers: cluster.servers.map((server) => server.pid()),
      haproxy: cluster.haproxyPid() ? [cluster.haproxyPid()] : [],
    }),
  };
}

/**
 * The caller's REST call as the web app makes it: init data and the routing header (D-CLUSTER-12).
 * A 503 (HAProxy found no healthy process: on a saturated machine its health checks time out) is
 * tried again a few times, as a player's client would.
 */
async function call(setup: Setup, identity: Identity, method: string, route: string, body?: unknown) {
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${setup.url}${route}`, {
      method,
      headers: {
        authorization: `tma ${identity.initData}`,
        [PLAYER_ROUTE_HEADER]: String(identity.telegramId),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 503 || attempt >= 5) break;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${setup.name} ${method} ${route}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Registers players over REST with the first free hero selected; answers that hero's id. */
export async function registerPlayers(setup: Setup, identities: Identity[]): Promise<string> {
  const [first] = identities;
  if (!first) throw new Error('no players');
  await call(setup, first, 'POST', '/v1/user/register', { telegram_user_id: first.telegramId });
  const list = await call(setup, first, 'GET', '/v1/characters?is_free=true&limit=10');
  const characterId: unknown = list?.data?.characters?.[0]?._id;
  if (typeof characterId !== 'string') throw new Error('no free character in the catalogue');
  await inPool(identities, 8, async (identity) => {
    if (identity !== first)
      await call(setup, identity, 'POST', '/v1/user/register', { telegram_user_id: identity.telegramId });
    await call(setup, identity, 'POST', `/v1/user/${identity.telegramId}/select-character`, { characterId });
  });
  return characterId;
}

/** Registers the setup's tapping players and connects them. */
export async function join(setup: Setup, runTag: string): Promise<void> {
  // An echo has no accounts: its players only connect.
  if (!isFloor(setup.name)) await registerPlayers(setup, setup.identities);
  await setup.pool.connect(setup.identities, runTag);
}

/** An operator's grant of coins through the admin API (a PvP stake needs 5,000). */
export async function grantCoins(setup: Setup, telegramId: number, coins: number, adminToken: string) {
  const response = await fetch(`${setup.url}/admin/players/${telegramId}/grant`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      actor: 'bench-cluster',
      reason: 'PvP stake for the benchmark',
      idempotency_key: `bench-pvp-${telegramId}`,
      asset: { kind: 'coins', amount: coins },
    }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`grant to ${telegramId}: ${response.status} ${text.slice(0, 200)}`);
}

/** Stops the processes (they drain and flush), checks every player's coins, drops the database. */
export async function stopSetup(setup: Setup, expect: (setup: Setup, coins: Map<number, Balance>) => void) {
  setup.pool.close();
  await setup.cluster.stop();
  try {
    if (isFloor(setup.name)) return;
    const balances = await setup.database.balances([
      ...setup.identities.map((identity) => identity.telegramId),
      ...setup.otherPlayers,
    ]);
    expect(setup, balances);
  } finally {
    await setup.database.dispose();
  }
}

export interface Balance {
  coins: number;
  ledger: number;
}
