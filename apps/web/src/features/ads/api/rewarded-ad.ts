import { useAdsgram } from '@adsgram/react';
import type { AdView } from '@titans/shared/quests/schemas';
import { useCallback } from 'react';
import { getAdView } from '../../quests/api/get-ad-status.ts';

/** How long the player waits for Adsgram's reward callback to reach the server: 10 × 1 s. */
const POLLS = 10;
const POLL_MS = 1_000;

/**
 * A rewarded ad of the configured Adsgram block (decisions: D-QUEST-6, D-QUEST-9). `watch(start)`
 * starts a view on the server, plays the ad, then reads the view until the server has seen
 * Adsgram's reward callback; it answers the view as last read (`rewarded`, or still `pending`
 * when the callback is late). The client never credits anything: the coins are the server's.
 * It rejects when the view cannot start or the ad does not play to the end.
 */
export function useRewardedAd(blockId: string) {
  const onError = useCallback(() => undefined, []);
  const adsgram = useAdsgram({ blockId: blockId as `${number}`, onError });
  return useCallback(
    async (start: () => Promise<AdView>): Promise<AdView> => {
      const view = await start();
      await adsgram.show();
      let seen = view;
      for (let poll = 0; poll < POLLS; poll++) {
        seen = await getAdView(view.view_id);
        if (seen.status !== 'pending') return seen;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return seen;
    },
    [adsgram],
  );
}
