import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TAP_VALUE } from '@titans/shared/constants';
import type { StatusPayload } from '@titans/shared/taps/schemas';
import type { User } from '@titans/shared/user/schemas';
import { useEffect, useState } from 'react';
import { useReferralJoined } from '../../features/referrals/use-referral-joined.ts';
import { userQueryOptions } from '../../features/users/api/get-user.ts';
import { reportAccountBanned } from '../../lib/api-client.ts';
import { type BalanceSeed, seedBalances } from '../../lib/realtime/balance-store.ts';
import { takeEarlySocket } from '../../lib/realtime/early-socket.ts';
import {
  getTapPipeline,
  type RealtimeSession,
  startRealtimeSession,
} from '../../lib/realtime/realtime-session.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { refreshAccountAfterBattles } from './refresh-after-battle.ts';

/** How often balances pushed while tapping are copied into the saved user (for the next launch). */
const SAVE_BALANCES_MS = 2_000;

function tapValueOf(user: User): number {
  return user.avatars.find((avatar) => avatar.character_id === user.avatar)?.tapValue ?? DEFAULT_TAP_VALUE;
}

function seedOf(user: User): BalanceSeed {
  return {
    coins: user.coins,
    energy: user.energy,
    maxEnergy: user.max_energy,
    regenPerSecond: user.energy_regen_rate,
    tapValue: tapValueOf(user),
    tapMultiplier: user.tap_multiplier,
  };
}

/**
 * Starts the player's realtime session: one socket for every screen, balances pushed while
 * tapping copied into the cached user (saved for the next launch), the account refetched after a
 * battle, a ban on the socket shown like a ban on any call. `accountReady`, if given, resolves once the account exists on the server
 * (registration): the socket may connect before, but announces the player only then.
 */
export function startPlayerSession(
  queryClient: QueryClient,
  telegramUserId: string,
  accountReady?: () => Promise<unknown>,
): RealtimeSession {
  const key = userQueryOptions(telegramUserId).queryKey;
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  let latest: StatusPayload | null = null;
  const save = () => {
    saveTimer = null;
    const payload = latest;
    if (!payload) return;
    queryClient.setQueryData(key, (cached) =>
      cached
        ? {
            ...cached,
            coins: payload.coins,
            gems: payload.gems ?? cached.gems,
            energy: payload.energy,
            max_energy: payload.max_energy,
            energy_regen_rate: payload.energy_regen_rate ?? cached.energy_regen_rate,
          }
        : cached,
    );
  };
  const session = startRealtimeSession({
    telegramUserId,
    initData: () => getLaunchContext().rawInitData,
    ...(accountReady ? { accountReady } : {}),
    socket: takeEarlySocket(),
    onBanned: (reason) => reportAccountBanned({ reason }),
    onStatus: (kind, payload) => {
      latest = payload;
      if (kind === 'statusUpdated') save();
      else saveTimer ??= setTimeout(save, SAVE_BALANCES_MS);
    },
  });
  // Coins and energy come by statusUpdated; a battle's level and experience are refetched.
  const stopRefreshing = refreshAccountAfterBattles(queryClient, telegramUserId);
  return {
    ...session,
    stop() {
      if (saveTimer) clearTimeout(saveTimer);
      stopRefreshing();
      session.stop();
    },
  };
}

/** The session boot-session.ts started before the first render, until the app takes it. */
let booted: { telegramUserId: string; session: RealtimeSession } | null = null;

/** Called before the first render (boot-session.ts): the socket opens while the app loads. */
export function startEarlyPlayerSession(
  queryClient: QueryClient,
  telegramUserId: string,
  accountReady: () => Promise<unknown>,
): void {
  booted?.session.stop();
  booted = { telegramUserId, session: startPlayerSession(queryClient, telegramUserId, accountReady) };
}

function takeBootedSession(telegramUserId: string): RealtimeSession | null {
  const taken = booted?.telegramUserId === telegramUserId ? booted.session : null;
  booted = null;
  return taken;
}

/**
 * Runs the player's realtime session while the routed app is shown (the one started before the
 * first render, or a new one), with the tap pipeline seeded from the REST user until the first
 * status arrives and the tap value following the selected character.
 */
export function useRealtimeSession(user: User): void {
  const queryClient = useQueryClient();
  const telegramUserId = getLaunchContext().player?.id ?? '';
  // Before the first render of Home: its numbers start from the account, not from 0.
  useState(() => seedBalances(seedOf(user), Date.now()));
  // A friend's reward arrives on any screen: the referral list refreshes and the player is told.
  useReferralJoined(telegramUserId);

  useEffect(() => {
    if (!telegramUserId) return;
    // A new session: the account is on screen, so registration has answered; announce at once.
    const session = takeBootedSession(telegramUserId) ?? startPlayerSession(queryClient, telegramUserId);
    return () => session.stop();
  }, [telegramUserId, queryClient]);

  // A fresher account (registration, a purchase) replaces the seed until the socket speaks;
  // after that only the tap value and multiplier of the selected character are taken.
  const { coins, energy, maxEnergy, regenPerSecond, tapValue, tapMultiplier } = seedOf(user);
  useEffect(() => {
    const pipeline = getTapPipeline();
    pipeline?.seed({ coins, energy, maxEnergy, regenPerSecond, tapValue, tapMultiplier });
    pipeline?.setTapContext(tapValue, tapMultiplier);
  }, [coins, energy, maxEnergy, regenPerSecond, tapValue, tapMultiplier]);
}
