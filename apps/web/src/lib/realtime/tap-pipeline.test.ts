import type { StatusPayload, TapPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';
import { applyTaps, initialTapState, type TapContext, type TapState } from '@titans/shared/taps/tap-rules';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type BalanceStore, createBalanceStore, energyAt } from './balance-store.ts';
import { TAP_BATCH_MS, TAP_RESEND_AFTER_MS, TapPipeline, type TapTransport } from './tap-pipeline.ts';

const USER = '00000002';

/** Records what the pipeline emits; `connected` is flipped by the tests. */
class FakeTransport {
  connected = true;
  taps: TapPayload[] = [];
  initUsers = 0;
  emit(event: string, payload: unknown): boolean {
    if (!this.connected) return false;
    if (event === 'tap') this.taps.push(payload as TapPayload);
    if (event === 'initUser') this.initUsers++;
    return true;
  }
}

/**
 * The authority, reduced to what the tap engine does with one client: the same shared rule,
 * seq deduplication, pending until a flush.
 */
class FakeServer {
  context: TapContext = { tapValue: 10, tapMultiplier: 1, max: 1000, regenPerSecond: 3 };
  state: TapState;
  coins: number;
  pending = 0;
  applied = 0;
  durableSeq = 0;

  constructor({ coins = 0, energy = 1000 }: { coins?: number; energy?: number } = {}) {
    this.coins = coins;
    this.state = initialTapState({ energy, at: Date.now() });
  }

  energy(): number {
    return applyTaps(this.state, this.context, 0, Date.now()).state.energy.energy;
  }

  register(tap: TapPayload): TapRegisteredPayload {
    const base = { coins: this.coins, max_energy: this.context.max, combo: this.state.combo };
    if (tap.seq !== undefined && tap.seq <= this.applied) {
      return {
        ...base,
        seq: tap.seq,
        accepted: 0,
        rejected: 0,
        reason: 'duplicate',
        value: 0,
        total: this.coins + this.pending,
        pending: this.pending,
        energy: this.energy(),
      };
    }
    this.applied = tap.seq ?? this.applied;
    const outcome = applyTaps(this.state, this.context, tap.count ?? 1, Date.now());
    this.state = outcome.state;
    this.pending += outcome.coins;
    return {
      ...base,
      seq: tap.seq ?? null,
      accepted: outcome.accepted,
      rejected: outcome.rejected,
      reason: outcome.reason,
      value: outcome.coins,
      total: this.coins + this.pending,
      pending: this.pending,
      energy: outcome.state.energy.energy,
      combo: outcome.state.combo,
    };
  }

  /** A balance change through the gateway (a battle's stake, a purchase): statusUpdated. */
  debit(amount: number): StatusPayload {
    this.coins -= amount;
    return this.status();
  }

  /** A restart: taps applied but not yet durable are gone, and so is their seq. */
  restart(): StatusPayload {
    this.pending = 0;
    this.applied = this.durableSeq;
    return this.status();
  }

  /** A durable write: coinsUpdated. */
  flush(): StatusPayload {
    this.coins += this.pending;
    this.pending = 0;
    this.durableSeq = this.applied;
    return this.status();
  }

  status(): StatusPayload {
    return {
      coins: this.coins,
      pending: this.pending,
      energy: this.energy(),
      max_energy: this.context.max,
      energy_regen_rate: this.context.regenPerSecond,
      tap_value: this.context.tapValue * this.context.tapMultiplier,
      tap_multiplier: this.context.tapMultiplier,
      confirmed_seq: this.durableSeq,
      applied_seq: this.applied,
    };
  }
}

let transport: FakeTransport;
let store: BalanceStore;
let pipeline: TapPipeline;
let server: FakeServer;
function makeLogger() {
  type Log = (...args: unknown[]) => void;
  return { info: vi.fn<Log>(), warn: vi.fn<Log>(), error: vi.fn<Log>() };
}
let logger: ReturnType<typeof makeLogger>;

function start(serverOptions: { coins?: number; energy?: number } = {}) {
  server = new FakeServer(serverOptions);
  pipeline = new TapPipeline({
    telegramUserId: USER,
    transport: transport as unknown as TapTransport,
    store,
    logger,
  });
  pipeline.seed({
    coins: server.coins,
    energy: server.energy(),
    maxEnergy: 1000,
    regenPerSecond: 3,
    tapValue: 10,
    tapMultiplier: 1,
  });
  pipeline.handleConnected();
  pipeline.handleStatus('statusUpdated', server.status());
}

/** Delivers every tap sent so far to the fake server and its answers back. */
function deliver() {
  const taps = transport.taps.splice(0);
  for (const tap of taps) pipeline.handleTapRegistered(server.register(tap));
}

