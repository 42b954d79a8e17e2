import { once } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { CLIENT_EVENT_SCHEMAS } from '@titans/shared/realtime/events';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connectClient } from 'socket.io-client';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { type FastPath, fastPathCounts } from '../src/platform/fast-path-counts.ts';
import { broadcastMessage, roomChannel } from '../src/platform/redis-adapter/broadcast.ts';
import { quickCheckOf } from '../src/platform/zod/quick-check.ts';
import { ALL_FAST_PATHS, BATTLE_ID, startDispatcherServer } from './helpers/dispatcher-server.ts';
import { seedPgliteDataDir } from './helpers/pglite-template.ts';

// The fence's contract (docs/architecture.md, "The fence"; D-PLATFORM-1): every file under
// apps/server/src/platform/ names the exact versions it was written against, those are the versions
// installed and pinned, and on them every fast path is actually taken. A failure names the path.

const SERVER = path.resolve(import.meta.dirname, '..');
const PLATFORM = path.join(SERVER, 'src/platform');
const requireFromServer = createRequire(path.join(SERVER, 'package.json'));
const PACKAGES = [
  'socket.io',
  'socket.io-parser',
  'socket.io-adapter',
  'engine.io',
  'ws',
  '@socket.io/redis-adapter',
  '@electric-sql/pglite',
  'drizzle-orm',
  'zod',
];

