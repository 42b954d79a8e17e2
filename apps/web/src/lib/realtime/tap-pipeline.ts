import { COMBO_RESET_MS, MAX_TAPS_PER_EVENT } from '@titans/shared/constants';
import type { ClientToServerEvents } from '@titans/shared/realtime/events';
import type { ErrorPayload, StatusPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';
import {
  applyTaps,
  currentCombo,
  energyPerTap,
  initialTapState,
  type TapContext,
  type TapState,
} from '@titans/shared/taps/tap-rules';
import type { BalanceSeed, BalanceStore } from './balance-store.ts';

/** Taps are sent as one event at most every 100 ms (the first of an idle period at once). */
export const TAP_BATCH_MS = 100;
/** A batch sent but not registered after this long is sent again, with the same seq. */
export const TAP_RESEND_AFTER_MS = 5_000;
/** After this many sends without an answer the batch is given up and its coins taken back. */
export const TAP_MAX_SENDS = 3;
/** A total lowered by the server is logged at most this often. */
const DECREASE_LOG_MS = 5_000;

/** The part of the realtime connection the pipeline needs (realtime-connection.ts). */
export interface TapTransport {
  readonly connected: boolean;
  emit<E extends keyof ClientToServerEvents>(
    event: E,
    ...payload: Parameters<ClientToServerEvents[E]>
  ): boolean;
}

export type TapAttempt =
  | { ok: true; value: number; combo: number }
  | { ok: false; reason: 'energy' | 'rate' | 'offline' };

interface Batch {
  seq: number;
  count: number;
  /** Coins the local rule predicted for these taps. */
  value: number;
  /** When it was last emitted; null while it waits to be (re)sent. */
  sentAt: number | null;
  sends: number;
}

type Logger = Pick<Console, 'info' | 'warn' | 'error'>;

export interface TapPipelineOptions {
  telegramUserId: string;
  transport: TapTransport;
  store: BalanceStore;
  /**
   * Numbers batches. The server remembers the highest seq of each client id, so a pipeline that
   * replaces another under the same client id must go on counting (realtime-session.ts).
   */
  nextSeq?: () => number;
  now?: () => number;
  logger?: Logger;
}

/**
 * The tap pipeline. Each tap is applied at once with the shared rule (`applyTaps`: energy, the
 * 20-a-second cap, combo and its 10% bonus), so coins, energy and combo move under the finger.
 * Accepted taps gather into a batch sent as `tap {count, seq}` every 100 ms. Batches stay here
 * until the server registers them (`tapRegistered`); after a reconnect those never registered
 * are sent again with the same seq (the server applies a seq once), those a status reports
 * applied (`applied_seq`, or `confirmed_seq` when only that is known) are dropped.
 *
 * The coin total shown is the truth as this device knows it: the server's coins and pending
 * (statusUpdated, coinsUpdated, tapRegistered) plus the value of this client's batches the server
 * has not applied yet. It follows the server down as well as up (decisions D-WEB-7, rules W12):
 * a battle's stake, a purchase on any device, taps the server refused or valued lower. Batches the
 * server reports applied (`applied_seq`) are inside its numbers and leave the local sum, so no tap
 * is counted twice and none is dropped: while the player taps, the total only moves by the value
 * of each tap.
 */
export class TapPipeline {
  private readonly transport: TapTransport;
  private readonly store: BalanceStore;
  private readonly now: () => number;
  private readonly logger: Logger;
  private context: TapContext;
  private local: TapState;
  private open: { count: number; value: number } | null = null;
  private unacked: Batch[] = [];
  private seq = 0;
  private lastSendAt = Number.NEGATIVE_INFINITY;
  private sendTimer: ReturnType<typeof setTimeout> | null = null;
  private comboTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdogTimer: ReturnType<typeof setTimeout> | null = null;
  /** A status arrived since the last connect: batches may be sent. */
  private ready = false;
  /** A status arrived since the page loaded: the REST seed is replaced. */
  private synced = false;
  private serverCoins = 0;
  private serverPending = 0;
  /** The highest batch the latest status counted as applied: older answers are older news. */
  private statusAppliedSeq = 0;
  private lastDecreaseLogAt = Number.NEGATIVE_INFINITY;
  private lastInitUserAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: TapPipelineOptions) {
    this.transport = options.transport;
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? console;
    const state = this.store.getState();
    this.context = {
      tapValue: state.tapValue,
      tapMultiplier: state.tapMultiplier,
      max: state.maxEnergy,
      regenPerSecond: state.regenPerSecond,
    };
    this.local = initialTapState(state.energy);
    this.serverCoins = state.durableCoins;
  }

  /** Shows the REST user's balances until the socket's first status arrives (then ignored). */
  seed(seed: BalanceSeed): void {
    if (this.synced) return;
    const now = this.now();
    this.context = {
      tapValue: seed.tapValue,
      tapMultiplier: seed.tapMultiplier,
      max: seed.maxEnergy,
      regenPerSecond: seed.regenPerSecond,
    };
    this.serverCoins = seed.coins;
    this.serverPending = 0;
    this.local = { ...this.local, energy: { energy: seed.energy, at: now } };
    this.publish(now);
  }

  /** The selected character's tap value and the user's multiplier changed (REST user). */
  setTapContext(tapValue: number, tapMultiplier: number): void {
    if (tapValue === this.context.tapValue && tapMultiplier === this.context.tapMultiplier) return;
    this.context = { ...this.context, tapValue, tapMultiplier };
    this.publish(this.now());
  }

  /** One tap (one finger). Applied locally at once; sent with the next batch. */
  tap(): TapAttempt {
    // Tapping is allowed only when connected.
    if (!this.transport.connected) return { ok: false, reason: 'offline' };
    const now = this.now();
    const outcome = applyTaps(this.local, this.context, 1, now);
    if (outcome.accepted === 0) {
      const reason = outcome.reason ?? 'rate';
      if (reason === 'energy') {
        this.local = outcome.state;
        this.store.setState({ outOfEnergyAt: now, energy: outcome.state.energy });
      }
      return { ok: false, reason };
    }
    this.local = outcome.state;
    this.open = {
      count: (this.open?.count ?? 0) + 1,
      value: (this.open?.value ?? 0) + outcome.coins,
    };
    this.publish(now);
    this.armComboReset();
    if (this.open.count >= MAX_TAPS_PER_EVENT) this.flush();
    else if (this.sendTimer === null) {
      const wait = this.lastSendAt + TAP_BATCH_MS - now;
      if (wait <= 0) this.flush();
      else this.sendTimer = setTimeout(() => this.flush(), wait);
    }
    return { ok: true, value: outcome.coins, combo: outcome.state.combo };
  }

  /** The socket (re)connected and announced the user: wait for its status before sending. */
  handleConnected(): void {
    this.ready = false;
    this.lastInitUserAt = this.now();
  }

  handleDisconnected(): void {
    this.ready = false;
    this.clearTimer('sendTimer');
    this.clearTimer('watchdogTimer');
  }

  /** statusUpdated, coinsUpdated or energyUpdated. */
  handleStatus(kind: 'statusUpdated' | 'coinsUpdated' | 'energyUpdated', payload: StatusPayload): void {
    const now = this.now();
    const first = !this.synced;
    this.synced = true;
    this.serverCoins = payload.coins;
    this.serverPending = payload.pending;
    this.context = {
      ...this.context,
      max: payload.max_energy,
      regenPerSecond: payload.energy_regen_rate ?? this.context.regenPerSecond,
    };
    if (payload.tap_multiplier !== undefined && payload.tap_multiplier >= 1) {
      // What a tap costs in energy and multiplies in value (Multitap), as the server counts it.
      this.context.tapMultiplier = payload.tap_multiplier;
      if (payload.tap_value !== undefined) this.context.tapValue = payload.tap_value / payload.tap_multiplier;
    }
    // Batches the server has applied are inside `coins + pending` (durable or not): nothing left
    // to send or to add. One it answered `duplicate` for, or one a restart lost, never will be.
    const applied = payload.applied_seq ?? payload.confirmed_seq;
    if (applied !== undefined) {
      this.unacked = this.unacked.filter((batch) => batch.seq > applied);
      this.statusAppliedSeq = applied;
    }
    this.rebaseEnergy(payload.energy, now);
    if (kind === 'statusUpdated' && !this.ready && this.transport.connected) {
      this.ready = true;
      // Sent on an earlier connection and never registered: send again, same seq.
      for (const batch of this.unacked) batch.sentAt = null;
      this.flush();
    }
    if (first) this.publish(now);
    else this.publish(now, { from: kind });
  }

  handleTapRegistered(payload: TapRegisteredPayload): void {
    const now = this.now();
    const index = payload.seq === null ? -1 : this.unacked.findIndex((batch) => batch.seq === payload.seq);
    if (index >= 0) {
      const [batch] = this.unacked.splice(index, 1);
      if (batch && payload.reason !== 'duplicate' && payload.value < batch.value) {
        this.logger.info(
          `[taps] the server took ${payload.accepted} of ${batch.count} taps (${payload.reason ?? 'combo'}): ` +
            `${payload.value} coins instead of ${batch.value}`,
        );
      }
    }
    if (payload.rejected > 0 && payload.reason === 'energy') this.store.setState({ outOfEnergyAt: now });
    // The answer to a batch a later status already counted (it was sent after that status, by the
    // server's slower path): its balances are older than what is shown.
    if (payload.seq === null || payload.seq > this.statusAppliedSeq) {
      this.serverCoins = payload.coins;
      this.serverPending = payload.pending;
      this.context = { ...this.context, max: payload.max_energy };
      this.rebaseEnergy(payload.energy, now);
      this.publish(now);
    }
    if (this.unacked.every((batch) => batch.sentAt === null)) this.clearTimer('watchdogTimer');
  }

  /** A socket error is logged and tapping is enabled again. */
  handleError(payload: ErrorPayload): void {
    const now = this.now();
    this.logger.warn(`[taps] server error ${payload.code ?? ''}: ${payload.message}`);
    if (payload.code === 'tap/no-character') {
      // Refused whole: nothing sent so far will count.
      this.unacked = [];
      this.open = null;
      this.clearTimer('sendTimer');
      this.publish(now);
    } else if (payload.code === 'tap/no-user' && this.transport.connected) {
      // The server lost track of this connection's user: announce it again, then resend.
      this.ready = false;
      if (now - this.lastInitUserAt > TAP_BATCH_MS * 20) {
        this.lastInitUserAt = now;
        this.transport.emit('initUser', { telegram_user_id: this.options.telegramUserId });
      }
    }
    if (this.transport.connected && payload.code !== 'tap/no-user') {
      this.ready = true;
      this.flush();
    }
  }

  dispose(): void {
    this.clearTimer('sendTimer');
    this.clearTimer('comboTimer');
    this.clearTimer('watchdogTimer');
  }

  /** Batches not yet registered, oldest first (for tests and diagnostics). */
  get unregistered(): ReadonlyArray<Readonly<Batch>> {
    return this.unacked;
  }

  /** Seals the open batch and sends whatever waits to be sent, if the server is ready. */
  private flush(): void {
    this.clearTimer('sendTimer');
    const now = this.now();
    if (this.open) {
      const seq = this.options.nextSeq ? this.options.nextSeq() : ++this.seq;
      this.unacked.push({ seq, ...this.open, sentAt: null, sends: 0 });
      this.open = null;
    }
    if (!this.ready) return;
    for (const batch of this.unacked) {
      if (batch.sentAt !== null) continue;
      const sent = this.transport.emit('tap', {
        telegram_user_id: this.options.telegramUserId,
        count: batch.count,
        seq: batch.seq,
      });
      if (!sent) break;
      batch.sentAt = now;
      batch.sends++;
      this.lastSendAt = now;
    }
    this.armWatchdog();
  }

  private armWatchdog(): void {
    if (this.watchdogTimer !== null || !this.unacked.some((batch) => batch.sentAt !== null)) return;
    this.watchdogTimer = setTimeout(() => {
      this.watchdogTimer = null;
      this.checkUnanswered();
    }, TAP_RESEND_AFTER_MS);
  }

  /** A batch without an answer (a server error, a lost packet) is resent, then given up. */
  private checkUnanswered(): void {
    const now = this.now();
    let gaveUp = false;
    for (const batch of [...this.unacked]) {
      if (batch.sentAt === null || now - batch.sentAt < TAP_RESEND_AFTER_MS) continue;
      if (batch.sends >= TAP_MAX_SENDS) {
        this.logger.error(`[taps] batch ${batch.seq} got no answer after ${batch.sends} sends; giving it up`);
        this.unacked.splice(this.unacked.indexOf(batch), 1);
        gaveUp = true;
      } else {
        batch.sentAt = null;
      }
    }
    if (gaveUp) this.publish(now);
    this.flush();
  }

  private armComboReset(): void {
    this.clearTimer('comboTimer');
    // The combo resets after 1.5 s without a tap.
    this.comboTimer = setTimeout(() => {
      this.comboTimer = null;
      this.store.setState({ combo: currentCombo(this.local, this.now()) });
    }, COMBO_RESET_MS + 1);
  }

  private unregisteredTotals(): { taps: number; value: number } {
    let taps = this.open?.count ?? 0;
    let value = this.open?.value ?? 0;
    for (const batch of this.unacked) {
      taps += batch.count;
      value += batch.value;
    }
    return { taps, value };
  }

  /** Server energy, minus what the taps it has not seen yet will cost; regenerates from now. */
  private rebaseEnergy(serverEnergy: number, now: number): void {
    const cost = energyPerTap(this.context) * this.unregisteredTotals().taps;
    const energy = Math.min(this.context.max, Math.max(0, serverEnergy - cost));
    this.local = { ...this.local, energy: { energy, at: now } };
  }

  /**
   * Shows the truth: the server's coins and pending plus this client's unapplied taps. `from`
   * names the server event that brought a lower total, for the log.
   */
  private publish(now: number, { from }: { from?: string } = {}) {
    const shown = this.store.getState().coins;
    const coins = this.serverCoins + this.serverPending + this.unregisteredTotals().value;
    if (from && coins < shown && now - this.lastDecreaseLogAt >= DECREASE_LOG_MS) {
      this.lastDecreaseLogAt = now;
      this.logger.info(
        `[taps] ${from}: the server holds ${coins} coins, ${shown} were shown; following it down`,
      );
    }
    this.store.setState({
      coins,
      durableCoins: this.serverCoins,
      // Not yet durable: what the server holds as pending plus what it has not seen.
      pending: Math.max(0, coins - this.serverCoins),
      energy: this.local.energy,
      maxEnergy: this.context.max,
      regenPerSecond: this.context.regenPerSecond,
      tapValue: this.context.tapValue,
      tapMultiplier: this.context.tapMultiplier,
      combo: currentCombo(this.local, now),
      synced: this.synced,
    });
  }

  private clearTimer(name: 'sendTimer' | 'comboTimer' | 'watchdogTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }
}
