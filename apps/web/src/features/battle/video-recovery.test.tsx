import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AdStatus, AdView } from '@titans/shared/quests/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope } from '../../../test/fixtures.ts';
import { Toaster } from '../../components/ui/toaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { setLaunchContext } from '../../lib/telegram/launch-context.ts';
import { VideoRecovery } from './video-recovery.tsx';

const show = vi.fn(async () => ({
  done: true,
  description: 'watched',
  state: 'destroy' as const,
  error: false,
}));
// Adsgram's loader, as its script would leave it: `window.Adsgram` with a block's controller.
vi.mock('@adsgram/common', () => ({
  loadScript: async () => {
    window.Adsgram = {
      init: () => ({ show, addEventListener() {}, removeEventListener() {}, destroy() {} }),
    };
  },
}));

const BATTLE = '4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const status = (blockId: string | null): AdStatus => ({
  provider: 'adsgram',
  block_id: blockId,
  reward_coins: 250,
  per_day: 10,
  remaining_today: 10,
});
const view = (viewStatus: AdView['status']): AdView => ({
  view_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  status: viewStatus,
  reward: 2_500,
  purpose: 'battle-recovery',
  battle_id: BATTLE,
});

function serve(handler: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderRecovery() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <VideoRecovery battleId={BATTLE} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('video recovery after a defeat (rules Q9)', () => {
  beforeEach(() => {
    setLaunchContext({ insideTelegram: false, rawInitData: 'hash=x', player: null, startParam: undefined });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    show.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('is not offered without an ad block', async () => {
    const fetch = serve(() => envelope(200, status(null)));
    renderRecovery();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('video-recovery')).toBeNull();
  });

  test('starts a recovery view of this battle, plays the ad, and shows the coins once the server credits them', async () => {
    let reads = 0;
    const fetch = serve((url, init) => {
      if (url.endsWith('/ads/status')) return envelope(200, status('4242'));
      if (url.endsWith('/ads/views') && init?.method === 'POST') return envelope(200, view('pending'));
      if (url.includes('/ads/views/')) return envelope(200, view(++reads < 2 ? 'pending' : 'rewarded'));
      return envelope(404, null);
    });
    renderRecovery();
    expect(await screen.findByText('Watch a video to recover')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch Video' }));
    expect(await screen.findByText('+2,500 coins', undefined, { timeout: 5_000 })).toBeTruthy();
    const start = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith('/ads/views') && init?.method === 'POST',
    );
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({ purpose: 'battle-recovery', battle_id: BATTLE });
    expect(show).toHaveBeenCalledTimes(1);
    expect(reads).toBe(2);
  });

  test('a refusal from the server is shown, and the offer stays', async () => {
    serve((url, init) => {
      if (url.endsWith('/ads/status')) return envelope(200, status('4242'));
      if (init?.method === 'POST')
        return envelope(400, null, {
          message: 'Only a defeat can be recovered',
          error: 'recovery/not-a-defeat',
        });
      return envelope(404, null);
    });
    renderRecovery();
    fireEvent.click(await screen.findByRole('button', { name: 'Watch Video' }));
    expect(await screen.findByText('Only a defeat can be recovered')).toBeTruthy();
    expect(show).not.toHaveBeenCalled();
    // The toast can be on screen a render before the offer's button comes back.
    expect(await screen.findByRole('button', { name: 'Watch Video' })).toBeTruthy();
  });
});
