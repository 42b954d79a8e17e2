/**
 * Bench users over the real server's HTTP API: signed init data per user, registration with
 * the first free hero selected (bounded concurrency), and reading balances back for the
 * correctness checks.
 */
import { signInitData } from '../../apps/server/src/auth/init-data.ts';
import type { ClientIdentity } from './tap-harness.ts';

/** Runs `work` over `items` with at most `concurrency` calls in flight. */
export async function inPool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export function identities(firstId: number, count: number, botToken: string): ClientIdentity[] {
  return Array.from({ length: count }, (_, i) => {
    const telegramId = firstId + i;
    return { telegramId, initData: signInitData({ id: telegramId, first_name: 'Bench' }, botToken) };
  });
}

async function call(url: string, identity: ClientIdentity, method: string, route: string, body?: unknown) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `tma ${identity.initData}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: any };
}

/** Registers every user and selects the first free hero for each. */
export async function registerUsers(url: string, users: ClientIdentity[], concurrency = 16) {
  const first = users[0]!;
  await call(url, first, 'POST', '/v1/user/register', { telegram_user_id: first.telegramId });
  const list = await call(url, first, 'GET', '/v1/characters?is_free=true&limit=10');
  const characterId: string | undefined = list.data.characters[0]?._id;
  if (!characterId) throw new Error('no free character in the catalogue');
  await inPool(users, concurrency, async (user) => {
    if (user !== first)
      await call(url, user, 'POST', '/v1/user/register', { telegram_user_id: user.telegramId });
    await call(url, user, 'POST', `/v1/user/${user.telegramId}/select-character`, { characterId });
  });
  return characterId;
}

export interface StoredBalance {
  coins: number;
  pending: number;
}

/** GET /v1/user/<id> for each user: confirmed coins and what is still pending. */
export function readBalances(url: string, users: ClientIdentity[], concurrency = 16) {
  return inPool(users, concurrency, async (user): Promise<StoredBalance> => {
    const body = await call(url, user, 'GET', `/v1/user/${user.telegramId}`);
    return { coins: Number(body.data.coins), pending: Number(body.data.pending ?? 0) };
  });
}
