import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PGLITE_CHECKPOINT_MAX_INTERVAL_MS,
  PGLITE_DATA_SIZE_INTERVAL_MS,
  PGLITE_WAL_CHECK_INTERVAL_MS,
  PGLITE_WAL_CHECKPOINT_BYTES,
} from '@titans/shared/constants';

/** Sizes of the embedded database's files, for /metrics and the soak script. */
export interface StorageStats {
  /** DATA_DIR/pglite and its write-ahead log (pg_wal), in bytes, as last measured. */
  dataBytes: number;
  walBytes: number;
  /** WAL written since the last checkpoint: what a restart after kill -9 replays. */
  walSinceCheckpointBytes: number;
  checkpoints: number;
  /** How long the last CHECKPOINT took, in ms. */
  lastCheckpointMs: number;
  measuredAt: string | null;
}

/** Bytes under `dir`, following no links; files that vanish while walking count as 0. */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(full);
    else if (entry.isFile())
      total += await fs.stat(full).then(
        (stat) => stat.size,
        () => 0,
      );
  }
  return total;
}

export interface WalKeeperOptions {
  /** The PGlite data folder (DATA_DIR/pglite). */
  dataPath: string;
  checkpoint(): Promise<unknown>;
  /** Bytes of WAL written since the last checkpoint (pg_current_wal_lsn() − checkpoint_lsn). */
  walSinceCheckpoint(): Promise<number>;
  onError(error: unknown): void;
  now?: () => number;
}

/**
 * PGlite runs PostgreSQL in single-user mode: there is no checkpointer process, so `max_wal_size`
 * never triggers a checkpoint and pg_wal grows until a clean shutdown (by gigabytes under load:
 * docs/benchmarks.md). After a CHECKPOINT, PostgreSQL
 * recycles the segments before it, so pg_wal stays at a couple of 16 MB segments and a restart
 * after kill -9 replays only what came after the last checkpoint (decisions: D-WAL-1).
 * This checks every PGLITE_WAL_CHECK_INTERVAL_MS how much WAL was written since the last
 * checkpoint (not the folder's size: PostgreSQL keeps recycled segments, up to min_wal_size, which
 * a checkpoint does not remove) and checkpoints past PGLITE_WAL_CHECKPOINT_BYTES, or once
 * PGLITE_CHECKPOINT_MAX_INTERVAL_MS went by.
 */
export class WalKeeper {
  readonly stats: StorageStats = {
    dataBytes: 0,
    walBytes: 0,
    walSinceCheckpointBytes: 0,
    checkpoints: 0,
    lastCheckpointMs: 0,
    measuredAt: null,
  };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastCheckpointAt: number;
  private dataMeasuredAt: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: WalKeeperOptions) {
    this.now = options.now ?? Date.now;
    this.lastCheckpointAt = this.now();
  }

  start(intervalMs = PGLITE_WAL_CHECK_INTERVAL_MS) {
    this.timer = setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stops the timer and waits for a check in progress. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One check: measure, and checkpoint when the log is over its bound or the interval is up. */
  tick(): Promise<void> {
    this.running ??= this.check()
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async check() {
    await this.measure();
    const due = this.now() - this.lastCheckpointAt >= PGLITE_CHECKPOINT_MAX_INTERVAL_MS;
    if (this.stats.walSinceCheckpointBytes < PGLITE_WAL_CHECKPOINT_BYTES && !due) return;
    const started = this.now();
    await this.options.checkpoint();
    this.lastCheckpointAt = this.now();
    this.stats.checkpoints++;
    this.stats.lastCheckpointMs = this.lastCheckpointAt - started;
    await this.measure();
  }

  /**
   * The log's size every check; the whole data folder's (about 1,100 files) at the first check,
   * then at most every PGLITE_DATA_SIZE_INTERVAL_MS: walking it costs the server thread's CPU,
   * and checks come often (after every checkpoint, seconds apart under heavy tapping), in the
   * middle of players' taps and purchases.
   */
  private async measure() {
    this.stats.walSinceCheckpointBytes = await this.options.walSinceCheckpoint();
    this.stats.walBytes = await folderBytes(path.join(this.options.dataPath, 'pg_wal'));
    if (this.dataMeasuredAt === null || this.now() - this.dataMeasuredAt >= PGLITE_DATA_SIZE_INTERVAL_MS) {
      this.dataMeasuredAt = this.now();
      this.stats.dataBytes = await folderBytes(this.options.dataPath);
    }
    this.stats.measuredAt = new Date(this.now()).toISOString();
  }
}
