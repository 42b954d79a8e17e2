import type { AuditEntry } from '@titans/shared/admin/schemas';
import type { Db, Tx } from '../db/database.ts';
import { adminAudit } from '../db/schema.ts';

/** The operator actions admin_audit records (decisions D-OPS-1). */
export type AuditAction = 'grant' | 'take' | 'kick' | 'void-battle' | 'refund' | 'catalogue-reload';

export interface AuditRecord {
  actor: string;
  action: AuditAction;
  userId: string | null;
  reason: string;
  idempotencyKey?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one admin_audit row and answers its id. A money action calls it with the balance
 * change's `money.tx`, so the audit row and the ledger row commit or roll back together, and the
 * unique (action, idempotency_key) index refuses a second row for the same key.
 */
export async function recordAudit(db: Db | Tx, record: AuditRecord): Promise<number> {
  const [row] = await db
    .insert(adminAudit)
    .values({
      actor: record.actor,
      action: record.action,
      userId: record.userId,
      reason: record.reason,
      idempotencyKey: record.idempotencyKey ?? null,
      details: record.details ?? {},
    })
    .returning({ id: adminAudit.id });
  if (!row) throw new Error('admin_audit insert returned no row');
  return row.id;
}

export function auditView(row: typeof adminAudit.$inferSelect): AuditEntry {
  return {
    id: row.id,
    actor: row.actor,
    action: row.action,
    reason: row.reason,
    idempotency_key: row.idempotencyKey,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}
