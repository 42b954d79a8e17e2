import { normalizeTonAddress, normalizeTxHash } from '../core/ton-address.ts';

/** What Titans needs to know about one transaction on the TON chain. */
export interface TonTransaction {
  /** The transaction hash, hex. */
  hash: string;
  /** The account the transaction belongs to (raw form). */
  account: string;
  /** The incoming message's sender (raw form), or null for an external message. */
  source: string | null;
  /** The incoming message's destination (raw form). */
  destination: string | null;
  /** Nanotons carried by the incoming message. */
  value: bigint;
  /** The incoming message's text comment, if it has one. */
  comment: string | null;
  /** Committed to a masterchain block and not aborted. */
  final: boolean;
}

export type TonLookup =
  | { ok: true; transaction: TonTransaction }
  | { ok: false; reason: 'not-found' | 'unavailable'; detail?: string };

export type TonListing =
  | { ok: true; transactions: TonTransaction[] }
  | { ok: false; reason: 'unavailable'; detail?: string };

export interface TonClient {
  transaction(hash: string): Promise<TonLookup>;
  /** The account's latest transactions, newest first. */
  recent(account: string, limit: number): Promise<TonListing>;
}

interface V3Message {
  source?: string | null;
  destination?: string | null;
  value?: string | null;
  message_content?: { decoded?: { type?: string; comment?: string } | null } | null;
}

interface V3Transaction {
  account: string;
  hash: string;
  mc_block_seqno?: number | null;
  description?: { aborted?: boolean; compute_ph?: { success?: boolean } } | null;
  in_msg?: V3Message | null;
}

function toTransaction(found: V3Transaction): TonTransaction {
  const message = found.in_msg ?? null;
  const decoded = message?.message_content?.decoded;
  return {
    hash: normalizeTxHash(found.hash) ?? found.hash,
    account: normalizeTonAddress(found.account) ?? found.account,
    source: message?.source ? normalizeTonAddress(message.source) : null,
    destination: message?.destination ? normalizeTonAddress(message.destination) : null,
    value: BigInt(message?.value ?? '0'),
    comment: decoded?.type === 'text_comment' && typeof decoded.comment === 'string' ? decoded.comment : null,
    final:
      found.mc_block_seqno !== null &&
      found.mc_block_seqno !== undefined &&
      found.description?.aborted !== true &&
      found.description?.compute_ph?.success !== false,
  };
}

/**
 * A small client of the TON HTTP API (toncenter v3: `GET /api/v3/transactions?hash=…` and
 * `?account=…&sort=desc`). Network
 * failures, timeouts, 429 and 5xx answer `unavailable` (nothing is credited, the player may try
 * again); a hash the API does not know answers `not-found`.
 */
export function createTonClient(options: {
  apiRoot: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
}) {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const get = async (query: Record<string, string>) => {
    const url = new URL('/api/v3/transactions', `${options.apiRoot}/`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json', ...(options.apiKey ? { 'X-API-Key': options.apiKey } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { kind: 'unavailable' as const, detail: (error as Error).message };
    }
    if (response.status === 429 || response.status >= 500)
      return { kind: 'unavailable' as const, detail: `HTTP ${response.status}` };
    // The API answers 4xx for a hash it cannot parse: to the player that is an unknown hash.
    if (!response.ok) return { kind: 'refused' as const, detail: `HTTP ${response.status}` };
    try {
      const body = (await response.json()) as { transactions?: V3Transaction[] };
      return { kind: 'ok' as const, transactions: (body.transactions ?? []).map(toTransaction) };
    } catch {
      return { kind: 'unavailable' as const, detail: 'invalid JSON' };
    }
  };
  return {
    async transaction(hash: string): Promise<TonLookup> {
      const answer = await get({ hash, limit: '1' });
      if (answer.kind === 'unavailable') return { ok: false, reason: 'unavailable', detail: answer.detail };
      if (answer.kind === 'refused') return { ok: false, reason: 'not-found', detail: answer.detail };
      const found = answer.transactions[0];
      return found ? { ok: true, transaction: found } : { ok: false, reason: 'not-found' };
    },
    async recent(account: string, limit: number): Promise<TonListing> {
      const answer = await get({ account, limit: String(limit), sort: 'desc' });
      if (answer.kind !== 'ok') return { ok: false, reason: 'unavailable', detail: answer.detail };
      return { ok: true, transactions: answer.transactions };
    },
  } satisfies TonClient;
}
