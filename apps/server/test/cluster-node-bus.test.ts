import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Cluster, openCluster } from '../src/cluster/cluster.ts';
import { NodeBus, NodeRequestError } from '../src/cluster/node-bus.ts';
import { NodeLiveness } from '../src/cluster/node-liveness.ts';
import { loadConfig } from '../src/config/config.ts';
import { systemScheduler } from '../src/core/clock.ts';
import { NodeUnreachableError } from '../src/core/errors.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn() {}, info() {}, error() {}, debug() {} } as never;

describe.runIf(process.env.DATABASE_URL)('messages between processes and who is alive (Redis)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function twoNodes() {
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL,
      CLUSTER_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    });
    const scheduler = systemScheduler(Date.now);
    const clusters = (await Promise.all([1, 2].map(() => openCluster(config, silent)))) as Cluster[];
    const buses = await Promise.all(clusters.map((cluster) => NodeBus.open(cluster, scheduler, silent)));
    const liveness = clusters.map((cluster) => new NodeLiveness(cluster, scheduler, silent, config.cluster));
    cleanups.push(async () => {
      for (const each of liveness) await each.stop();
      for (const each of buses) await each.close();
      await Promise.all(clusters.map((each) => each.close()));
    });
    return { clusters, buses, liveness };
  }

  it('a request reaches the addressed process only and its answer comes back', async () => {
    const { buses } = await twoNodes();
    const [a, b] = buses as [NodeBus, NodeBus];
    const seenByA: unknown[] = [];
    a.handle('echo', (payload) => {
      seenByA.push(payload);
      return { from: 'a' };
    });
    b.handle('echo', (payload, from) => ({ from: 'b', payload, asker: from }));
    await expect(a.request(b.nodeId, 'echo', { n: 1 })).resolves.toEqual({
      from: 'b',
      payload: { n: 1 },
      asker: a.nodeId,
    });
    expect(seenByA).toEqual([]);
    // Addressed to itself: answered in place, no Redis round trip.
    await expect(a.request(a.nodeId, 'echo', 2)).resolves.toEqual({ from: 'a' });
  });

  it('a failing handler answers a failure; an absent process is refused at once, a silent one times out', async () => {
    const { buses, clusters } = await twoNodes();
    const [a, b] = buses as [NodeBus, NodeBus];
    b.handle('boom', () => {
      throw new Error('no such battle');
    });
    await expect(a.request(b.nodeId, 'boom', null)).rejects.toBeInstanceOf(NodeRequestError);
    await expect(a.request(b.nodeId, 'unknown-kind', null)).rejects.toThrow(/no handler/);
    // Nobody listens on an absent process's channel: refused at once, not after the timeout.
    let started = Date.now();
    await expect(a.request('nobody-here', 'echo', null, 5_000)).rejects.toBeInstanceOf(NodeUnreachableError);
    expect(Date.now() - started).toBeLessThan(1_000);
    // A process that listens and never answers (paused): the timeout.
    const silent = await clusters[0]!.duplicate();
    await silent.subscribe(clusters[0]!.key('bus:paused-node'));
    started = Date.now();
    await expect(a.request('paused-node', 'echo', null, 300)).rejects.toBeInstanceOf(NodeUnreachableError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('one-way messages arrive; heartbeats say who is alive and expire when a process stops', async () => {
    const { buses, liveness } = await twoNodes();
    const [a, b] = buses as [NodeBus, NodeBus];
    const [la, lb] = liveness as [NodeLiveness, NodeLiveness];
    const got: unknown[] = [];
    b.handle('note', (payload) => {
      got.push(payload);
    });
    a.send(b.nodeId, 'note', 'hello');
    await vi.waitFor(() => expect(got).toEqual(['hello']), { timeout: 5_000, interval: 20 });
    await la.start();
    await lb.start();
    expect(await la.isAlive(b.nodeId)).toBe(true);
    expect(await la.alive()).toEqual(new Set([a.nodeId, b.nodeId]));
    await lb.stop();
    expect(await la.isAlive(b.nodeId)).toBe(false);
    expect(await la.isAlive('never-started')).toBe(false);
  });

  it('a heartbeat renewed after it had expired (a paused process waking) tells the lapse listeners, once', async () => {
    const config = loadConfig({
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL,
      CLUSTER_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    });
    const cluster = (await openCluster(config, silent)) as Cluster;
    // The beats run when the test says, at the time it sets: a pause is time passing without one.
    let time = 0;
    let beat = () => {};
    const scheduler = {
      now: () => time,
      setTimeout: () => ({ cancel() {} }),
      setInterval: (run: () => void) => {
        beat = run;
        return { cancel() {} };
      },
    };
    const { heartbeatMs, heartbeatTtlMs } = config.cluster;
    const liveness = new NodeLiveness(cluster, scheduler, silent, config.cluster);
    cleanups.push(async () => {
      await liveness.stop();
      await cluster.close();
    });
    let lapses = 0;
    liveness.onLapse(async () => {
      lapses++;
    });
    await liveness.start();
    const beatAt = async (at: number) => {
      time = at;
      beat();
      await vi.waitFor(async () =>
        expect(await cluster.redis.get(cluster.key(`node:${cluster.nodeId}`))).toBe(String(at)),
      );
    };
    await beatAt(heartbeatMs);
    await beatAt(2 * heartbeatMs);
    expect(lapses).toBe(0);
    // Paused a whole expiry: Redis has let the heartbeat go, and the next beat finds it so.
    await beatAt(2 * heartbeatMs + heartbeatTtlMs);
    await vi.waitFor(() => expect(lapses).toBe(1));
    await beatAt(3 * heartbeatMs + heartbeatTtlMs);
    expect(lapses).toBe(1);
  });
});
