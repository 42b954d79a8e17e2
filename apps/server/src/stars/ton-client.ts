import { normalizeTonAddress, normalizeTxHash } from './ton-address.ts';

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

export interface TonClient {
  transaction(hash: string): Promise<TonLookup>;
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

/**
 * A small client of the TON HTTP API (toncenter v3: `GET /api/v3/transactions?hash=…`). Network
 * failures, timeouts, 429 and 5xx answer `unavailable` (nothing is credited, the player may try
 * again); a hash the API does not know answers `not-found`.
 */
export function createTonClient(options: {
  apiRoot: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
}) {
  const timeoutMs = options.timeoutMs ?? 8_000;
  return {
    async transaction(hash: string): Promise<TonLookup> {
      const url = new URL('/api/v3/transactions', `${options.apiRoot}/`);
      url.searchParams.set('hash', hash);
      url.searchParams.set('limit', '1');
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json', ...(options.apiKey ? { 'X-API-Key': options.apiKey } : {}) },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { ok: false, reason: 'unavailable', detail: (error as Error).message };
      }
      if (response.status === 429 || response.status >= 500)
        return { ok: false, reason: 'unavailable', detail: `HTTP ${response.status}` };
      // The API answers 4xx for a hash it cannot parse: to the player that is an unknown hash.
      if (!response.ok) return { ok: false, reason: 'not-found', detail: `HTTP ${response.status}` };
      let body: { transactions?: V3Transaction[] };
      try {
        body = (await response.json()) as { transactions?: V3Transaction[] };
      } catch {
        return { ok: false, reason: 'unavailable', detail: 'invalid JSON' };
      }
      const found = body.transactions?.[0];
      if (!found) return { ok: false, reason: 'not-found' };
      const message = found.in_msg ?? null;
      const decoded = message?.message_content?.decoded;
      return {
        ok: true,
        transaction: {
          hash: normalizeTxHash(found.hash) ?? found.hash,
          account: normalizeTonAddress(found.account) ?? found.account,
          source: message?.source ? normalizeTonAddress(message.source) : null,
          destination: message?.destination ? normalizeTonAddress(message.destination) : null,
          value: BigInt(message?.value ?? '0'),
          comment:
            decoded?.type === 'text_comment' && typeof decoded.comment === 'string' ? decoded.comment : null,
          final:
            found.mc_block_seqno !== null &&
            found.mc_block_seqno !== undefined &&
            found.description?.aborted !== true &&
            found.description?.compute_ph?.success !== false,
        },
      };
    },
  } satisfies TonClient;
}
