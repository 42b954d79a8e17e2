import { BAN_POLL_INTERVAL_MS } from '@titans/shared/constants';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type BanChange, BanService } from '../src/bans/ban-service.ts';
import { ManualScheduler } from '../src/core/clock.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './helpers/test-app.ts';

/* D-BAN-1: bans on the app's time source. The poll is a timer of the scheduler it is given, and
 * the account's stamp is the app's time, so tests move time instead of waiting for it. */
describeEachDatabase('bans', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  }, 180_000);
  afterAll(async () => t?.close());

  const register = async (id: number) =>
    (await t.call(id, 'POST', '/v1/user/register', { telegram_user_id: id })).body.data._id as string;
  const service = (scheduler: ManualScheduler, applied: BanChange[] = []) =>
    new BanService({ database: t.database, logger: t.app.log, apply: (c) => applied.push(c), scheduler });

  it('D-BAN-1 the poll runs when the scheduler moves time, not on the wall clock', async () => {
    const id = 63_001;
    const userId = await register(id);
    const scheduler = new ManualScheduler(Date.now());
    const applied: BanChange[] = [];
    const here = service(scheduler, applied);
    await here.start();
    try {
      const written = await service(new ManualScheduler()).set(String(id), true, 'Elsewhere');
      expect(written).toMatchObject({ ok: true });
      // Several poll intervals of wall time pass: nothing is read while the app's time stands still.
      await new Promise((resolve) => setTimeout(resolve, 3 * BAN_POLL_INTERVAL_MS));
      expect(applied).toEqual([]);
      await scheduler.advance(BAN_POLL_INTERVAL_MS);
      await vi.waitFor(() => expect(applied).toHaveLength(1), { timeout: 5_000 });
      expect(applied[0]).toMatchObject({
        userId,
        telegramUserId: String(id),
        banned: true,
        reason: 'Elsewhere',
      });
      // Stopped, the scheduler's timer is gone: moving time reads nothing more.
      await here.stop();
      await service(new ManualScheduler()).set(String(id), false, null);
      await scheduler.advance(10 * BAN_POLL_INTERVAL_MS);
      await new Promise((resolve) => setTimeout(resolve, 2 * BAN_POLL_INTERVAL_MS));
      expect(applied).toHaveLength(1);
    } finally {
      await here.stop();
    }
  });

  it("D-BAN-1 a ban stamps the account with the app's time; an unknown id is user/not-found and writes nothing", async () => {
    const id = 63_002;
    const userId = await register(id);
    const at = Date.UTC(2031, 6, 1, 12, 0, 0);
    const bans = service(new ManualScheduler(at));
    const banned = await bans.set(`000${id}`, true, 'Autoclicker');
    expect(banned).toEqual({
      ok: true,
      value: {
        id: expect.any(Number),
        userId,
        telegramUserId: String(id),
        banned: true,
        reason: 'Autoclicker',
      },
    });
    const [row] = await t.database.query<{ is_banned: boolean; ban_reason: string | null; updated_at: Date }>(
      'select is_banned, ban_reason, updated_at from users where id = $1',
      [userId],
    );
    expect(row).toMatchObject({ is_banned: true, ban_reason: 'Autoclicker' });
    expect(new Date(row?.updated_at ?? 0).getTime()).toBe(at);
    // An unban keeps no reason, on the account and in the event.
    const unbanned = await bans.set(String(id), false, 'ignored');
    expect(unbanned).toMatchObject({ ok: true, value: { banned: false, reason: null } });

    const count = async () =>
      Number((await t.database.query<{ n: number | string }>('select count(*) as n from ban_events'))[0]?.n);
    const before = await count();
    expect(await bans.set('999999999', true, 'Nobody')).toEqual({ ok: false, code: 'user/not-found' });
    expect(await count()).toBe(before);
  });
});
