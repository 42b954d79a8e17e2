import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InventoryEntry } from '@titans/shared/inventory/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope, makeUser } from '../../../test/fixtures.ts';
import { Toaster } from '../../components/ui/toaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { setLaunchContext } from '../../lib/telegram/launch-context.ts';
import { userQueryOptions } from '../users/api/get-user.ts';
import { BackgroundPicker } from './background-picker.tsx';

const citadel: InventoryEntry = {
  _id: 'owned-1',
  item_id: 'moonlit-citadel',
  character_id: null,
  item_type: 'background',
  character_details: null,
  item_details: {
    name: 'Moonlit Citadel',
    description: 'A Titans Realm.',
    image_url: '/art/backgrounds/moonlit-citadel.jpg',
    item_type: 'background',
    rarity: 'rare',
    is_limited: false,
    effects: {},
  },
  purchase_price: 20_000,
  purchase_date: '2026-01-01T00:00:00.000Z',
  currency: 'coins',
  is_limited: false,
  count: 1,
};

function serve(update: () => Response) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init });
      if (url.startsWith('/v1/users/2/inventory')) return envelope(200, { items: [citadel], total: 1 });
      if (url === '/v1/user/update/2') return update();
      return envelope(404, null);
    }),
  );
  return calls;
}

function renderPicker(onClose = vi.fn()) {
  const client = createQueryClient();
  const user = makeUser({ background_image: null, background_item_id: null });
  client.setQueryData(userQueryOptions('2').queryKey, user);
  render(
    <QueryClientProvider client={client}>
      <BackgroundPicker user={user} telegramUserId="2" open onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { client, onClose };
}

describe('Titans Realm picker', () => {
  beforeEach(() => {
    setLaunchContext({ insideTelegram: false, rawInitData: 'hash=x', player: null, startParam: undefined });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('Default and owned realms; the equipped one is disabled; confirming saves and says so', async () => {
    const calls = serve(() =>
      envelope(
        200,
        makeUser({
          background_item_id: 'moonlit-citadel',
          background_image: citadel.item_details!.image_url,
        }),
      ),
    );
    const { client, onClose } = renderPicker();
    const picker = screen.getByRole('dialog', { name: 'Select Titans Realm' });
    const equipped = within(picker).getByRole('button', { name: 'Default, equipped' });
    expect((equipped as HTMLButtonElement).disabled).toBe(true);
    expect(within(picker).getByText('Equipped')).toBeTruthy();

    fireEvent.click(await within(picker).findByRole('button', { name: 'Moonlit Citadel' }));
    const confirm = screen.getByRole('dialog', { name: 'Set Titans Realm' });
    expect(
      within(confirm).getByText('Do you want to set "Moonlit Citadel" as your new Titans Realm?'),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Set as Titans Realm' }));

    expect(await screen.findByText('Background updated successfully!')).toBeTruthy();
    const put = calls.find((call) => call.url === '/v1/user/update/2');
    expect(put?.init?.method).toBe('PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ background_image: 'moonlit-citadel' });
    expect(onClose).toHaveBeenCalled();
    // The user in the cache changes at once, so Home's backdrop follows without a reload.
    expect(client.getQueryData(userQueryOptions('2').queryKey)?.background_item_id).toBe('moonlit-citadel');
  });

  test('a failed save shows the red toast and keeps the picker open', async () => {
    serve(() =>
      envelope(400, null, { error: 'user/background-not-owned', message: 'You do not own this background' }),
    );
    const { onClose } = renderPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'Moonlit Citadel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Set as Titans Realm' }));
    expect(await screen.findByText('Failed to update background')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set Titans Realm' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});
