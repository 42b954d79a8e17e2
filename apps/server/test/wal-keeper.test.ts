import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PGLITE_CHECKPOINT_MAX_INTERVAL_MS,
  PGLITE_DATA_SIZE_INTERVAL_MS,
  PGLITE_WAL_CHECK_INTERVAL_MS,
  PGLITE_WAL_CHECKPOINT_BYTES,
} from '@titans/shared/constants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalKeeper } from '../src/db/wal-keeper.ts';

describe('PGlite WAL keeper (D-WAL-1)', () => {
  let dataPath: string;
  let now: number;
  let walSince: number;
  let checkpoints: number;
  let keeper: WalKeeper;
  const write = (file: string, bytes: number) => {
    fs.mkdirSync(path.dirname(path.join(dataPath, file)), { recursive: true });
    fs.writeFileSync(path.join(dataPath, file), Buffer.alloc(bytes));
  };

  beforeEach(() => {
    dataPath = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-wal-'));
    write('pg_wal/000000010000000000000001', 1_000);
    write('base/1/1259', 10_000);
    now = 1_000_000;
    walSince = 0;
    checkpoints = 0;
    keeper = new WalKeeper({
      dataPath,
      checkpoint: async () => {
        checkpoints++;
        walSince = 0;
      },
      walSinceCheckpoint: async () => walSince,
      onError: (error) => {
        throw error;
      },
      now: () => now,
    });
  });

  afterEach(() => fs.rmSync(dataPath, { recursive: true, force: true }));

  it('checkpoints past the WAL bound or once the longest interval went by', async () => {
    await keeper.tick();
    expect(checkpoints).toBe(0);
    walSince = PGLITE_WAL_CHECKPOINT_BYTES;
    await keeper.tick();
    expect(checkpoints).toBe(1);
    expect(keeper.stats.walSinceCheckpointBytes).toBe(0);
    now += PGLITE_CHECKPOINT_MAX_INTERVAL_MS;
    await keeper.tick();
    expect(checkpoints).toBe(2);
  });

  it('measures the log every check and walks the whole data folder first, then at most once a minute', async () => {
    await keeper.tick();
    expect(keeper.stats).toMatchObject({ walBytes: 1_000, dataBytes: 11_000 });
    write('pg_wal/000000010000000000000002', 2_000);
    write('base/1/2619', 5_000);
    now += PGLITE_WAL_CHECK_INTERVAL_MS;
    walSince = PGLITE_WAL_CHECKPOINT_BYTES;
    await keeper.tick();
    // The log is measured again, also after the checkpoint; the folder's walk waits its minute.
    expect(keeper.stats).toMatchObject({ walBytes: 3_000, dataBytes: 11_000, checkpoints: 1 });
    now += PGLITE_DATA_SIZE_INTERVAL_MS;
    await keeper.tick();
    expect(keeper.stats).toMatchObject({ walBytes: 3_000, dataBytes: 18_000, checkpoints: 1 });
  });
});
