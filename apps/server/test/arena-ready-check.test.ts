import type { FindMatchPayload } from '@titans/shared/battle/schemas';
import { READY_CHECK_MS } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryMatchQueue, type QueueEntry } from '../src/battle/matchmaking-queue.ts';
import { InMemoryReadyChecks } from '../src/battle/ready-checks.ts';
import { ManualScheduler } from '../src/core/clock.ts';
import { ledger, users } from '../src/db/schema.ts';
import { connectSocket, type TestSocket } from './helpers/socket-client.ts';
import {
  describeEachDatabase,
  grantCoins,
  ledgerMatches,
  readyPlayer,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/*
 * No fight without the player (F50–F53, D-BATTLE-21): a found PvP match is a ready check; only
 * when both players accept does the battle start and take the stakes. One process, the Arena's
 * clock in the test's hand.
 */
describeEachDatabase('the PvP ready check', (kind) => {
  let t: TestApp;
  let scheduler: ManualScheduler;
  const sockets: TestSocket[] = [];
  let nextId = 47_000;

  beforeAll(async () => {
    scheduler = new ManualScheduler();
    t = await startTestApp(kind, { arena: { scheduler } });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => t?.close());

  async function open(telegramId: number) {
    const socket = await connectSocket(t.url, t.initData(telegramId));
    sockets.push(socket);
    const status = socket.next('statusUpdated');
    socket.emit('initUser', { telegram_user_id: String(telegramId) });
    await status;
    return socket;
  }
  async function player() {
    const telegramId = nextId++;
    const userId = await readyPlayer(t, telegramId);
    await grantCoins(t, userId, 10_000);
    const socket = await open(telegramId);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    return { telegramId, userId, socket, characterId: row!.selectedCharacterId! };
  }
  type Player = Awaited<ReturnType<typeof player>>;
  function search(p: Player) {
    const payload: FindMatchPayload = {
      telegram_user_id: String(p.telegramId),
      battle_type: 'pvp',
      energy_to_spend: 10,
      selected_character_id: p.characterId,
      equipped_items: [],
    };
    const queued = p.socket.next('matchmakingStarted');
    p.socket.emit('findMatch', payload);
    return queued;
  }
  /** a queues, then b: both are shown the same ready check. */
  async function found(a: Player, b: Player) {
    await search(a);
    const foundA = a.socket.next('matchFound');
    const foundB = b.socket.next('matchFound');
    await search(b);
    const [fa, fb] = await Promise.all([foundA, foundB]);
    expect(fa.match_id).toBe(fb.match_id);
    return fa;
  }
  /** The acknowledgement of a ready check's answer. */
  function answer(p: Player, event: 'acceptMatch' | 'declineMatch', matchId: string) {
    return p.socket.timeout(5_000).emitWithAck(event, { match_id: matchId });
  }
  /** Nothing of the Arena touched the player's coins: no stake, no battle row of theirs. */
  async function untouched(p: Player) {
    expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 10_000, ledger: 10_000 });
    const rows = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, p.userId), sql`${ledger.reason} like 'battle-%'`));
    expect(rows).toEqual([]);
    expect(t.battles.activeBattleOf(p.userId)).toBeNull();
  }

  it('F51 a found match is a ready check: nothing is staked until both accept, then the battle starts with both stakes', async () => {
    const a = await player();
    const b = await player();
    const check = await found(a, b);
    expect(check.deadline - check.server_now).toBe(READY_CHECK_MS);
    expect(check.opponent).toMatchObject({ name: expect.any(String), level: 1 });
    expect(check.opponent.character.image).not.toBe('');
    // Found, not fighting: no stake, no battle, until both say yes.
    await untouched(a);
    await untouched(b);
    const startedA = a.socket.next('battleStarted');
    const startedB = b.socket.next('battleStarted');
    // One acceptance starts nothing: the other player has not answered.
    expect(await answer(a, 'acceptMatch', check.match_id)).toEqual({ status: 'waiting' });
    await scheduler.advance(1_000);
    await untouched(b);
    expect(a.socket.received.battleStarted ?? []).toHaveLength(0);
    expect(await answer(b, 'acceptMatch', check.match_id)).toEqual({ status: 'started' });
    const [sa, sb] = await Promise.all([startedA, startedB]);
    expect(sa).toMatchObject({ is_pvp: true, battle_id: sb.battle_id });
    for (const p of [a, b]) expect(await ledgerMatches(t, p.userId)).toEqual({ coins: 5_000, ledger: 5_000 });
    a.socket.emit('forfeitBattle', { battle_id: sa.battle_id });
    await Promise.all([a.socket.waitFor('battleCompleted'), b.socket.waitFor('battleCompleted')]);
  });

  it('F52 F53 a decline costs nothing: the decliner leaves the search, the other is queued again and meets the next player', async () => {
    const a = await player();
    const b = await player();
    const check = await found(a, b);
    a.socket.emit('acceptMatch', { match_id: check.match_id });
    const endedA = a.socket.next('matchCancelled');
    const endedB = b.socket.next('matchCancelled');
    const searchEnded = b.socket.next('matchmakingCancelled');
    b.socket.emit('declineMatch', { match_id: check.match_id });
    expect(await endedB).toEqual({
      match_id: check.match_id,
      reason: 'declined',
      message: 'You declined the match. No coins were taken.',
      requeued: false,
    });
    await searchEnded;
    expect(await endedA).toEqual({
      match_id: check.match_id,
      reason: 'opponent-declined',
      message: 'Your opponent did not accept. You are first in the queue again.',
      requeued: true,
    });
    await untouched(a);
    await untouched(b);
    expect(t.battles.isQueued(a.userId)).toBe(true);
    expect(t.battles.isQueued(b.userId)).toBe(false);
    // A late answer to the called-off match does nothing.
    expect(await answer(b, 'acceptMatch', check.match_id)).toEqual({ status: 'gone' });
    expect(await answer(b, 'declineMatch', check.match_id)).toEqual({ declined: false });
    // The one who waited is found again by the next player, and the battle starts when both accept.
    const c = await player();
    const again = a.socket.next('matchFound');
    const foundC = c.socket.next('matchFound');
    await search(c);
    const [second] = await Promise.all([again, foundC]);
    expect(second.match_id).not.toBe(check.match_id);
    const started = a.socket.next('battleStarted');
    a.socket.emit('acceptMatch', { match_id: second.match_id });
    c.socket.emit('acceptMatch', { match_id: second.match_id });
    const battle = await started;
    await untouched(b);
    c.socket.emit('forfeitBattle', { battle_id: battle.battle_id });
    await a.socket.waitFor('battleCompleted');
  });

  it('F52 a ready check nobody answers ends at its deadline; a player who accepted is queued again, the other is out', async () => {
    const a = await player();
    const b = await player();
    const before = t.battles.metrics().readyChecks;
    const check = await found(a, b);
    expect(await answer(b, 'acceptMatch', check.match_id)).toEqual({ status: 'waiting' });
    const endedA = a.socket.next('matchCancelled', undefined, 10_000);
    const endedB = b.socket.next('matchCancelled', undefined, 10_000);
    await scheduler.advanceInSteps(READY_CHECK_MS + 1_000, 1_000);
    expect(await endedA).toMatchObject({ reason: 'timeout', requeued: false });
    expect(await endedB).toMatchObject({ reason: 'opponent-declined', requeued: true });
    await untouched(a);
    await untouched(b);
    expect(t.battles.isQueued(b.userId)).toBe(true);
    expect(t.battles.isQueued(a.userId)).toBe(false);
    // The operator's counters (titans_ready_checks_total) saw one check opened and one timed out.
    const after = t.battles.metrics().readyChecks;
    expect(after.opened - before.opened).toBe(1);
    expect(after.timedOut - before.timedOut).toBe(1);
    expect(after.started - before.started).toBe(0);
    // Accepting after the deadline is too late.
    expect(await answer(a, 'acceptMatch', check.match_id)).toEqual({ status: 'gone' });
    const cancelled = b.socket.next('matchmakingCancelled');
    b.socket.emit('cancelMatchmaking', {});
    await cancelled;
    await untouched(a);
  });

  it('F50 F52 a socket gone during the search leaves the queue; gone during the ready check declines it', async () => {
    const a = await player();
    await search(a);
    expect(t.battles.isQueued(a.userId)).toBe(true);
    a.socket.close();
    await expect.poll(() => t.battles.isQueued(a.userId)).toBe(false);
    // Carol searches: the absent player is not there to be matched with.
    const c = await player();
    await search(c);
    await scheduler.advance(1_000);
    expect(c.socket.received.matchFound ?? []).toHaveLength(0);
    const cancelled = c.socket.next('matchmakingCancelled');
    c.socket.emit('cancelMatchmaking', {});
    await cancelled;

    const x = await player();
    const y = await player();
    const check = await found(x, y);
    const endedX = x.socket.next('matchCancelled');
    y.socket.close();
    expect(await endedX).toMatchObject({
      match_id: check.match_id,
      reason: 'opponent-declined',
      requeued: true,
    });
    await untouched(x);
    await untouched(y);
    expect(t.battles.isQueued(x.userId)).toBe(true);
    // Cancel Matchmaking during a ready check (the app leaving the Arena) declines it too.
    const z = await player();
    const again = x.socket.next('matchFound');
    await search(z);
    const second = await again;
    const endedZ = z.socket.next('matchCancelled');
    const endedX2 = x.socket.next('matchCancelled');
    x.socket.emit('cancelMatchmaking', {});
    expect(await endedX2).toMatchObject({ match_id: second.match_id, reason: 'declined', requeued: false });
    expect(await endedZ).toMatchObject({ reason: 'opponent-declined', requeued: true });
    await untouched(x);
    await untouched(z);
    const cancelledZ = z.socket.next('matchmakingCancelled');
    z.socket.emit('cancelMatchmaking', {});
    await cancelledZ;
  });

  it('F51 a malformed answer is refused by its schema', async () => {
    const a = await player();
    const refused = a.socket.next('error');
    a.socket.emit('acceptMatch', { match_id: 'not-a-uuid' });
    expect(await refused).toMatchObject({ code: 'request/invalid' });
  });

  it('F51 the deadline is the server’s: an answer after it is too late even before the tick ends the check', async () => {
    const a = await player();
    const b = await player();
    const check = await found(a, b);
    const endedA = a.socket.next('matchCancelled');
    const endedB = b.socket.next('matchCancelled');
    // The clock passes the deadline without a tick (the next one is later).
    await scheduler.advance(READY_CHECK_MS - 1);
    expect(await answer(a, 'acceptMatch', check.match_id)).toEqual({ status: 'waiting' });
    await scheduler.advance(2);
    expect(await answer(b, 'acceptMatch', check.match_id)).toEqual({ status: 'gone' });
    expect(await endedA).toMatchObject({ reason: 'opponent-declined', requeued: true });
    expect(await endedB).toMatchObject({ reason: 'timeout', requeued: false });
    await untouched(a);
    await untouched(b);
    const cancelled = a.socket.next('matchmakingCancelled');
    a.socket.emit('cancelMatchmaking', {});
    await cancelled;
  });
});

