import { PLAYER_ROUTE_HEADER, PLAYER_ROUTE_QUERY } from '@titans/shared/cluster/player-route';
import { describe, expect, test, vi } from 'vitest';
import { envelope } from '../../test/fixtures.ts';
import { createApiClient, type ResponseSchema } from './api-client.ts';
import {
  RealtimeConnection,
  type SocketFactory,
  type TitansClientSocket,
} from './realtime/realtime-connection.ts';

/** Takes any data: these tests are about the transport, not the shape. */
const anyData: ResponseSchema<unknown> = { safeParse: (data) => ({ success: true, data }) };

// D-CLUSTER-12: the balancer in front of a cluster hashes on the player id the client sends.
const INIT_DATA = `query_id=1&user=${encodeURIComponent(JSON.stringify({ id: 424_242, first_name: 'Ann' }))}&hash=abc`;

describe('player-id routing', () => {
  test('every REST call carries the player id of its init data', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(envelope(200, { ok: 1 }));
    const request = createApiClient({ baseUrl: '/v1', initData: () => INIT_DATA, fetch });
    await request('/user/424242', anyData);
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers[PLAYER_ROUTE_HEADER]).toBe('424242');
  });

  test('no init data with a user: no routing header', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(envelope(200, { ok: 1 }));
    const request = createApiClient({ baseUrl: '/v1', initData: () => 'query_id=1&hash=abc', fetch });
    await request('/user/2', anyData);
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers[PLAYER_ROUTE_HEADER]).toBeUndefined();
  });

  test('the socket handshake carries it as a query parameter', () => {
    let options: Record<string, unknown> = {};
    const createSocket: SocketFactory = (given) => {
      options = given as Record<string, unknown>;
      return { on() {}, io: { on() {} } } as unknown as TitansClientSocket;
    };
    new RealtimeConnection({
      telegramUserId: '424242',
      initData: () => INIT_DATA,
      clientId: 'client-abcdef12',
      createSocket,
      onStatus: () => {},
      visibility: undefined,
      network: undefined,
    });
    expect(options.query).toEqual({ [PLAYER_ROUTE_QUERY]: '424242' });
  });
});
