import { LEADERBOARD_SIZE } from '@titans/shared/constants';
import type { LeaderboardEntry, LeaderboardMe } from '@titans/shared/leaderboard/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { Database } from '../db/database.ts';
import { type SnapshotRow, snapshotEntryView } from './leaderboard-view.ts';
import { SlicedRanking, type SortKeys } from './sliced-ranking.ts';

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

/**
 * PGlite refreshes in slices (decisions: D-LB-3), each one short statement: players read per
 * primary key page, ranked rows written per insert. Larger reads switch PGlite's plan to a
 * whole-table sort, so a slice stays at 1,000 rows (the timings on 100k players are in
 * docs/benchmarks.md).
 */
export const PGLITE_READ_CHUNK = 1_000;
export const PGLITE_INSERT_CHUNK = 1_000;
/**
 * LB4: a ranked row's hero is the player's selected hero as the rows are read (the top rows at
 * each snapshot load, a caller's own row on each call), one primary-key lookup per row, so the
 * snapshot tables keep their columns.
 */
const HERO_JOIN =
  'left join users u on u.id = r.user_id left join characters c on c.id = u.selected_character_id';
const HERO_PICTURE = 'c.image as hero_picture';

/** One sliced refresh per PGlite database at a time (PostgreSQL has REFRESH_LOCK). */
const slicedRefreshes = new WeakSet<Database>();
/**
 * After a slice the refresh rests as long as the slice took (at most this long): timers, sockets
 * and the tap flush get at least half of the thread while a refresh runs, also when the machine
 * gives this process little CPU.
 */
const PGLITE_MAX_REST_MS = 50;

/** What a refresh did, for logs and the benchmark. */
export interface RefreshReport {
  total: number;
  ms: number;
}