/** The package.json of `name` as `from` resolves it (some packages export none). */
function installedVersion(name: string, from: NodeJS.Require): string {
  let dir = path.dirname(from.resolve(name));
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    readJson(path.join(dir, 'package.json')).name !== name
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json for ${name}`);
    dir = parent;
  }
  return String(readJson(path.join(dir, 'package.json')).version);
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** ws as engine.io loads it (engine.io may hold its own copy). */
function resolverFor(name: string): NodeJS.Require {
  if (name !== 'ws') return requireFromServer;
  return createRequire(requireFromServer.resolve('engine.io'));
}

function fencedFiles(): string[] {
  return fs
    .readdirSync(PLATFORM, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(PLATFORM, file));
}

/** `<package> <x.y.z>` pairs in a file's opening comment. */
function writtenAgainst(file: string): Map<string, string> {
  const header = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((_line, index, lines) => lines.slice(0, index + 1).every((each) => each.startsWith('//')))
    .join(' ');
  const pairs = new Map<string, string>();
  for (const name of PACKAGES) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const match = new RegExp(`(?:^|[\\s(])${escaped} (\\d+\\.\\d+\\.\\d+)`).exec(header);
    if (match?.[1]) pairs.set(name, match[1]);
  }
  return pairs;
}

function expectTaken(path: FastPath, before: number, what: string) {
  expect(fastPathCounts[path] - before, `fast path not taken: ${path} (${what})`).toBeGreaterThan(0);
}

describe('the fence: platform/ on its pinned versions', () => {
  const closers: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  test('every fenced file names the versions it was written against, and those are installed and pinned', () => {
    const declared = {
      ...(readJson(path.join(SERVER, 'package.json')).dependencies as Record<string, string>),
    };
    const problems: string[] = [];
    const files = fencedFiles();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const name = path.relative(PLATFORM, file);
      if (name === 'fast-path-counts.ts' || name === 'ws/text-frame.ts') continue; // no library's internals
      const versions = writtenAgainst(file);
      if (versions.size === 0) problems.push(`${name}: names no version it was written against`);
      for (const [pkg, version] of versions) {
        const installed = installedVersion(pkg, resolverFor(pkg));
        if (installed !== version)
          problems.push(`${name}: written against ${pkg} ${version}, ${installed} installed`);
        if (declared[pkg] !== version)
          problems.push(
            `${name}: ${pkg} ${version} is pinned as ${declared[pkg] ?? 'nothing'} in apps/server/package.json`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  test('socket fast paths are taken: direct receive, frame write, pre-encoded frame, quick check', async () => {
    const server = await startDispatcherServer(ALL_FAST_PATHS);
    closers.push(server.close);
    const before = { ...fastPathCounts };
    for (const transport of ['websocket', 'polling'] as const) {
      const client = connectClient(`http://${server.url}`, { path: '/engine.io', transports: [transport] });
      closers.push(() => {
        client.close();
      });
      const reply = await client.emitWithAck('pvpTap', { battle_id: BATTLE_ID, target_id: 2 });
      expect(reply).toEqual({ hit: true, target: 2 });
      const pushed = new Promise((resolve) => client.once('matchmakingCancelled', resolve));
      client.emit('cancelMatchmaking', {});
      expect(await pushed).toEqual({ message: 'cancelled' });
    }
    expectTaken('directPacket', before.directPacket, 'battle taps taken from engine.io');
    expectTaken('frameWritten', before.frameWritten, 'acks and pushes written to ws');
    expectTaken(
      'preEncodedFrame',
      before.preEncodedFrame,
      'a long-polling socket gets the frame through engine.io',
    );
    expectTaken('quickCheck', before.quickCheck, "a tap's payload accepted without zod");
    expect(quickCheckOf(CLIENT_EVENT_SCHEMAS.pvpTap), 'quick check: the tap schema is read').not.toBeNull();
  });

  test('the PGlite fast path is taken: prepared statements', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-contract-'));
    closers.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    await seedPgliteDataDir(dir);
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: dir,
      poolSize: 1,
      fastPaths: ALL_FAST_PATHS,
    });
    closers.push(() => database.close());
    const before = { ...fastPathCounts };
    expect(await database.query<{ one: number }>('select $1::int as one', [1])).toEqual([{ one: 1 }]);
    const rows = await database.transaction((_tx, query) => query<{ at: Date }>('select now() as at'));
    expect(rows[0]?.at).toBeInstanceOf(Date);
    expectTaken(
      'preparedStatement',
      before.preparedStatement,
      'PGlite statements prepared and run in one call',
    );
    // PGlite's start-up alone took over 30 s on the saturated 2-core machine.
  }, 120_000);

  test("the Redis adapter's broadcast built here reaches a room's socket on another server", async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `titans-contract-${process.pid}-${Date.now()}`;
    const connections = Array.from({ length: 3 }, () => new Redis(redisUrl));
    closers.push(() => {
      for (const each of connections) each.disconnect();
    });
    // Ready before the adapter sees them: a subscriber used earlier fails ioredis's ready check.
    await Promise.all(connections.map((each) => once(each, 'ready')));
    const [pub, sub, publisher] = connections;
    if (!pub || !sub || !publisher) throw new Error('no Redis');
    const io = new Server({
      adapter: createShardedAdapter(pub, sub, { channelPrefix: prefix, subscriptionMode: 'dynamic' }),
    });
    io.listen(0);
    closers.push(() => new Promise<void>((resolve) => io.close(() => resolve())));
    const port = io.httpServer?.address();
    if (!port || typeof port === 'string') throw new Error('no port');
    io.on('connection', (socket) => socket.join('user:contract'));
    const client = connectClient(`http://127.0.0.1:${port.port}`, { transports: ['websocket'] });
    closers.push(() => {
      client.close();
    });
    const got = new Promise((resolve) => client.once('statusUpdated', resolve));
    await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
    // The room's channel is subscribed once the room exists (the adapter's dynamic mode).
    await expect
      .poll(async () =>
        Number(
          (
            (await publisher.call('PUBSUB', 'SHARDNUMSUB', roomChannel(prefix, 'user:contract'))) as unknown[]
          )[1],
        ),
      )
      .toBe(1);
    const before = fastPathCounts.adapterBroadcast;
    // Built against another adapter of the cluster (its own id), as another process would.
    const other = new Server({
      adapter: createShardedAdapter(publisher, sub, { channelPrefix: prefix, subscriptionMode: 'dynamic' }),
    });
    closers.push(() => other.of('/').adapter.close());
    const message = broadcastMessage(other.of('/').adapter, 'user:contract', 'statusUpdated', { coins: 5 });
    expect(message, 'adapter-broadcast: the Redis adapter has no `uid`').not.toBeNull();
    await publisher.spublish(roomChannel(prefix, 'user:contract'), message ?? '');
    expect(await got).toEqual({ coins: 5 });
    expectTaken('adapterBroadcast', before, "a push published as the adapter's own broadcast");
  });
});
