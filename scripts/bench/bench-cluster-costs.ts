/**
 * What one window of `npm run bench:cluster` cost, by part: the server processes, HAProxy, Redis
 * and PostgreSQL. CPU per process is the sum of its threads' run time in /proc/<pid>/task/<tid>/
 * schedstat (nanoseconds; /proc/<pid>/stat's utime+stime counts 10 ms ticks, too coarse for
 * HAProxy or a dozen PostgreSQL backends over a few seconds). Redis is the bench's own
 * redis-server, read with INFO (its CPU and its command counts, less the INFO calls made here).
 */
import fs from 'node:fs';
import { Redis } from 'ioredis';

/**
 * Run time of every thread of a process (ns) and how many times its threads were put on a core
 * (schedstat's third field: a wake-up to handle work, or a return after being preempted); null
 * once it is gone.
 */
export function processSched(pid: number): { ns: number; slices: number } | null {
  try {
    let ns = 0;
    let slices = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const [run = '0', , runs = '0'] = fs
        .readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
        .split(' ');
      ns += Number(run);
      slices += Number(runs);
    }
    return { ns, slices };
  } catch {
    return null;
  }
}

/** A backend's title: `postgres: 15/main: <user> <database> <host>(<port>) <state>`. */
const BACKEND = /^postgres: (?:[^:]+: )?\S+ (\S+) (?:\S+\(\d+\)|\[local\])/;

/**
 * PostgreSQL's processes that work for this database: its backends, and the server's own
 * processes (postmaster, WAL writer, checkpointer, background writer…), which every database
 * shares. Backends of other databases (other sessions on a shared machine) are left out.
 */
export function postgresPids(database: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const backend = BACKEND.exec(title);
      if (!backend || backend[1] === database) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

export type Part = 'servers' | 'haproxy' | 'redis' | 'postgres';
export const PARTS: readonly Part[] = ['servers', 'haproxy', 'redis', 'postgres'];

/** A record with one value per part. */
export function mapParts(value: (part: Part) => number): Record<Part, number> {
  return {
    servers: value('servers'),
    haproxy: value('haproxy'),
    redis: value('redis'),
    postgres: value('postgres'),
  };
}

/** CPU µs of each part over one window (Redis from INFO, the rest from /proc). */
export class CpuMeter {
  private readonly start = new Map<number, { part: Part; ns: number; slices: number }>();
  private redisStart: RedisSnapshot | null = null;

  constructor(
    private readonly pids: () => Partial<Record<Exclude<Part, 'redis'>, number[]>>,
    private readonly redis: RedisStats | null,
  ) {}

  async begin(): Promise<void> {
    this.start.clear();
    this.redisStart = this.redis ? await this.redis.snapshot() : null;
    for (const [part, pids] of Object.entries(this.pids())) {
      for (const pid of pids ?? []) {
        const sched = processSched(pid);
        if (sched !== null && isPart(part)) this.start.set(pid, { part, ...sched });
      }
    }
  }

  /** Per part, µs and times scheduled; Redis commands by name (the harness's INFO calls taken out). */
  async end(): Promise<{
    cpuUs: Record<Part, number>;
    slices: Record<Part, number>;
    redisCalls: Map<string, number>;
  }> {
    const cpuUs: Record<Part, number> = { servers: 0, haproxy: 0, redis: 0, postgres: 0 };
    const slices: Record<Part, number> = { servers: 0, haproxy: 0, redis: 0, postgres: 0 };
    const seen = new Set<number>();
    for (const [part, pids] of Object.entries(this.pids())) {
      for (const pid of pids ?? []) {
        const sched = processSched(pid);
        if (sched === null || seen.has(pid) || !isPart(part)) continue;
        seen.add(pid);
        // A process that appeared during the window (a new database connection) counts from zero.
        const start = this.start.get(pid);
        cpuUs[part] += (sched.ns - (start?.ns ?? 0)) / 1000;
        slices[part] += sched.slices - (start?.slices ?? 0);
      }
    }
    const redisCalls = new Map<string, number>();
    if (this.redis && this.redisStart) {
      const last = await this.redis.snapshot();
      cpuUs.redis = (last.cpuSeconds - this.redisStart.cpuSeconds) * 1e6;
      for (const [name, calls] of last.calls) {
        // The INFO call that took the first snapshot is counted in the second.
        const delta = calls - (this.redisStart.calls.get(name) ?? 0) - (name === 'info' ? 1 : 0);
        if (delta > 0) redisCalls.set(name, delta);
      }
    }
    return { cpuUs, slices, redisCalls };
  }
}

function isPart(name: string): name is Part {
  return PARTS.some((part) => part === name);
}

export interface RedisSnapshot {
  cpuSeconds: number;
  calls: Map<string, number>;
}

/** One connection to the bench's Redis that only ever sends INFO. */
export class RedisStats {
  private constructor(private readonly redis: Redis) {}

  static async open(url: string): Promise<RedisStats> {
    const redis = new Redis(url, { lazyConnect: true, enableReadyCheck: false, maxRetriesPerRequest: 1 });
    await redis.connect();
    return new RedisStats(redis);
  }

  async snapshot(): Promise<RedisSnapshot> {
    const text = await this.redis.info('cpu', 'commandstats');
    const field = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(text)?.[1] ?? 0);
    const calls = new Map<string, number>();
    for (const match of text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
      calls.set(match[1] ?? '', Number(match[2]));
    return { cpuSeconds: field('used_cpu_sys') + field('used_cpu_user'), calls };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
