import type { AdController, AdsgramInitParams } from '@adsgram/common';
import type { AdView } from '@titans/shared/quests/schemas';
import { useCallback, useEffect } from 'react';
import { getAdView } from '../../quests/api/get-ad-status.ts';

/** How long the player waits for Adsgram's reward callback to reach the server: 10 × 1 s. */
const POLLS = 10;
const POLL_MS = 1_000;

type Adsgram = NonNullable<Window['Adsgram']>;

/** Adsgram's block ids: digits, or `int-` and digits for interstitials. */
function isBlockId(value: string): value is AdsgramInitParams['blockId'] {
  return /^(int-)?\d+$/.test(value);
}

let sdk: Promise<Adsgram> | null = null;

/**
 * Adsgram's SDK, loaded once and only when an ad block is configured (decisions: D-QUEST-10): its
 * loader is a chunk of its own, imported here, and the script it fetches from Adsgram's host is
 * asked for only then. When the host cannot be reached (offline, an ad blocker) the promise
 * rejects; it always has a handler, so the failure reaches the caller that shows an ad and never
 * the page as an uncaught error.
 */
export function loadAdsgram(): Promise<Adsgram> {
  if (!sdk) {
    sdk = import('@adsgram/common')
      .then(({ loadScript }) => loadScript())
      .then(() => {
        if (!window.Adsgram) throw new Error('Adsgram is not available after its script loaded');
        return window.Adsgram;
      });
    sdk.catch((error: unknown) => console.warn('[ads] Adsgram could not be loaded', error));
  }
  return sdk;
}

/**
 * A rewarded ad of the configured Adsgram block (decisions: D-QUEST-6, D-QUEST-9, D-QUEST-10).
 * Mounting it starts loading the SDK. `watch(start)` then starts a view on the server, plays the
 * ad, and reads the view until the server has seen Adsgram's reward callback; it answers the view
 * as last read (`rewarded`, or still `pending` when the callback is late). The client never
 * credits anything: the coins are the server's. It rejects when the SDK cannot load, the view
 * cannot start, or the ad does not play to the end.
 */
export function useRewardedAd(blockId: string) {
  useEffect(() => {
    loadAdsgram().catch(() => undefined);
  }, []);
  return useCallback(
    async (start: () => Promise<AdView>): Promise<AdView> => {
      if (!isBlockId(blockId)) throw new Error(`Not an Adsgram block id: ${blockId}`);
      const adsgram = await loadAdsgram();
      const view = await start();
      let controller: AdController | undefined;
      try {
        controller = adsgram.init({ blockId });
        await controller.show();
      } finally {
        controller?.destroy();
      }
      let seen = view;
      for (let poll = 0; poll < POLLS; poll++) {
        seen = await getAdView(view.view_id);
        if (seen.status !== 'pending') return seen;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return seen;
    },
    [blockId],
  );
}
