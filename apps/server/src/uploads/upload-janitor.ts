import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_SWEEP_INTERVAL_MS, UPLOAD_UNREFERENCED_GRACE_MS } from '@titans/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../core/clock.ts';
import type { Database } from '../db/database.ts';

/**
 * Queries that list every URL that refers to an upload (`/uploads/<file name>`). A feature that
 * stores an uploaded picture's URL adds its column here, or its uploads are swept as unreferenced.
 */
export const UPLOAD_REFERENCES: readonly string[] = [
  'select image as url from characters',
  'select image_url as url from items',
  'select image_url as url from diamond_packages',
];

export interface UploadJanitorOptions {
  database: Database;
  uploadsDir: string;
  /** Where uploads stream before they are checked; leftovers of a crash are swept too. */
  incomingDir: string;
  logger: FastifyBaseLogger;
  /** The app's time and timers: the sweep runs on it and ages uploads by it. */
  scheduler: Scheduler;
  graceMs?: number;
}

/**
 * Deletes uploads nothing refers to once they are older than the grace period (decisions:
 * D-UPLOAD-3): the row first, then the file, so a crash in between leaves only a file, which the
 * next sweep removes as an orphan (a file in the uploads folder without a row).
 */
export class UploadJanitor {
  private timer: TimerHandle | null = null;
  private running: Promise<number> | null = null;
  private readonly graceMs: number;

  constructor(private readonly options: UploadJanitorOptions) {
    this.graceMs = options.graceMs ?? UPLOAD_UNREFERENCED_GRACE_MS;
  }

  start(intervalMs = UPLOAD_SWEEP_INTERVAL_MS) {
    this.timer = this.options.scheduler.setInterval(() => void this.sweep(), intervalMs);
  }

  async stop() {
    this.timer?.cancel();
    this.timer = null;
    await this.running;
  }

  /**
   * One sweep; resolves with the number of uploads removed (rows, their content or files with
   * them) plus orphan files. Errors are logged, never thrown.
   */
  sweep(): Promise<number> {
    this.running ??= this.run()
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'upload sweep failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(): Promise<number> {
    const { database, uploadsDir, incomingDir } = this.options;
    const cutoff = this.options.scheduler.now() - this.graceMs;
    const references = UPLOAD_REFERENCES.join(' union ');
    const deleted = await database.query<{ file_name: string }>(
      `delete from uploads u
        where u.created_at < $1
          and not exists (select 1 from (${references}) r where r.url = '/uploads/' || u.file_name)
        returning u.file_name`,
      [new Date(cutoff).toISOString()],
    );
    // A row deleted takes its content with it (UPLOAD_STORE=database, D-CLUSTER-20); a file too.
    let removed = deleted.length;
    for (const row of deleted) await unlinkQuietly(path.join(uploadsDir, path.basename(row.file_name)));

    // Orphans: files without a row (a crash between the two deletes) and unfinished streams.
    const known = new Set(
      (await database.query<{ file_name: string }>('select file_name from uploads')).map(
        (row) => row.file_name,
      ),
    );
    // A stream that has not finished within an hour was cut off long ago (requests time out).
    const incomingCutoff = this.options.scheduler.now() - 60 * 60_000;
    for (const [dir, before, keep] of [
      [uploadsDir, cutoff, (name: string) => known.has(name)],
      [incomingDir, incomingCutoff, () => false],
    ] as const) {
      for (const name of await fs.readdir(dir).catch((): string[] => [])) {
        if (keep(name)) continue;
        const full = path.join(dir, name);
        const stat = await fs.stat(full).catch(() => null);
        if (stat?.isFile() && stat.mtimeMs < before && (await unlinkQuietly(full))) removed++;
      }
    }
    if (removed > 0) this.options.logger.info({ removed }, 'removed unreferenced uploads');
    return removed;
  }
}

async function unlinkQuietly(file: string): Promise<boolean> {
  try {
    await fs.unlink(file);
    return true;
  } catch {
    return false;
  }
}
