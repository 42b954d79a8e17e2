import { balancesSchema } from '@titans/shared/user/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope } from '../../test/fixtures.ts';
import { createApiClient, type ResponseSchema } from './api-client.ts';
import { ApiError } from './api-error.ts';

/** Takes any data: these tests are about the transport, not the shape. */
const anyData: ResponseSchema<unknown> = { safeParse: (data) => ({ success: true, data }) };

function hangingFetch() {
  // Never answers; rejects like the browser when the request is aborted.
  return (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

function setup(fetch: typeof globalThis.fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const logger = { warn: vi.fn(), error: vi.fn() };
  const request = createApiClient({
    baseUrl: '/v1',
    initData: () => 'query_id=1&hash=abc',
    fetch,
    logger,
    ...extra,
  });
  return { request, logger };
}

describe('api client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a request that times out after 8 s is retried once', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementationOnce(hangingFetch())
      .mockResolvedValueOnce(envelope(200, { ok: 1 }));
    const { request, logger } = setup(fetch);

    const result = request('/user/2', anyData);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('retrying once'));
  });

  test('two timeouts in a row give up with a timeout ApiError after the one retry', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(hangingFetch());
    const { request, logger } = setup(fetch);
    const result = request('/user/2', anyData);
    const assertion = expect(result).rejects.toMatchObject({ status: 0, code: 'client/timeout' });
    await vi.advanceTimersByTimeAsync(16_000);
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledOnce();
  });

  test('a network failure is retried once, then thrown to the caller', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const { request } = setup(fetch);
    const error = await request('/characters', anyData).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'client/network' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('a write carries one Idempotency-Key, the same on its retry; reads carry none', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(envelope(200, { ok: 1 }))
      .mockResolvedValueOnce(envelope(200, { ok: 2 }))
      .mockResolvedValueOnce(envelope(200, { ok: 3 }));
    const { request } = setup(fetch);
    await request('/boosts/upgrade', anyData, { method: 'POST', body: { kind: 'tap_power' } });
    await request('/boosts/upgrade', anyData, { method: 'POST', body: { kind: 'tap_power' } });
    await request('/boosts', anyData);
    const keys = fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'],
    );
    expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeUndefined();
  });

  test('a network failure followed by an answer succeeds', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(envelope(200, [1, 2]));
    const { request } = setup(fetch);
    await expect(request('/characters', anyData)).resolves.toEqual([1, 2]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('an HTTP error (4xx) is not retried and carries status, code, message and data', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(
        envelope(404, null, { error: 'user/not-registered', message: 'User is not registered' }),
      );
    const { request, logger } = setup(fetch);
    const error = await request('/user/2', anyData).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'user/not-registered',
      message: 'User is not registered',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('GET /v1/user/2 failed: 404'));
  });

  test('a 5xx answer is not retried either', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(envelope(500, null, { error: 'server/internal' }));
    const { request } = setup(fetch);
    await expect(request('/user/2', anyData)).rejects.toMatchObject({ status: 500 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('a request slower than 500 ms is logged as slow; a fast one is not', async () => {
    const times = [0, 812, 1_000, 1_100];
    const now = () => times.shift() ?? 0;
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => envelope(200, {}));
    const { request, logger } = setup(fetch, { now });
    await request('/user/2', anyData);
    expect(logger.warn).toHaveBeenCalledWith('[api] slow request: GET /v1/user/2 took 812 ms');
    logger.warn.mockClear();
    await request('/user/2', anyData);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  test('calls are signed with the init data; an empty body sends no content type', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => envelope(200, {}));
    const { request } = setup(fetch);
    await request('/user/2/sync-balance', anyData, { method: 'POST' });
    await request('/user/register', anyData, { method: 'POST', body: { telegram_user_id: '2' } });
    const [, first] = fetch.mock.calls[0]!;
    const [, second] = fetch.mock.calls[1]!;
    expect(first?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'tma query_id=1&hash=abc',
      'Idempotency-Key': expect.any(String),
    });
    expect(first?.body).toBeUndefined();
    expect(second?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(second?.body).toBe('{"telegram_user_id":"2"}');
  });

  test('query parameters skip empty values', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(async () => envelope(200, {}));
    const { request } = setup(fetch);
    await request('/characters', anyData, { query: { limit: 100, skip: 0, race: undefined } });
    expect(fetch.mock.calls[0]![0]).toBe('/v1/characters?limit=100&skip=0');
  });

  test('a call already sent (sent) is read, not sent again; if it failed on the way, the retry sends it', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(envelope(200, { from: 'retry' }));
    const { request } = setup(fetch);
    const answered = request('/user/register', anyData, {
      method: 'POST',
      body: { telegram_user_id: '7' },
      sent: Promise.resolve(envelope(200, { from: 'early' })),
    });
    expect(await answered).toEqual({ from: 'early' });
    expect(fetch).not.toHaveBeenCalled();

    const lost = request('/user/register', anyData, {
      method: 'POST',
      body: { telegram_user_id: '7' },
      sent: Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await lost).toEqual({ from: 'retry' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]?.body).toBe('{"telegram_user_id":"7"}');
  });

  test('a call already sent that never answers times out after 8 s like any other', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(envelope(200, { from: 'retry' }));
    const { request } = setup(fetch);
    const result = request('/user/register', anyData, {
      method: 'POST',
      sent: new Promise<Response>(() => {}),
    });
    await vi.advanceTimersByTimeAsync(7_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ from: 'retry' });
  });

  test('a 403 auth/banned from any call reports the ban with its reason', async () => {
    const onBanned = vi.fn();
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(
        envelope(
          403,
          { is_banned: true, ban_reason: 'Cheating' },
          { error: 'auth/banned', message: 'Cheating' },
        ),
      );
    const { request } = setup(fetch, { onBanned });
    await expect(request('/characters', anyData)).rejects.toMatchObject({ status: 403, code: 'auth/banned' });
    expect(onBanned).toHaveBeenCalledWith({ reason: 'Cheating' });
  });

  test('tracked calls are counted while in flight, retries included', async () => {
    let inFlight = 0;
    const seen: number[] = [];
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockImplementationOnce(async () => {
        seen.push(inFlight);
        throw new TypeError('Failed to fetch');
      })
      .mockImplementationOnce(async () => {
        seen.push(inFlight);
        return envelope(201, {});
      });
    const { request } = setup(fetch, { onTrackStart: () => inFlight++, onTrackEnd: () => inFlight-- });
    await request('/user/register', anyData, { method: 'POST', body: {}, track: true });
    expect(seen).toEqual([1, 1]);
    expect(inFlight).toBe(0);
  });

  test('a cancelled call is not retried', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockImplementation(hangingFetch());
    const { request } = setup(fetch);
    const controller = new AbortController();
    const result = request('/user/2', anyData, { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test('the data is parsed with the shared schema: what it keeps comes back, typed', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(
        envelope(200, { coins: 5, gems: 1, energy: 3, max_energy: 10, pending: 0, extra: true }),
      );
    const { request } = setup(fetch);
    const balances = await request('/user/2/sync-balance', balancesSchema, { method: 'POST' });
    expect(balances).toEqual({ coins: 5, gems: 1, energy: 3, max_energy: 10, pending: 0 });
  });

  test('an answer that does not match its schema is a bad-response ApiError, logged with the path, not retried', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(envelope(200, { coins: '5', gems: 1, energy: 3, max_energy: 10, pending: 0 }));
    const { request, logger } = setup(fetch);
    const error = await request('/user/2/sync-balance', balancesSchema, { method: 'POST' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'client/bad-response' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('unexpected answer (coins:'));
  });
});
