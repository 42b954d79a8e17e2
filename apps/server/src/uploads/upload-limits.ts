import {
  UPLOAD_PLAYER_QUOTA_BYTES,
  UPLOADS_IN_FLIGHT_MAX,
  UPLOADS_PER_PLAYER_PER_HOUR,
} from '@titans/shared/constants';
import type { ErrorCode } from '@titans/shared/errors';
import type { Clock } from '../core/clock.ts';
import type { Database } from '../db/database.ts';

export interface UploadLimits {
  perPlayerPerHour: number;
  perHourTotal: number;
  playerQuotaBytes: number;
  inFlightMax: number;
}

export const defaultUploadLimits = (perHourTotal: number): UploadLimits => ({
  perPlayerPerHour: UPLOADS_PER_PLAYER_PER_HOUR,
  perHourTotal,
  playerQuotaBytes: UPLOAD_PLAYER_QUOTA_BYTES,
  inFlightMax: UPLOADS_IN_FLIGHT_MAX,
});

interface Usage {
  mine_hour: number;
  all_hour: number;
  mine_bytes: number;
}

const HOUR_MS = 60 * 60_000;

/**
 * Admits an upload before its body is read (decisions: D-UPLOAD-2): a player's uploads in the
 * last hour, everyone's in the last hour, the bytes a player keeps, and the streams open at once.
 * Counts come from the uploads table (so they hold across restarts and processes) plus the
 * uploads this process is still receiving, so parallel requests cannot all slip past one count.
 */
export class UploadGate {
  private inFlight = 0;
  private readonly inFlightByUser = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly limits: UploadLimits,
    /** The app's clock: "the last hour" is the app's hour, as the rows' `created_at` is. */
    private readonly now: Clock,
  ) {}

  /** Reserves a slot, or names the limit that refuses it. Call `release` when the upload ends. */
  async admit(userId: string): Promise<{ ok: true; release: () => void } | { ok: false; code: ErrorCode }> {
    if (this.inFlight >= this.limits.inFlightMax) return { ok: false, code: 'upload/busy' };
    // Reserve first: the count below awaits, and other requests of this player run meanwhile.
    this.inFlight++;
    const mine = (this.inFlightByUser.get(userId) ?? 0) + 1;
    this.inFlightByUser.set(userId, mine);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.inFlight--;
      const left = (this.inFlightByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlightByUser.set(userId, left);
      else this.inFlightByUser.delete(userId);
    };
    try {
      const since = new Date(this.now() - HOUR_MS).toISOString();
      const [usage] = await this.database.query<Usage>(
        `select count(*) filter (where user_id = $1 and created_at > $2)::int as mine_hour,
                count(*) filter (where created_at > $2)::int as all_hour,
                coalesce(sum(size_bytes) filter (where user_id = $1), 0)::bigint as mine_bytes
           from uploads where created_at > $2 or user_id = $1`,
        [userId, since],
      );
      const others = this.inFlight - 1;
      const mineOthers = mine - 1;
      let refusal: ErrorCode | null = null;
      if (Number(usage?.mine_hour ?? 0) + mineOthers >= this.limits.perPlayerPerHour)
        refusal = 'upload/rate-limited';
      else if (Number(usage?.all_hour ?? 0) + others >= this.limits.perHourTotal)
        refusal = 'upload/rate-limited';
      else if (Number(usage?.mine_bytes ?? 0) >= this.limits.playerQuotaBytes)
        refusal = 'upload/quota-exceeded';
      if (refusal) {
        release();
        return { ok: false, code: refusal };
      }
      return { ok: true, release };
    } catch (error) {
      release();
      throw error;
    }
  }
}
