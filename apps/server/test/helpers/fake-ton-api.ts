import { randomBytes } from 'node:crypto';
import http from 'node:http';

export interface FakeTransfer {
  /** Hex hash (64 characters). */
  hash: string;
  /** The account the transaction belongs to and the message's destination (raw `0:hex`). */
  to: string;
  /** Sender (raw); null makes it an external message. */
  from: string | null;
  /** Nanotons. */
  value: bigint;
  comment: string | null;
  /** Committed to the masterchain (mc_block_seqno set). */
  final: boolean;
}

export interface FakeTonApi {
  /** Use as TON_API_ROOT. */
  url: string;
  add(transfer: Partial<FakeTransfer> & Pick<FakeTransfer, 'to' | 'value'>): FakeTransfer;
  /** While down, every call answers 503 (as an overloaded toncenter does). */
  down: boolean;
  lookups: number;
  close(): Promise<void>;
}

export function randomTonAddress(): string {
  return `0:${randomBytes(32).toString('hex')}`;
}

/**
 * A local stand-in for the TON HTTP API (toncenter v3): `GET /api/v3/transactions?hash=…`
 * answers `{transactions: [...], address_book: {...}}` in its wire format: raw upper-case
 * addresses, base64 hashes, nanoton strings, decoded text comments.
 */
export async function startFakeTonApi(): Promise<FakeTonApi> {
  const transfers = new Map<string, FakeTransfer>();
  const state = { down: false, lookups: 0 };
  const upper = (raw: string) => raw.toUpperCase().replace(/^0X/, '');

  const wire = (t: FakeTransfer) => ({
    account: upper(t.to),
    hash: Buffer.from(t.hash, 'hex').toString('base64'),
    lt: '47000000000001',
    now: Math.floor(Date.now() / 1000),
    mc_block_seqno: t.final ? 40_000_000 : null,
    orig_status: 'active',
    end_status: 'active',
    total_fees: '2000000',
    description: {
      type: 'ord',
      aborted: false,
      destroyed: false,
      credit_first: true,
      compute_ph: { skipped: false, success: true, exit_code: 0 },
      action: { success: true, result_code: 0 },
    },
    in_msg: {
      hash: randomBytes(32).toString('base64'),
      source: t.from ? upper(t.from) : null,
      destination: upper(t.to),
      value: t.from ? t.value.toString() : null,
      fwd_fee: '266669',
      bounce: false,
      bounced: false,
      created_lt: '47000000000000',
      opcode: t.comment === null ? null : '0x00000000',
      message_content: {
        hash: randomBytes(32).toString('base64'),
        body: 'te6cckEBAQEAAgAAAEysuc0=',
        decoded: t.comment === null ? null : { type: 'text_comment', comment: t.comment },
      },
    },
    out_msgs: [],
  });

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (url.pathname !== '/api/v3/transactions') return send(404, { error: 'not found' });
    state.lookups++;
    if (state.down) return send(503, { error: 'service unavailable' });
    const account = url.searchParams.get('account');
    if (account) {
      const limit = Number(url.searchParams.get('limit') ?? '10');
      const listed = [...transfers.values()]
        .filter((transfer) => transfer.to.toLowerCase() === account.toLowerCase())
        .reverse()
        .slice(0, limit);
      return send(200, { transactions: listed.map(wire), address_book: {} });
    }
    const asked = url.searchParams.get('hash') ?? '';
    const key = /^[0-9a-fA-F]{64}$/.test(asked)
      ? asked.toLowerCase()
      : Buffer.from(asked.replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('hex');
    const found = transfers.get(key);
    send(200, { transactions: found ? [wire(found)] : [], address_book: {} });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    add(partial) {
      const transfer: FakeTransfer = {
        hash: randomBytes(32).toString('hex'),
        from: randomTonAddress(),
        comment: null,
        final: true,
        ...partial,
      };
      transfers.set(transfer.hash, transfer);
      return transfer;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get lookups() {
      return state.lookups;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
