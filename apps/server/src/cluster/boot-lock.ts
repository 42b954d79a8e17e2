import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Cluster } from './cluster.ts';

/** pg advisory lock id of the boot work (migrations, catalogue load, webhook registration). */
export const BOOT_LOCK_ID = 0x7417b007;

/**
 * How long a boot step's fingerprint is remembered: processes started together (a deploy, a
 * restart of the cluster) do the step once; a process starting later does it again, harmlessly.
 */
export const BOOT_STEP_MEMORY_SECONDS = 600;

/** The boot lock while it is held; release() is safe to call more than once. */
export interface BootLock {
  release(): Promise<void>;
}

/**
 * Takes the boot lock on PostgreSQL (decisions: D-CLUSTER-3) and resolves once this process
 * holds it; null on PGlite (one process by design). The lock is a session-level advisory lock
 * on a connection of its own, opened to `directUrl` (DATABASE_DIRECT_URL, else DATABASE_URL):
 * behind a transaction-mode pooler such as PgBouncer a session lock would be left on a server
 * connection that other clients then get. If this process dies while holding it, PostgreSQL
 * ends the session and the next process takes over.
 */
export async function takeBootLock(directUrl: string | undefined): Promise<BootLock | null> {
  if (!directUrl) return null;
  const client = new pg.Client({ connectionString: directUrl, application_name: 'titans-boot-lock' });
  // A lost connection ends the session, which releases the lock: nothing to do but not crash.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_ID]);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  let released: Promise<void> | null = null;
  return {
    release() {
      released ??= client
        .query('select pg_advisory_unlock($1)', [BOOT_LOCK_ID])
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => client.end().catch(() => {}));
      return released;
    },
  };
}

/** Runs work while holding the boot lock (at once on PGlite). */
export async function withBootLock<T>(directUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  const lock = await takeBootLock(directUrl);
  try {
    return await work();
  } finally {
    await lock?.release();
  }
}

/** A stable fingerprint of what a boot step would write (its input as JSON). */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * Runs a boot step once for processes starting together: call it while holding the boot lock.
 * In a cluster the step's fingerprint is remembered in Redis for BOOT_STEP_MEMORY_SECONDS after it
 * ran; a process holding the lock next with the same fingerprint skips it. Without a cluster (or
 * when Redis does not answer) the step runs: every step here is idempotent, running it again only
 * costs time. A step that answers false (it failed and logged why; any other answer is success) is not remembered, so the next
 * process tries again. Answers whether it ran.
 */
export async function bootStepOnce(
  cluster: Cluster | null,
  step: string,
  print: string,
  work: () => Promise<unknown>,
): Promise<boolean> {
  const key = cluster?.key(`boot:${step}`);
  if (cluster && key) {
    const done = await cluster.redis.get(key).catch(() => null);
    if (done === print) return false;
  }
  const succeeded = await work();
  if (cluster && key && succeeded !== false)
    await cluster.redis.set(key, print, 'EX', BOOT_STEP_MEMORY_SECONDS).catch(() => undefined);
  return true;
}