describe('the queue and the ready checks in memory', () => {
  const entry = (userId: string, joinedAt: number): QueueEntry => ({
    userId,
    strength: 100,
    joinedAt,
    ticket: {},
  });

  it('F53 an entry queued again after a ready check stands first, ahead of those who joined before it', async () => {
    const queue = new InMemoryMatchQueue();
    await queue.add(entry('c', 1));
    await queue.add(entry('d', 2));
    await queue.add({ ...entry('a', 3), front: true });
    expect((await queue.entries()).map(({ entry: e, position }) => [e.userId, position])).toEqual([
      ['a', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });

  it('F51 a check is decided once: the second acceptance takes it, and a decline after that finds nothing', async () => {
    const checks = new InMemoryReadyChecks();
    const [a, b] = [entry('a', 1), entry('b', 2)] as const;
    await checks.open({ id: 'm', deadline: 100, entries: [a as never, b as never] });
    expect(await checks.of('a')).toBe('m');
    expect(await checks.accept('m', 'a', 50)).toEqual({ status: 'waiting' });
    expect(await checks.accept('m', 'x', 50)).toEqual({ status: 'gone' });
    expect((await checks.accept('m', 'b', 60)).status).toBe('both');
    expect(await checks.take('m')).toBeUndefined();
    expect(await checks.of('a')).toBeUndefined();
    await checks.open({ id: 'n', deadline: 100, entries: [a as never, b as never] });
    expect(await checks.accept('n', 'a', 101)).toEqual({ status: 'late' });
    expect(await checks.expired(101)).toEqual(['n']);
    expect(await checks.take('n')).toMatchObject({ accepted: [] });
  });
});