/**
 * LB1–LB3: the leaderboard is read from a snapshot, never from the live users table, whose coins
 * stay unindexed for the tap flusher (decisions: D-PERF-1, D-LB-1). A refresh ranks every player
 * into the snapshot table nobody reads, then flips leaderboard_state to it: on PostgreSQL with one
 * INSERT … SELECT row_number(), on PGlite in short slices between which the event loop turns
 * (D-LB-3). The top rows are kept in memory (every caller gets the same list);
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
  private followTimer: NodeJS.Timeout | undefined;
  private running: Promise<RefreshReport | null> | null = null;
  private queued: Promise<RefreshReport | null> | null = null;
  private closed = false;
  /** When the current PGlite refresh slice began (betweenSlices). */
  private sliceStarted = 0;
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

  /**
   * Cluster mode (decisions: D-CLUSTER-4): a cluster job rebuilds on one process; every process
   * reads the current snapshot now and then whenever the pointer row changes, checked every
   * intervalMs (one one-row read) and at once on reloadIfChanged() (the rebuilder's notice).
   */
  follow(intervalMs: number): void {
    void this.reloadIfChanged();
    this.followTimer = setInterval(() => void this.reloadIfChanged(), intervalMs);
    this.followTimer.unref();
  }

  /** Reloads the top rows if another process flipped the snapshot since the last load. */
  async reloadIfChanged(): Promise<boolean> {
    if (this.closed) return false;
    try {
      const [state] = await this.deps.database.query<{ active: Side; refreshed_at: Date | string | null }>(
        'select active, refreshed_at from leaderboard_state where id = 1',
      );
      if (!state) return false;
      const refreshedAt = state.refreshed_at ? new Date(state.refreshed_at).getTime() : null;
      if (state.active === this.side && refreshedAt === (this.refreshedAt?.getTime() ?? null)) return false;
      await this.load();
      return true;
    } catch (error) {
      if (!this.closed) this.deps.logger.warn({ err: error }, 'leaderboard reload failed');
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.followTimer);
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
    const total =
      this.deps.database.kind === 'pglite'
        ? await this.rebuildInSlices(now)
        : await this.rebuildInOneStatement(now);
    await this.load();
    if (total === null) return null;
    const ms = Math.round(performance.now() - started);
    this.stats.refreshes++;
    this.stats.lastRefreshMs = ms;
    this.stats.totalRefreshMs += ms;
    this.stats.lastTotal = total;
    return { total, ms };
  }

  /** PostgreSQL: one transaction, so the snapshot is every player's figures at one instant. */
  private rebuildInOneStatement(now: Date): Promise<number | null> {
    return this.deps.database.rawTransaction(async (query) => {
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
      // referral_earnings descending, then coins; ties go to the earlier player.
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
  }

  /**
   * PGlite (D-LB-3): runs on this thread, so one statement over every player would stop the
   * process for seconds. Each slice is one short statement outside any transaction; readers keep
   * the active table, which nothing here touches until the last statement flips to the new one.
   */
  private async rebuildInSlices(now: Date): Promise<number | null> {
    const { database } = this.deps;
    if (slicedRefreshes.has(database)) return null;
    slicedRefreshes.add(database);
    try {
      const ranking = await this.readSortKeys();
      // A balance beyond 2^53 cannot be compared exactly in JavaScript: rank in SQL this time.
      if (!ranking) return await this.rebuildInOneStatement(now);
      const [state] = await database.query<{ active: Side }>(
        'select active from leaderboard_state where id = 1',
      );
      const next: Side = state?.active === 'a' ? 'b' : 'a';
      const table = TABLE[next];
      await database.query(`truncate ${table}`);
      // The index is kept and filled row by row: building it at the end would be one long statement.
      await database.query(
        `create unique index if not exists ${table}_user_key on ${table} using btree (user_id)`,
      );
      for (let batch = ranking.next(PGLITE_INSERT_CHUNK); batch; batch = ranking.next(PGLITE_INSERT_CHUNK)) {
        await this.betweenSlices();
        // Names are looked up here by primary key, so memory holds only the sort keys. `offset 0`
        // keeps it a lookup per row: as a plain join PGlite picks a hash join over all of users.
        await database.query(
          `insert into ${table} (rank, user_id, name, username, profile_picture, coins, referral_earnings)
           select r.rank, r.user_id, coalesce(u.name, ''), coalesce(u.username, ''),
                  coalesce(u.profile_picture, ''), r.coins, r.referral_earnings
             from unnest($1::int[], $2::uuid[], $3::int8[], $4::int8[]) as r(rank, user_id, coins, referral_earnings)
             left join lateral (select trim(first_name || ' ' || last_name) as name, username, profile_picture
                                  from users where users.id = r.user_id offset 0) u on true`,
          [batch.ranks, batch.ids, batch.coins, batch.referralEarnings],
        );
      }
      await this.betweenSlices();
      await database.query(
        `insert into leaderboard_state (id, active, total, refreshed_at) values (1, $1, $2, $3)
         on conflict (id) do update set active = excluded.active, total = excluded.total,
                                        refreshed_at = excluded.refreshed_at`,
        [next, ranking.total, now],
      );
      return ranking.total;
    } finally {
      slicedRefreshes.delete(database);
    }
  }

  /**
   * Every unbanned player once, by primary key pages. Each player's figures are those of the
   * moment their page was read (D-LB-3). Null when a figure is outside JavaScript's exact range.
   */
  private async readSortKeys(): Promise<SlicedRanking | null> {
    const ranking = new SlicedRanking();
    let after: string | null = null;
    this.sliceStarted = performance.now();
    for (;;) {
      await this.betweenSlices();
      // A constant limit and `users.id` (the column, not an output name) keep the primary key scan.
      const rows: { id: string; referral_earnings: unknown; coins: unknown; created_micros: unknown }[] =
        await this.deps.database.query(
          `select id, referral_earnings, coins, (extract(epoch from created_at) * 1000000)::int8 as created_micros
             from users
            where not is_banned ${after === null ? '' : 'and id > $1'}
            order by users.id limit ${PGLITE_READ_CHUNK}`,
          after === null ? [] : [after],
        );
      const keys: SortKeys[] = [];
      for (const row of rows) {
        const { id, referral_earnings: referralEarnings, coins, created_micros: createdMicros } = row;
        // PGlite hands an int8 outside ±2^53 over as a bigint.
        if (
          typeof referralEarnings !== 'number' ||
          typeof coins !== 'number' ||
          typeof createdMicros !== 'number'
        )
          return null;
        keys.push({ id, referralEarnings, coins, createdMicros });
      }
      ranking.add(keys);
      if (rows.length < PGLITE_READ_CHUNK) return ranking;
      after = rows[rows.length - 1]?.id ?? null;
    }
  }

  /** Yields to the event loop (PGlite answers synchronously); a closed service stops here. */
  private async betweenSlices(): Promise<void> {
    const busy = performance.now() - this.sliceStarted;
    await new Promise((resolve) => setTimeout(resolve, Math.min(busy, PGLITE_MAX_REST_MS)));
    if (this.closed) throw new Error('leaderboard service closed during a refresh');
    this.sliceStarted = performance.now();
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
      `select r.rank, r.name, r.username, r.profile_picture, ${HERO_PICTURE}, r.coins, r.referral_earnings
         from ${TABLE[side]} r ${HERO_JOIN} where r.rank <= $1 order by r.rank`,
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
  async me(userId: string): Promise<LeaderboardMe> {
    const [row] = await this.deps.database.query<SnapshotRow>(
      `select r.rank, r.name, r.username, r.profile_picture, ${HERO_PICTURE}, r.coins, r.referral_earnings
         from ${TABLE[this.side]} r ${HERO_JOIN} where r.user_id = $1`,
      [userId],
    );
    let base: Omit<LeaderboardMe, 'total' | 'refreshed_at'>;
    if (row) base = snapshotEntryView(row);
    else {
      // Not ranked yet (a new player, or no snapshot): their own figures as they are now.
      const [user] = await this.deps.database.query<{
        first_name: string;
        last_name: string;
        username: string;
        profile_picture: string;
        hero_picture: string | null;
        coins: number | string;
        referral_earnings: number | string;
      }>(
        `select u.first_name, u.last_name, u.username, u.profile_picture, c.image as hero_picture,
                u.coins, u.referral_earnings
           from users u left join characters c on c.id = u.selected_character_id
          where u.id = $1`,
        [userId],
      );
      if (!user) throw new Error(`No user ${userId} for the leaderboard`);
      base = {
        rank: null,
        name: [user.first_name, user.last_name].filter(Boolean).join(' '),
        username: user.username,
        profile_picture: user.profile_picture,
        hero_picture: user.hero_picture ?? null,
        coins: Number(user.coins),
        referral_earnings: Number(user.referral_earnings),
      };
    }
    return { ...base, total: this.total, refreshed_at: this.refreshedAt?.toISOString() ?? null };
  }
}
