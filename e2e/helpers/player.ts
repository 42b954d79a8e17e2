import { eq } from 'drizzle-orm';
import type { TitansApp } from '../../apps/server/src/app.ts';
import { userItems, users } from '../../apps/server/src/db/schema.ts';

/** Plays the setup steps a test does not look at, through the same API the app calls. */
export async function devInitData(baseUrl: string, startParam?: string): Promise<string> {
  const query = startParam ? `?start_param=${encodeURIComponent(startParam)}` : '';
  const response = await fetch(`${baseUrl}/v1/dev/init-data${query}`);
  const body = (await response.json()) as { data: { init_data: string } };
  return body.data.init_data;
}

async function call(baseUrl: string, initData: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/v1${path}`, {
    method,
    headers: {
      Authorization: `tma ${initData}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: any; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/** Registers the development player and chooses the first free hero, as onboarding would. */
export async function registerWithHero(baseUrl: string): Promise<{ heroId: string; heroName: string }> {
  const initData = await devInitData(baseUrl);
  await call(baseUrl, initData, 'POST', '/user/register', { telegram_user_id: '00000002' });
  const list = await call(baseUrl, initData, 'GET', '/characters?limit=100&skip=0');
  const hero = list.characters.find((character: { is_free: boolean }) => character.is_free);
  await call(baseUrl, initData, 'POST', '/user/00000002/select-character', { characterId: hero._id });
  return { heroId: hero._id, heroName: hero.name };
}

/** The development player's row id (users.id) in the in-process server's database. */
export async function devUserId(titans: TitansApp): Promise<string> {
  const [row] = await titans.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.telegramUserId, 2n))
    .limit(1);
  if (!row) throw new Error('The development player is not registered');
  return row.id;
}

/** Durable coins of the development player, read from the database. */
export async function storedCoins(titans: TitansApp): Promise<number> {
  const [row] = await titans.database.db
    .select({ coins: users.coins })
    .from(users)
    .where(eq(users.telegramUserId, 2n))
    .limit(1);
  return Number(row?.coins);
}

/** Credits coins through the ledger, as any reward would (one transaction, one ledger row). */
export async function giveCoins(titans: TitansApp, amount: number, key: string): Promise<void> {
  const userId = await devUserId(titans);
  const result = await titans.gateway.change(userId, (money) =>
    money.apply({ userId, currency: 'coins', delta: amount, reason: 'e2e', idempotencyKey: key }),
  );
  if (!result.ok) throw new Error(`giveCoins failed: ${result.code}`);
}

/**
 * Sets the player's energy now, the way the refill does: through the balance gateway, which
 * pushes statusUpdated to the open page.
 */
export async function setEnergy(titans: TitansApp, energy: number): Promise<void> {
  const userId = await devUserId(titans);
  const result = await titans.gateway.change(userId, (money) => money.setEnergy(userId, energy));
  if (!result.ok) throw new Error(`setEnergy failed: ${result.code}`);
}

/** Puts a catalogue item in the player's inventory (an item owned once: unique key = item id). */
export async function giveItem(titans: TitansApp, itemId: string): Promise<void> {
  const userId = await devUserId(titans);
  await titans.database.db.insert(userItems).values({ userId, itemId, uniqueKey: itemId, purchasePrice: 0 });
}