function tapTimes(times: number, gapMs = 0) {
  const results = [];
  for (let i = 0; i < times; i++) {
    results.push(pipeline.tap());
    if (gapMs) vi.advanceTimersByTime(gapMs);
  }
  return results;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  transport = new FakeTransport();
  store = createBalanceStore();
  logger = makeLogger();
});

afterEach(() => {
  pipeline?.dispose();
  vi.useRealTimers();
});

describe('tap pipeline: batching', () => {
  test('the first tap of an idle period is sent at once; the next ones gather for 100 ms', () => {
    start();
    pipeline.tap();
    expect(transport.taps).toEqual([{ telegram_user_id: USER, count: 1, seq: 1 }]);

    tapTimes(4, 10);
    expect(transport.taps).toHaveLength(1);
    vi.advanceTimersByTime(TAP_BATCH_MS);
    expect(transport.taps[1]).toEqual({ telegram_user_id: USER, count: 4, seq: 2 });

    // Quiet for a while: the next tap goes at once again, with the next seq.
    vi.advanceTimersByTime(1_000);
    pipeline.tap();
    expect(transport.taps[2]).toEqual({ telegram_user_id: USER, count: 1, seq: 3 });
  });

  test('T2: at most 20 taps a second leave the device; the rest are refused silently', () => {
    start();
    const results = tapTimes(25, 5);
    expect(results.filter((result) => result.ok)).toHaveLength(20);
    expect(results.at(-1)).toEqual({ ok: false, reason: 'rate' });
    vi.advanceTimersByTime(TAP_BATCH_MS);
    const sent = transport.taps.reduce((sum, tap) => sum + (tap.count ?? 1), 0);
    expect(sent).toBe(20);
    expect(transport.taps.every((tap) => (tap.count ?? 1) <= 20)).toBe(true);
    // A second later the cap has room again.
    vi.advanceTimersByTime(1_000);
    expect(pipeline.tap().ok).toBe(true);
  });

  test('no taps while disconnected, and nothing is sent', () => {
    start();
    transport.connected = false;
    pipeline.handleDisconnected();
    expect(pipeline.tap()).toEqual({ ok: false, reason: 'offline' });
    expect(transport.taps).toHaveLength(0);
  });
});

