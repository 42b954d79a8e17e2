import { MAX_CLIENT_IDS_PER_PLAYER, TAP_SESSION_RETENTION_DAYS } from '@titans/shared/constants';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EPHEMERAL_CLIENT } from '../core/shared-constants.ts';
import type { Database } from '../db/database.ts';
import { tapSessions } from '../db/schema.ts';

/** A client's batch numbers (T3): what was applied in memory and what is known durable. */
export interface ClientSeq {
  /** Highest batch applied in memory. */
  applied: number;
  /** Highest batch known durable. */
  durable: number;
}

/** A player's clients, least recently used first: the map's order is the eviction order (D-BOUND-1). */
export type ClientSeqs = Map<string, ClientSeq>;

/** A client id and the batch number the flush makes durable for it. */
export type WrittenSeq = [clientId: string, seq: number];

/**
 * The client-id sessions of the tap stream: each page load taps under its own client id, and a
 * resent batch (`seq`) counts once per client. Numbers live in the player's memory and in
 * `tap_sessions` (written by the flush); a player keeps MAX_CLIENT_IDS_PER_PLAYER clients, and the
 * rows of forgotten ones are pruned here.
 */
export class ClientSessions {
  /** Players whose forgotten client ids still have tap_sessions rows. */
  private readonly prunable = new Set<string>();

  constructor(
    private readonly database: Database,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** A player's most recent clients as stored (D-BOUND-1: older rows are pruned). */
  async load(userId: string): Promise<ClientSeqs> {
    const sessions = await this.database.db
      .select({ clientId: tapSessions.clientId, lastSeq: tapSessions.lastSeq })
      .from(tapSessions)
      .where(eq(tapSessions.userId, userId))
      .orderBy(desc(tapSessions.updatedAt), desc(tapSessions.lastSeq))
      .limit(MAX_CLIENT_IDS_PER_PLAYER + 1);
    if (sessions.length > MAX_CLIENT_IDS_PER_PLAYER) {
      sessions.length = MAX_CLIENT_IDS_PER_PLAYER;
      this.prunable.add(userId);
    }
    sessions.reverse(); // oldest first
    return new Map(
      sessions.map((session) => [session.clientId, { applied: session.lastSeq, durable: session.lastSeq }]),
    );
  }

  /**
   * T3: takes batch `seq` of a client into the player's numbers; false when that batch was
   * applied already (a resend), which then counts nothing.
   */
  accept(userId: string, seqs: ClientSeqs, clientId: string, seq: number): boolean {
    const known = seqs.get(clientId);
    if (known && seq <= known.applied) return false;
    if (known) {
      known.applied = seq;
      // Most recently used last, so the bound forgets the client unused the longest.
      if (seqs.size > 1) {
        seqs.delete(clientId);
        seqs.set(clientId, known);
      }
    } else {
      seqs.set(clientId, { applied: seq, durable: 0 });
      this.bound(userId, seqs);
    }
    return true;
  }

  /** D-BOUND-1: a player keeps the batch numbers of their MAX_CLIENT_IDS_PER_PLAYER latest clients. */
  private bound(userId: string, seqs: ClientSeqs) {
    for (const oldest of seqs.keys()) {
      if (seqs.size <= MAX_CLIENT_IDS_PER_PLAYER) return;
      seqs.delete(oldest);
      if (!oldest.startsWith(EPHEMERAL_CLIENT)) this.prunable.add(userId);
    }
  }

  /** A socket without a client id of its own has closed: its numbers can never be resent. */
  closed(seqs: ClientSeqs, clientId: string) {
    if (clientId.startsWith(EPHEMERAL_CLIENT)) seqs.delete(clientId);
  }

  /** The numbers a flush makes durable: batch numbers of socket-only clients matter only while it lives. */
  toWrite(seqs: ClientSeqs): WrittenSeq[] {
    const written: WrittenSeq[] = [];
    for (const [clientId, seq] of seqs)
      if (!clientId.startsWith(EPHEMERAL_CLIENT)) written.push([clientId, seq.applied]);
    return written;
  }

  /** A flush committed these numbers: they are durable now. */
  confirm(seqs: ClientSeqs, written: readonly WrittenSeq[]) {
    for (const [clientId, seq] of written) {
      const known = seqs.get(clientId);
      if (known && seq > known.durable) known.durable = seq;
    }
  }

  /**
   * Each page load is a new client id, so stored batch numbers older than a week (no resend
   * arrives that late) are deleted; the engine runs this hourly.
   */
  async forgetOld(maxAgeDays = TAP_SESSION_RETENTION_DAYS) {
    try {
      await this.database.query(
        `delete from tap_sessions where updated_at < now() - make_interval(days => $1::int)`,
        [maxAgeDays],
      );
    } catch (error) {
      this.logger.error({ err: error }, 'could not delete old tap sessions');
    }
  }

  /**
   * Deletes the tap_sessions rows of players who had client ids forgotten, beyond their most
   * recent MAX_CLIENT_IDS_PER_PLAYER (every flush touches the ones in memory, so those are the
   * most recent). Runs every minute; errors are logged and the players stay queued.
   */
  async prune() {
    if (this.prunable.size === 0) return;
    const userIds = [...this.prunable];
    this.prunable.clear();
    try {
      await this.database.query(
        `delete from tap_sessions t
          using (select user_id, client_id,
                        row_number() over (partition by user_id order by updated_at desc, last_seq desc) as rank
                   from tap_sessions where user_id = any($1::uuid[])) ranked
          where ranked.rank > $2 and t.user_id = ranked.user_id and t.client_id = ranked.client_id`,
        [userIds, MAX_CLIENT_IDS_PER_PLAYER],
      );
    } catch (error) {
      for (const userId of userIds) this.prunable.add(userId);
      this.logger.error({ err: error }, 'could not prune old client ids');
    }
  }
}
