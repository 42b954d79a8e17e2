import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TAP_VALUE } from '@titans/shared/constants';
import type { StatusPayload } from '@titans/shared/taps/schemas';
import type { User } from '@titans/shared/user/schemas';
import { useEffect, useState } from 'react';
import { userQueryOptions } from '../../api/user/get-user.ts';
import { useReferralJoined } from '../../features/invite/use-referral-joined.ts';
import { reportAccountBanned } from '../../lib/api-client.ts';
import { type BalanceSeed, seedBalances } from '../../lib/realtime/balance-store.ts';
import { getTapPipeline, startRealtimeSession } from '../../lib/realtime/realtime-session.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';

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
 * Runs the player's realtime session while the routed app is shown: one socket for every
 * screen, the tap pipeline seeded from the REST user until the first status arrives, the tap
 * value following the selected character, a ban on the socket shown like a ban on any call.
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
      onBanned: (reason) => reportAccountBanned({ reason }),
      onStatus: (kind, payload) => {
        latest = payload;
        if (kind === 'statusUpdated') save();
        else saveTimer ??= setTimeout(save, SAVE_BALANCES_MS);
      },
    });
    return () => {
      if (saveTimer) clearTimeout(saveTimer);
      session.stop();
    };
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
