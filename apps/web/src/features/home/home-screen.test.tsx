import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@titans/shared/user/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope, makeCharacter, makeUser } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { createMemoryRouter, RouterProvider } from '../../lib/router/router.tsx';
import { setLaunchContext } from '../../lib/telegram/launch-context.ts';
import { userQueryOptions } from '../users/api/get-user.ts';
import { HomeScreen } from './home-screen.tsx';

const character = makeCharacter();
const owned = {
  character_id: character._id,
  name: character.name,
  image: character.image,
  race: character.race,
  rarity: character.rarity,
  level: 3,
  health: 100,
  power: 10,
  defense: 5,
  speed: 5,
  experience: 0,
  tapValue: 10,
  acquired_at: '2025-01-01T00:00:00.000Z',
};

function renderHome(user: User, answer: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => answer(String(input))),
  );
  const client = createQueryClient();
  client.setQueryData(userQueryOptions('2').queryKey, user);
  const router = createMemoryRouter([{ path: '*', element: <HomeScreen /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Home states', () => {
  beforeEach(() => {
    setLaunchContext({
      insideTelegram: false,
      rawInitData: 'hash=x',
      player: { id: '2', username: 'test_titan', firstName: 'Test', photoUrl: '' },
      startParam: undefined,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('the selected hero is the tap target, with the Play & Earn, Titans Realm and Boost tiles', async () => {
    renderHome(makeUser({ avatar: character._id, avatars: [owned] }), () => envelope(404, null));
    expect(await screen.findByRole('button', { name: `Tap ${character.name}` })).toBeTruthy();
    expect(screen.getByText('Lv 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Play & Earn' }).getAttribute('href')).toBe('/tasks?tab=watch');
    expect(screen.getByRole('link', { name: 'Boost' }).getAttribute('href')).toBe('/boost');
    expect(screen.getByRole('button', { name: 'Mute music' })).toBeTruthy();
    expect(screen.getByTestId('connection-dot').getAttribute('aria-label')).toBe('Not connected');
    fireEvent.click(screen.getByRole('button', { name: 'Titans Realm' }));
    // The picker is a lazy chunk that parses with zod: its first import can take over a second on a loaded machine.
    expect(
      await screen.findByRole('dialog', { name: 'Select Titans Realm' }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  test('no character selected', () => {
    renderHome(makeUser({ avatar: null, avatars: [] }), () => envelope(404, null));
    expect(screen.getByText('No character selected')).toBeTruthy();
  });

  test('loading, then the load failure with Try again', async () => {
    let fail: (response: Response) => void = () => {};
    renderHome(makeUser({ avatar: 'kong', avatars: [] }), (url) =>
      url.startsWith('/v1/character/')
        ? new Promise<Response>((resolve) => (fail = resolve))
        : envelope(404, null),
    );
    expect(await screen.findByText('Loading character data...')).toBeTruthy();
    fail(envelope(500, null, { error: 'server/internal', message: 'Internal server error' }));
    expect(await screen.findByText('Failed to load character data')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