describe('tap pipeline: the coin total and the pending badge', () => {
  test('each tap raises the total at once; pending clears once the server has written it', () => {
    start({ coins: 500 });
    expect(store.getState()).toMatchObject({ coins: 500, durableCoins: 500, pending: 0 });

    tapTimes(3, 20);
    expect(store.getState().coins).toBe(530);
    expect(store.getState().pending).toBe(30);

    vi.advanceTimersByTime(TAP_BATCH_MS);
    deliver();
    expect(store.getState()).toMatchObject({ coins: 530, pending: 30 });

    pipeline.handleStatus('coinsUpdated', server.flush());
    expect(store.getState()).toMatchObject({ coins: 530, durableCoins: 530, pending: 0 });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  test("W12: a lower total from the server shows at once (a debit), and the badge stays the server's", () => {
    start({ coins: 7_009 });
    // A defeat keeps the 5,000 stake: the gateway pushes the lower balance.
    pipeline.handleStatus('statusUpdated', server.debit(5_000));
    expect(store.getState()).toMatchObject({ coins: 2_009, durableCoins: 2_009, pending: 0 });
    expect(logger.info).toHaveBeenCalledWith(expect.stringContaining('following it down'));
    // coinsUpdated and energyUpdated carry the truth as well: another device spent coins.
    pipeline.handleStatus('coinsUpdated', server.debit(9));
    expect(store.getState().coins).toBe(2_000);
    pipeline.handleStatus('energyUpdated', server.debit(1_000));
    expect(store.getState().coins).toBe(1_000);
    // A raise goes through.
    pipeline.handleStatus('coinsUpdated', { ...server.status(), coins: 1_200 });
    expect(store.getState().coins).toBe(1_200);
  });

  test('W12: a debit while taps are on their way keeps the taps: the total drops by the debit only', () => {
    start({ coins: 6_000 });
    tapTimes(3, 20);
    expect(store.getState().coins).toBe(6_030);
    // The battle's stake is taken before the server has seen the last taps.
    pipeline.handleStatus('statusUpdated', server.debit(5_000));
    expect(store.getState()).toMatchObject({ coins: 1_030, pending: 30 });
    vi.advanceTimersByTime(TAP_BATCH_MS);
    deliver();
    expect(store.getState()).toMatchObject({ coins: 1_030, pending: 30 });
    pipeline.handleStatus('coinsUpdated', server.flush());
    expect(store.getState()).toMatchObject({ coins: 1_030, durableCoins: 1_030, pending: 0 });
  });

  test('W12: taps the server applied before its status count once, before and after their answer', () => {
    start({ coins: 100 });
    pipeline.tap();
    tapTimes(2, 20);
    vi.advanceTimersByTime(TAP_BATCH_MS);
    expect(store.getState().coins).toBe(130);
    // The server applies both batches; a status (a purchase elsewhere) leaves before their answers.
    const answers = transport.taps.splice(0).map((tap) => server.register(tap));
    pipeline.handleStatus('statusUpdated', server.debit(50));
    expect(store.getState().coins).toBe(80);
    expect(pipeline.unregistered).toHaveLength(0);
    for (const answer of answers) pipeline.handleTapRegistered(answer);
    expect(store.getState()).toMatchObject({ coins: 80, pending: 30 });
  });

  test('W12: taps a server restart lost leave the total; new taps count on the new truth', () => {
    start({ coins: 100 });
    pipeline.tap();
    deliver();
    expect(store.getState().coins).toBe(110);
    transport.connected = false;
    pipeline.handleDisconnected();
    transport.connected = true;
    pipeline.handleConnected();
    pipeline.handleStatus('statusUpdated', server.restart());
    expect(store.getState()).toMatchObject({ coins: 100, pending: 0 });
    vi.advanceTimersByTime(1_000);
    pipeline.tap();
    deliver();
    expect(store.getState().coins).toBe(110);
  });

  test('taps refused by the server lower the total to what it accepted', () => {
    start({ coins: 0, energy: 1000 });
    pipeline.tap();
    deliver();
    tapTimes(4, 10);
    vi.advanceTimersByTime(TAP_BATCH_MS);
    expect(store.getState().coins).toBe(50);
    // Meanwhile another device spent the energy: the server accepts 2 of the 4 batched taps.
    server.state = { ...server.state, energy: { energy: 2, at: Date.now() } };
    server.context = { ...server.context, regenPerSecond: 0 };
    deliver();
    expect(store.getState().coins).toBe(30);
    expect(store.getState().outOfEnergyAt).not.toBeNull();
    expect(logger.warn).not.toHaveBeenCalledWith(expect.stringContaining('mismatch'));
  });

  test('T5: from the 10th tap of a combo each tap shows the 10% bonus', () => {
    start();
    const values = tapTimes(12, 60).map((result) => (result.ok ? result.value : 0));
    expect(values.slice(0, 9)).toEqual(Array(9).fill(10));
    expect(values.slice(9)).toEqual([11, 11, 11]);
    expect(store.getState().combo).toBe(12);
    vi.advanceTimersByTime(TAP_BATCH_MS);
    deliver();
    expect(store.getState().coins).toBe(123);
  });

  test('T5 the combo resets after 1.5 s without a tap', () => {
    start();
    tapTimes(6, 100);
    expect(store.getState().combo).toBe(6);
    vi.advanceTimersByTime(1_400);
    expect(store.getState().combo).toBe(6);
    vi.advanceTimersByTime(200);
    expect(store.getState().combo).toBe(0);
  });
});

describe('tap pipeline: reconnects', () => {
  test('batches never registered are sent again with the same seq; registered ones are not', () => {
    start();
    pipeline.tap();
    deliver(); // seq 1 registered
    vi.advanceTimersByTime(200);
    pipeline.tap(); // seq 2 sent, its answer is lost with the connection
    expect(transport.taps.map((tap) => tap.seq)).toEqual([2]);
    transport.taps.length = 0;
    transport.connected = false;
    pipeline.handleDisconnected();
    expect(store.getState().coins).toBe(20);

    transport.connected = true;
    pipeline.handleConnected();
    expect(transport.taps).toHaveLength(0); // waits for the status of initUser
    pipeline.handleStatus('statusUpdated', server.status());
    expect(transport.taps).toEqual([{ telegram_user_id: USER, count: 1, seq: 2 }]);
    deliver();
    expect(store.getState().coins).toBe(20);
    expect(pipeline.unregistered).toHaveLength(0);
  });

  test('a batch the server applied but whose answer was lost is not sent again and counts once', () => {
    start();
    pipeline.tap();
    server.register(transport.taps.splice(0)[0]!); // applied, but the answer never arrives
    transport.connected = false;
    pipeline.handleDisconnected();
    transport.connected = true;
    pipeline.handleConnected();
    // Reconnected before the flush: pending on the server, not yet durable (applied_seq 1).
    pipeline.handleStatus('statusUpdated', server.status());
    expect(transport.taps).toHaveLength(0);
    expect(store.getState()).toMatchObject({ coins: 10, pending: 10 });
    pipeline.handleStatus('coinsUpdated', server.flush());
    expect(store.getState()).toMatchObject({ coins: 10, pending: 0 });
  });

  test('a resent batch the server answers duplicate (no applied_seq known) is counted once', () => {
    start();
    pipeline.tap();
    server.register(transport.taps.splice(0)[0]!);
    transport.connected = false;
    pipeline.handleDisconnected();
    transport.connected = true;
    pipeline.handleConnected();
    const { applied_seq: _unknown, ...status } = server.status();
    pipeline.handleStatus('statusUpdated', status);
    // Counted twice for a moment (the server's pending and the batch), until its answer.
    expect(store.getState().coins).toBe(20);
    deliver();
    expect(store.getState()).toMatchObject({ coins: 10, pending: 10 });
  });

  test('batches the server made durable meanwhile (confirmed_seq) are dropped, not resent', () => {
    start();
    tapTimes(3, 0);
    vi.advanceTimersByTime(TAP_BATCH_MS);
    for (const tap of transport.taps.splice(0)) server.register(tap);
    server.flush();
    transport.connected = false;
    pipeline.handleDisconnected();
    transport.connected = true;
    pipeline.handleConnected();
    pipeline.handleStatus('statusUpdated', server.status());
    expect(transport.taps).toHaveLength(0);
    expect(store.getState()).toMatchObject({ coins: 30, durableCoins: 30, pending: 0 });
  });

  test('taps of an open batch survive a disconnect and leave after the reconnect', () => {
    start();
    pipeline.tap();
    deliver();
    pipeline.tap(); // waits for the 100 ms slot
    transport.connected = false;
    pipeline.handleDisconnected();
    vi.advanceTimersByTime(TAP_BATCH_MS);
    transport.connected = true;
    pipeline.handleConnected();
    pipeline.handleStatus('statusUpdated', server.status());
    expect(transport.taps).toEqual([{ telegram_user_id: USER, count: 1, seq: 2 }]);
  });

  test('a batch without an answer is sent again after 5 s, then given up', () => {
    start({ coins: 100 });
    pipeline.tap();
    expect(transport.taps).toHaveLength(1);
    vi.advanceTimersByTime(TAP_RESEND_AFTER_MS);
    expect(transport.taps.map((tap) => tap.seq)).toEqual([1, 1]);
    vi.advanceTimersByTime(TAP_RESEND_AFTER_MS * 2);
    expect(transport.taps.map((tap) => tap.seq)).toEqual([1, 1, 1]);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('giving it up'));
    expect(store.getState().coins).toBe(100);
  });

  test('a socket error is logged and tapping goes on', () => {
    start();
    pipeline.handleError({ message: 'Internal server error', code: 'server/internal' });
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('Internal server error'));
    expect(pipeline.tap().ok).toBe(true);
    expect(transport.taps).toHaveLength(1);
  });

  test('tap/no-user announces the user again; the batch goes once the status is back', () => {
    start();
    vi.advanceTimersByTime(5_000);
    pipeline.tap();
    transport.taps.length = 0;
    pipeline.handleError({ message: 'Announce the user with initUser first', code: 'tap/no-user' });
    expect(transport.initUsers).toBe(1);
    pipeline.handleStatus('statusUpdated', server.status());
    expect(transport.taps.map((tap) => tap.seq)).toEqual([1]);
  });
});

