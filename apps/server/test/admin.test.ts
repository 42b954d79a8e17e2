import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAudit,
  battles,
  boosterActivations,
  characters,
  diamondPackages,
  items,
  ledger,
  purchases,
  userItems,
  users,
} from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const ADMIN_TOKEN = 'admin-token-for-the-tests-0123456789';

/** Calls the admin API as `npm run ops` does. */
function operator(t: TestApp) {
  return (method: string, route: string, body?: unknown, token = ADMIN_TOKEN) =>
    t.call(null, method, route, body, { authorization: `Bearer ${token}` });
}

const grantBody = (key: string, asset: Record<string, unknown>, reason = 'ticket: lost coins') => ({
  actor: 'alice',
  reason,
  idempotency_key: key,
  asset,
});

async function ledgerRowsWithKey(t: TestApp, key: string) {
  return t.database.db.select().from(ledger).where(eq(ledger.idempotencyKey, key));
}

async function auditRows(t: TestApp, action: string, key: string) {
  return t.database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.idempotencyKey, key)));
}

describe('admin API without ADMIN_TOKEN', () => {
  it('OPS1 is not mounted at all: an admin path answers like any unknown path', async () => {
    const t = await startTestApp('pglite');
    try {
      const headers = { authorization: 'Bearer anything-at-all-0123456789' };
      const admin = await t.call(null, 'GET', '/admin/players?telegram_user_id=1', undefined, headers);
      const unknown = await t.call(null, 'GET', '/no-such-path/players', undefined, headers);
      // The app's page where the web app is built, else the not-found envelope: whichever, the same.
      expect(admin.status).toBe(unknown.status);
      expect(admin.body.data).toEqual(unknown.body.data);
      expect(admin.body.error).toEqual(unknown.body.error);
      expect(admin.body.data?.players).toBeUndefined();
    } finally {
      await t.close();
    }
  }, 120_000);
});

