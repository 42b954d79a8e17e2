import { regenerate } from '@titans/shared/taps/energy';
import type { StatusPayload, TapRegisteredPayload } from '@titans/shared/taps/schemas';
import { currentCombo } from '@titans/shared/taps/tap-rules';
import type { LiveBalance } from '../users/user-view.ts';
import type { LivePlayer } from './live-players.ts';

/** The events a player's connections get about their balance. */
export type TapEvent = 'statusUpdated' | 'energyUpdated' | 'coinsUpdated';

/** A connection that wants a user's balance updates (one per socket). */
export interface TapSubscriber {
  /** Stable per page load, or `socket:<id>` when the client sent none (dedupe within the socket only). */
  clientId: string;
  send(event: TapEvent, payload: StatusPayload): void;
  /** Another process holds the player now: close this connection so it reconnects there. */
  moved(): void;
}

/** What one tap event did, for `tapRegistered`. */
export interface TapOutcome {
  seq: number | null;
  accepted: number;
  rejected: number;
  reason: TapRegisteredPayload['reason'];
  /** Coins the accepted taps earned. */
  value: number;
}

/**
 * The fan-out: what a player's connections are told, each from the player's live state at the
 * app clock's time — `statusUpdated`, `energyUpdated` and `coinsUpdated` as status payloads, and
 * the answer to a tap event.
 */
export class TapSubscribers {
  constructor(private readonly now: () => number) {}

  /** The live status of a player for one client (their batch numbers are the client's own). */
  status(live: LivePlayer, clientId: string): StatusPayload {
    const now = this.now();
    const payload: StatusPayload = {
      coins: live.confirmedCoins,
      energy: regenerate(live.state.energy, live.context, now).energy,
      max_energy: live.context.max,
      pending: live.pendingCoins + live.inflightCoins,
      gems: live.gems,
      energy_regen_rate: live.context.regenPerSecond,
      tap_value: live.context.tapValue * live.context.tapMultiplier,
      tap_multiplier: live.context.tapMultiplier,
    };
    const seq = live.seqs.get(clientId);
    if (seq) {
      payload.confirmed_seq = seq.durable;
      payload.applied_seq = seq.applied;
    }
    return payload;
  }

  /** Sends every connection of the player (but `except`) its status under `event`. */
  broadcast(live: LivePlayer, event: TapEvent, except?: TapSubscriber) {
    for (const subscriber of live.subscribers) {
      if (subscriber !== except) subscriber.send(event, this.status(live, subscriber.clientId));
    }
  }

  /** Lets the player's other connections see energy move when one of them taps. */
  notifyOthers(live: LivePlayer, except: TapSubscriber) {
    if (live.subscribers.size > 1) this.broadcast(live, 'energyUpdated', except);
  }

  /** The answer to one tap event (`now` is the time the event was applied at). */
  tapRegistered(live: LivePlayer, now: number, outcome: TapOutcome): TapRegisteredPayload {
    const pending = live.pendingCoins + live.inflightCoins;
    return {
      seq: outcome.seq,
      accepted: outcome.accepted,
      rejected: outcome.rejected,
      reason: outcome.reason,
      value: outcome.value,
      total: live.confirmedCoins + pending,
      coins: live.confirmedCoins,
      pending,
      energy: regenerate(live.state.energy, live.context, now).energy,
      max_energy: live.context.max,
      combo: currentCombo(live.state, now),
    };
  }

  /** A loaded player's balance beside the stored one (user views). */
  balance(live: LivePlayer, now: number): LiveBalance {
    return {
      pending: live.pendingCoins + live.inflightCoins,
      energy: regenerate(live.state.energy, live.context, now).energy,
      maxEnergy: live.context.max,
    };
  }
}
