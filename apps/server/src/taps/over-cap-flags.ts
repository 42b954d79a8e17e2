import { TAP_FLAG_SECONDS_PER_MINUTE } from '@titans/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { tapFlags } from '../db/schema.ts';
import type { LivePlayer } from './live-players.ts';

/**
 * T2: players who keep tapping over the rate cap are recorded in `tap_flags` for review, at most
 * once a minute each (D-TAP-3). Taps over the cap are refused either way; this only records.
 */
export class OverCapFlags {
  constructor(
    private readonly database: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** `rejected` taps of the player were over the cap at `now`. */
  record(live: LivePlayer, now: number, rejected: number) {
    const second = Math.floor(now / 1000);
    live.rejectedForRate += rejected;
    if (live.overCapSeconds.at(-1) !== second) live.overCapSeconds.push(second);
    while ((live.overCapSeconds[0] ?? second) <= second - 60) live.overCapSeconds.shift();
    if (live.overCapSeconds.length < TAP_FLAG_SECONDS_PER_MINUTE || now - live.lastFlaggedAt < 60_000) return;
    live.lastFlaggedAt = now;
    const flag = {
      userId: live.userId,
      windowStart: new Date((live.overCapSeconds[0] ?? second) * 1000),
      secondsOverCap: live.overCapSeconds.length,
      tapsRejected: live.rejectedForRate,
    };
    live.rejectedForRate = 0;
    this.logger.warn(flag, 'user keeps tapping over the rate cap; recorded for review');
    this.database.db
      .insert(tapFlags)
      .values(flag)
      .catch((error: unknown) => this.logger.error({ err: error }, 'could not record tap flag'));
  }
}