describeEachDatabase('admin API', (kind) => {
  let t: TestApp;
  let op: ReturnType<typeof operator>;
  let nextId = 61_000;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ADMIN_TOKEN, TAP_FLUSH_INTERVAL_MS: '50' } });
    op = operator(t);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  const open = async (telegramId: number) => {
    const socket = await connectSocket(t.url, t.initData(telegramId), `client-ops-${telegramId}`);
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    return socket;
  };

  it('OPS1 refuses calls without the token (401) and with player init data (403)', async () => {
    const id = nextId++;
    await readyPlayer(t, id);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/admin/players?telegram_user_id=${id}`],
      ['POST', `/admin/players/${id}/grant`, grantBody('ticket-auth-1', { kind: 'coins', amount: 5 })],
      ['POST', `/admin/players/${id}/kick`, { actor: 'alice', reason: 'testing kicks' }],
      ['GET', `/admin/players/${id}/payments`],
      ['GET', '/admin/battles'],
      ['POST', '/admin/catalogue/reload', { actor: 'alice', reason: 'testing reloads' }],
    ];
    for (const [method, route, body] of routes) {
      const none = await t.call(null, method, route, body);
      expect(none.status, `${method} ${route} without a token`).toBe(401);
      expect(none.body.error).toBe('auth/missing');
      const wrong = await op(method, route, body, 'not-the-admin-token-0123456789');
      expect(wrong.status, `${method} ${route} with a wrong token`).toBe(401);
      const player = await t.call(id, method, route, body);
      expect(player.status, `${method} ${route} with init data`).toBe(403);
      expect(player.body.error).toBe('auth/forbidden');
    }
    expect(await ledgerRowsWithKey(t, 'ops:grant:ticket-auth-1')).toHaveLength(0);
  });

  it('OPS2 a grant is one ledger row and one audit row, pushed to the player, and done once per key', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const socket = await open(id);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const body = grantBody('ticket-1001', { kind: 'coins', amount: 750 });
    const pushed = socket.next('statusUpdated', (status) => status.coins === before!.coins + 750);
    const first = await op('POST', `/admin/players/${id}/grant`, body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ action: 'grant', balance_after: before!.coins + 750 });
    await pushed;

    const again = await op('POST', `/admin/players/${id}/grant`, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);

    const rows = await ledgerRowsWithKey(t, 'ops:grant:ticket-1001');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId, currency: 'coins', delta: 750, reason: 'ops:grant' });
    expect(rows[0]!.meta).toEqual({ actor: 'alice', reason: 'ticket: lost coins' });
    const audit = await auditRows(t, 'grant', 'ticket-1001');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'alice', userId, reason: 'ticket: lost coins' });
    expect(audit[0]!.id).toBe(first.body.data.audit_id);
    expect(await ledgerMatches(t, userId)).toEqual({
      coins: before!.coins + 750,
      ledger: before!.coins + 750,
    });
  });

  it('OPS2 the same key for another amount or another player is refused and writes nothing', async () => {
    const a = nextId++;
    const b = nextId++;
    await readyPlayer(t, a);
    await readyPlayer(t, b);
    const first = await op(
      'POST',
      `/admin/players/${a}/grant`,
      grantBody('ticket-1002', { kind: 'gems', amount: 3 }),
    );
    expect(first.status).toBe(200);
    const otherAmount = await op(
      'POST',
      `/admin/players/${a}/grant`,
      grantBody('ticket-1002', { kind: 'gems', amount: 30 }),
    );
    expect(otherAmount.status).toBe(422);
    expect(otherAmount.body.error).toBe('request/idempotency-mismatch');
    const otherPlayer = await op(
      'POST',
      `/admin/players/${b}/grant`,
      grantBody('ticket-1002', { kind: 'gems', amount: 3 }),
    );
    expect(otherPlayer.status).toBe(422);
    expect(await ledgerRowsWithKey(t, 'ops:grant:ticket-1002')).toHaveLength(1);
    expect(await auditRows(t, 'grant', 'ticket-1002')).toHaveLength(1);
  });

  it('OPS2 concurrent repeats of one grant credit once', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const body = grantBody('ticket-1003', { kind: 'coins', amount: 100 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => op('POST', `/admin/players/${id}/grant`, body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.coins).toBe(before!.coins + 100);
    expect(await ledgerRowsWithKey(t, 'ops:grant:ticket-1003')).toHaveLength(1);
    expect(await auditRows(t, 'grant', 'ticket-1003')).toHaveLength(1);
  });

  it('OPS2 a take debits through the ledger; more than the balance is refused and writes nothing', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await grantCoins(t, userId, 1_000);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, userId));
    const tooMuch = await op(
      'POST',
      `/admin/players/${id}/take`,
      grantBody('ticket-1004', { kind: 'coins', amount: before!.coins + 1 }, 'chargeback'),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('ledger/insufficient-funds');
    expect(await auditRows(t, 'take', 'ticket-1004')).toHaveLength(0);

    const taken = await op(
      'POST',
      `/admin/players/${id}/take`,
      grantBody('ticket-1005', { kind: 'coins', amount: 400 }, 'chargeback'),
    );
    expect(taken.status).toBe(200);
    expect(taken.body.data.balance_after).toBe(before!.coins - 400);
    const rows = await ledgerRowsWithKey(t, 'ops:take:ticket-1005');
    expect(rows.map((row) => [row.delta, row.reason])).toEqual([[-400, 'ops:take']]);
    expect(await auditRows(t, 'take', 'ticket-1005')).toHaveLength(1);
    expect(await ledgerMatches(t, userId)).toEqual({
      coins: before!.coins - 400,
      ledger: before!.coins - 400,
    });
  });

  it('OPS2 items: a grant owns it once (audited), a take removes it and unequips a background', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const [background] = await t.database.db
      .select()
      .from(items)
      .where(eq(items.itemType, 'background'))
      .limit(1);
    const itemId = background!.id;
    const granted = await op(
      'POST',
      `/admin/players/${id}/grant`,
      grantBody('ticket-1006', { kind: 'item', item_id: itemId }),
    );
    expect(granted.status).toBe(200);
    expect(granted.body.data).toMatchObject({ balance_after: null, user_item_id: expect.any(String) });
    const twice = await op(
      'POST',
      `/admin/players/${id}/grant`,
      grantBody('ticket-1007', { kind: 'item', item_id: itemId }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('shop/item-owned');
    const listed = await t.call(id, 'GET', `/v1/marketplace/items/${itemId}`);
    expect(listed.body.data.is_owned ?? listed.body.data.isOwned).toBe(true);

    await t.database.db.update(users).set({ backgroundItemId: itemId }).where(eq(users.id, userId));
    const taken = await op(
      'POST',
      `/admin/players/${id}/take`,
      grantBody('ticket-1008', { kind: 'item', item_id: itemId }),
    );
    expect(taken.status).toBe(200);
    expect(taken.body.data.user_item_id).toBe(granted.body.data.user_item_id);
    const left = await t.database.db.select().from(userItems).where(eq(userItems.userId, userId));
    expect(left).toHaveLength(0);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(after!.backgroundItemId).toBeNull();
    expect(await auditRows(t, 'grant', 'ticket-1006')).toHaveLength(1);
    expect(await auditRows(t, 'take', 'ticket-1008')).toHaveLength(1);
    const notOwned = await op(
      'POST',
      `/admin/players/${id}/take`,
      grantBody('ticket-1009', { kind: 'item', item_id: itemId }),
    );
    expect(notOwned.status).toBe(404);
    const unknown = await op(
      'POST',
      `/admin/players/${id}/grant`,
      grantBody('ticket-1010', { kind: 'item', item_id: 'no-such-item' }),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('shop/item-not-found');
  });

  it('OPS2 a granted booster starts its effect window like a purchase; taking it ends the effect', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const [booster] = await t.database.db.select().from(items).where(eq(items.itemType, 'boost')).limit(1);
    const granted = await op(
      'POST',
      `/admin/players/${id}/grant`,
      grantBody('ticket-1011', { kind: 'item', item_id: booster!.id }),
    );
    expect(granted.status).toBe(200);
    const running = await t.marketplace.activeBoosts(userId);
    expect(running.boosts.map((boost) => boost.itemId)).toEqual([booster!.id]);
    const taken = await op(
      'POST',
      `/admin/players/${id}/take`,
      grantBody('ticket-1012', { kind: 'item', item_id: booster!.id }),
    );
    expect(taken.status).toBe(200);
    expect((await t.marketplace.activeBoosts(userId)).boosts).toEqual([]);
    expect(
      await t.database.db.select().from(boosterActivations).where(eq(boosterActivations.userId, userId)),
    ).toEqual([]);
  });

  it('OPS3 a kick closes every socket of the player with socket/kicked and is audited', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const socket = await open(id);
    const told = socket.next('error' as never);
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const kicked = await op('POST', `/admin/players/${id}/kick`, { actor: 'bob', reason: 'stuck session' });
    expect(kicked.status).toBe(200);
    expect(kicked.body.data).toEqual({ sockets: 1, other_processes: 0 });
    expect(await told).toMatchObject({ code: 'socket/kicked' });
    await closed;
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.userId, userId));
    expect(audit.map((row) => [row.action, row.actor, row.reason])).toEqual([
      ['kick', 'bob', 'stuck session'],
    ]);
    // The player may connect again at once.
    await open(id);
  });

  it('OPS4 a lookup by Telegram id or username shows balances, presence, ledger, payments and audit', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    await op('POST', `/admin/players/${id}/grant`, grantBody('ticket-1013', { kind: 'coins', amount: 42 }));
    const [pkg] = await t.database.db.select().from(diamondPackages).limit(1);
    await t.database.db.insert(purchases).values({
      userId,
      packageId: pkg!.id,
      method: 'stars',
      status: 'paid',
      orderRef: `order-${id}`,
      starsAmount: pkg!.priceStars,
      diamonds: pkg!.diamondAmount,
      telegramPaymentChargeId: `charge-${id}`,
    });
    await open(id);

    const byId = await op('GET', `/admin/players?telegram_user_id=${id}`);
    expect(byId.status).toBe(200);
    const report = byId.body.data;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(report.player).toMatchObject({
      id: userId,
      telegram_user_id: String(id),
      username: `player${id}`,
      coins: row!.coins,
      gems: row!.gems,
      level: 1,
      is_banned: false,
    });
    expect(report.player.max_energy).toBeGreaterThan(0);
    expect(report.online).toEqual({ sockets: 1, other_processes: 0, battle_id: null, queued: false });
    expect(report.ledger[0]).toMatchObject({ delta: 42, reason: 'ops:grant' });
    expect(
      report.payments.map(
        (payment: { telegram_payment_charge_id: string }) => payment.telegram_payment_charge_id,
      ),
    ).toEqual([`charge-${id}`]);
    expect(report.audit.map((entry: { action: string }) => entry.action)).toEqual(['grant']);
    expect(report.possessions.some((entry: { kind: string }) => entry.kind === 'character')).toBe(true);

    const byName = await op('GET', `/admin/players?username=@PLAYER${id}`);
    expect(byName.status).toBe(200);
    expect(byName.body.data.player.id).toBe(userId);
    const payments = await op('GET', `/admin/players/${id}/payments`);
    expect(payments.body.data).toHaveLength(1);

    expect((await op('GET', '/admin/players?telegram_user_id=999999999')).status).toBe(404);
    expect((await op('GET', '/admin/players')).status).toBe(400);
    expect((await op('GET', `/admin/players?telegram_user_id=${id}&username=x`)).status).toBe(400);
  });

  it('OPS4 a username several accounts used answers the candidates', async () => {
    const a = nextId++;
    const b = nextId++;
    await readyPlayer(t, a);
    await readyPlayer(t, b);
    await t.database.db
      .update(users)
      .set({ username: 'shared_name' })
      .where(eq(users.telegramUserId, BigInt(a)));
    await t.database.db
      .update(users)
      .set({ username: 'Shared_Name' })
      .where(eq(users.telegramUserId, BigInt(b)));
    const found = await op('GET', '/admin/players?username=shared_name');
    expect(found.status).toBe(200);
    expect(
      found.body.data.candidates.map((entry: { telegram_user_id: string }) => entry.telegram_user_id).sort(),
    ).toEqual([String(a), String(b)].sort());
  });

  it('OPS5 running battles lists unsettled rows with their players and whether this process runs them', async () => {
    const id = nextId++;
    const userId = await readyPlayer(t, id);
    const [hero] = await t.database.db.select().from(characters).limit(1);
    const [battle] = await t.database.db
      .insert(battles)
      .values({ mode: 'pve', difficulty: 'easy', player1Id: userId, player1CharacterId: hero!.id })
      .returning({ id: battles.id });
    const listed = await op('GET', '/admin/battles');
    expect(listed.status).toBe(200);
    const entry = listed.body.data.find((row: { id: string }) => row.id === battle!.id);
    expect(entry).toMatchObject({
      mode: 'pve',
      in_this_process: false,
      players: [{ user_id: userId, telegram_user_id: String(id), username: `player${id}` }],
    });
    await t.database.db.update(battles).set({ status: 'void' }).where(eq(battles.id, battle!.id));
  });
});
