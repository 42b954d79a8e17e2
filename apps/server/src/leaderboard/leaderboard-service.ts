import { LEADERBOARD_SIZE } from '@titans/shared/constants';
import type { LeaderboardEntry, LeaderboardMe } from '@titans/shared/leaderboard/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { type SnapshotRow, snapshotEntryView } from './leaderboard-view.ts';

export interface LeaderboardServiceDeps {
  database: Database;
  logger: FastifyBaseLogger;
  now: Clock;
  /** How often the snapshot is rebuilt; 0 leaves it to explicit refresh() calls (tests). */
  refreshMs: number;
}

type Side = 'a' | 'b';
const TABLE: Record<Side, string> = { a: 'leaderboard_ranks_a', b: 'leaderboard_ranks_b' };
/** pg advisory lock id of the refresh, so only one server process rebuilds at a time. */
const REFRESH_LOCK = 0x7417a45;

/** What a refresh did, for logs and the benchmark. */
export interface RefreshReport {
  total: number;
  ms: number;
}

/**
 * LB1–LB3: the leaderboard is read from a snapshot, never from the live users table, whose coins
 * stay unindexed for the tap flusher (decisions: D-PERF-1, D-LB-1). A refresh ranks every player
 * in one INSERT … SELECT row_number() into the snapshot table nobody reads, then flips
 * leaderboard_state to it. The top rows are kept in memory (every caller gets the same list);
 * a caller's own rank is one lookup in the unique index on user_id.
 */
export class LeaderboardService {
  private side: Side = 'a';
  private total = 0;
  private refreshedAt: Date | null = null;
  private top: LeaderboardEntry[] = [];
  /** The GET /leaderboard answer, serialised once per snapshot: every caller gets the same bytes. */
  private topJson = '';
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RefreshReport | null> | null = null;
  private queued: Promise<RefreshReport | null> | null = null;
  private closed = false;
  /** Refreshes done by this process and the last one's figures (GET /metrics, bench:leaderboard). */
  readonly stats = { refreshes: 0, lastRefreshMs: 0, totalRefreshMs: 0, lastTotal: 0, running: false };

  constructor(private readonly deps: LeaderboardServiceDeps) {}

  /** Builds the first snapshot now and then every refreshMs; close() stops it. */
  start(): void {
    void this.tick();
    if (this.deps.refreshMs > 0) {
      this.timer = setInterval(() => void this.tick(), this.deps.refreshMs);
      this.timer.unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.queued?.catch(() => null);
    await this.running?.catch(() => null);
  }

  private async tick() {
    try {
      const report = await this.refresh();
      if (report) this.deps.logger.debug(report, 'leaderboard refreshed');
    } catch (error) {
      if (!this.closed) this.deps.logger.error({ err: error }, 'leaderboard refresh failed');
    }
  }

  /**
   * Rebuilds the snapshot (unless another process is doing it right now) and reloads the top
   * rows. A call during a run waits for one more run, started after it, so what it reads
   * includes every change made before the call; calls meanwhile share that run.
   */
  refresh(): Promise<RefreshReport | null> {
    if (this.closed) return Promise.resolve(null);
    if (!this.running) {
      this.stats.running = true;
      this.running = this.rebuild().finally(() => {
        this.running = null;
        this.stats.running = false;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => null)
      .then(() => {
        this.queued = null;
        return this.refresh();
      });
    return this.queued;
  }

  private async rebuild(): Promise<RefreshReport | null> {
    const started = performance.now();
    const now = new Date(this.deps.now());
    const total = await this.deps.database.rawTransaction(async (query) => {
      const [lock] = await query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
        REFRESH_LOCK,
      ]);
      if (!lock?.locked) return null;
      const [state] = await query<{ active: Side }>(
        'select active from leaderboard_state where id = 1 for update',
      );
      const next: Side = state?.active === 'a' ? 'b' : 'a';
      const table = TABLE[next];
      await query(`truncate ${table}`);
      // Building the user_id index after the insert (one sort) is cheaper than maintaining it
      // row by row; rows arrive in rank order, so the primary key only ever appends.
      await query(`drop index if exists ${table}_user_key`);
      // spec-a §9: referral_earnings descending, then coins; ties go to the earlier player.
      const inserted = await query<{ n: number }>(
        `with ranked as (
           insert into ${table} (rank, user_id, name, username, profile_picture, coins, referral_earnings)
           select row_number() over (order by referral_earnings desc, coins desc, created_at, id),
                  id, trim(first_name || ' ' || last_name), username, profile_picture, coins, referral_earnings
             from users
            where not is_banned
           returning 1)
         select count(*)::int as n from ranked`,
      );
      const count = inserted[0]?.n ?? 0;
      await query(`create unique index ${table}_user_key on ${table} using btree (user_id)`);
      await query(
        `insert into leaderboard_state (id, active, total, refreshed_at) values (1, $1, $2, $3)
         on conflict (id) do update set active = excluded.active, total = excluded.total,
                                        refreshed_at = excluded.refreshed_at`,
        [next, count, now],
      );
      return count;
    });
    await this.load();
    if (total === null) return null;
    const ms = Math.round(performance.now() - started);
    this.stats.refreshes++;
    this.stats.lastRefreshMs = ms;
    this.stats.totalRefreshMs += ms;
    this.stats.lastTotal = total;
    return { total, ms };
  }

  /** Reads which snapshot is current and its top rows (after this or another process refreshed). */
  async load(): Promise<void> {
    const { query } = this.deps.database;
    const [state] = await query<{ active: Side; total: number; refreshed_at: Date | string | null }>(
      'select active, total, refreshed_at from leaderboard_state where id = 1',
    );
    if (!state) return;
    const side: Side = state.active === 'b' ? 'b' : 'a';
    const rows = await query<SnapshotRow>(
      `select rank, name, username, profile_picture, coins, referral_earnings
         from ${TABLE[side]} where rank <= $1 order by rank`,
      [LEADERBOARD_SIZE],
    );
    this.side = side;
    this.total = Number(state.total);
    this.refreshedAt = state.refreshed_at ? new Date(state.refreshed_at) : null;
    this.top = rows.map(snapshotEntryView);
    this.topJson = JSON.stringify({ code: 200, data: this.top, message: 'Leaderboard found' });
  }

  /** GET /leaderboard: the top rows of the latest snapshot (the same for every caller). */
  list(): LeaderboardEntry[] {
    return this.top;
  }

  /** The same as `list()` inside its `{code, data, message}` envelope, already serialised. */
  listEnvelopeJson(): string {
    return this.topJson || JSON.stringify({ code: 200, data: this.top, message: 'Leaderboard found' });
  }

  /** GET /leaderboard/me: the caller's row in the snapshot, or their live figures with rank null. */
  async me(user: {
    id: string;
    firstName: string;
    lastName: string;
    username: string;
    profilePicture: string;
    coins: number;
    referralEarnings: number;
  }): Promise<LeaderboardMe> {
    const [row] = await this.deps.database.query<SnapshotRow>(
      `select rank, name, username, profile_picture, coins, referral_earnings
         from ${TABLE[this.side]} where user_id = $1`,
      [user.id],
    );
    const base = row
      ? snapshotEntryView(row)
      : {
          rank: null,
          name: [user.firstName, user.lastName].filter(Boolean).join(' '),
          username: user.username,
          profile_picture: user.profilePicture,
          coins: user.coins,
          referral_earnings: user.referralEarnings,
        };
    return { ...base, total: this.total, refreshed_at: this.refreshedAt?.toISOString() ?? null };
  }
}