describe('tap pipeline: energy', () => {
  test('E3: a tap without energy is refused locally and shows the notice', () => {
    start({ energy: 1 });
    server.context = { ...server.context, regenPerSecond: 3 };
    expect(pipeline.tap().ok).toBe(true);
    expect(pipeline.tap()).toEqual({ ok: false, reason: 'energy' });
    expect(store.getState().outOfEnergyAt).toBe(Date.now());
  });

  test('E2: energy regenerates between updates on the same rule, and follows the server', () => {
    start({ energy: 100 });
    tapTimes(10, 0);
    const state = store.getState();
    expect(energyAt(state, Date.now())).toBe(90);
    vi.advanceTimersByTime(2_000);
    expect(energyAt(store.getState(), Date.now())).toBe(96);
    deliver();
    // The server regenerated on its clock too: the display does not jump.
    expect(energyAt(store.getState(), Date.now())).toBe(96);
  });

  test('energy from the server leaves out the taps it has not seen yet', () => {
    start({ energy: 500 });
    tapTimes(3, 0);
    // A status computed before those taps arrive (e.g. another device) must not add them back.
    pipeline.handleStatus('energyUpdated', { ...server.status(), energy: 400 });
    expect(energyAt(store.getState(), Date.now())).toBe(397);
  });

  test('Multitap: statusUpdated tap_multiplier sets what a tap costs and earns', () => {
    start();
    server.context = { ...server.context, tapMultiplier: 2 };
    pipeline.handleStatus('statusUpdated', server.status());
    const result = pipeline.tap();
    expect(result).toEqual({ ok: true, value: 20, combo: 1 });
    expect(energyAt(store.getState(), Date.now())).toBe(998);
  });
});
