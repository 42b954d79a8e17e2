import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope, makeCharacter, makeUser } from '../../test/fixtures.ts';
import { PENDING_REFERRAL_CODE_KEY } from '../features/referrals/pending-referral-code.ts';
import { useSuspension } from '../features/suspension/suspension-store.ts';
import { writeStoredUser } from '../features/users/api/user-storage.ts';
import { setLaunchContext } from '../lib/telegram/launch-context.ts';
import { useTrackedRequests } from '../lib/tracked-requests.ts';
import { App } from './app.tsx';

// The realtime socket never connects here: these tests are about the root's screens.
vi.mock('socket.io-client', () => {
  const emitter = () => ({ on: vi.fn(), off: vi.fn(), onAny: vi.fn() });
  return {
    io: () => ({
      ...emitter(),
      io: emitter(),
      connected: false,
      active: false,
      connect: vi.fn(),
      disconnect: vi.fn(),
      emit: vi.fn(),
    }),
  };
});

// The first screen's answers are parsed with lazily imported schemas (lib/lazy-schema.ts): imported
// once here, so a cold import on a loaded machine does not eat the findBy timeouts.
beforeAll(async () => {
  await Promise.all([
    import('@titans/shared/user/schemas'),
    import('@titans/shared/characters/schemas'),
    import('@titans/shared/quests/schemas'),
    import('@titans/shared/referrals/schemas'),
  ]);
});

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function serve(handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const character = makeCharacter();
const hero = {
  character_id: character._id,
  name: character.name,
  image: character.image,
  race: character.race,
  rarity: character.rarity,
  level: 1,
  health: character.health,
  power: character.power,
  defense: character.defense,
  speed: character.speed,
  experience: 0,
  tapValue: 10,
  acquired_at: '2025-01-01T00:00:00.000Z',
};

describe('root (order of precedence)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    useSuspension.setState({ suspended: false, reason: null });
    useTrackedRequests.setState({ inFlight: 0 });
    // Failed calls are logged by design; keep the test output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    setLaunchContext({
      insideTelegram: false,
      rawInitData: 'user=%7B%22id%22%3A2%7D&hash=x',
      player: { id: '2', username: 'test_titan', firstName: 'Test', photoUrl: '' },
      startParam: undefined,
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('the loading screen shows while registration is in flight, then the ban screen wins', async () => {
    let answer: (response: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<App />);
    expect(await screen.findByTestId('loading-screen')).toBeTruthy();

    answer(
      envelope(
        403,
        { is_banned: true, ban_reason: 'Too many taps' },
        { error: 'auth/banned', message: 'Too many taps' },
      ),
    );
    expect(await screen.findByRole('alertdialog', { name: 'Account Suspended' })).toBeTruthy();
    expect(screen.getByText('Too many taps')).toBeTruthy();
    expect(screen.getByText('If you believe this is an error, please contact support.')).toBeTruthy();
    expect(screen.queryByTestId('loading-screen')).toBeNull();
  });

  test('a first-time user sees the intro; the pending referral code is sent once and then cleared', async () => {
    localStorage.setItem(PENDING_REFERRAL_CODE_KEY, 'ABC123');
    const fetch = serve((url) =>
      url.startsWith('/v1/user/register')
        ? envelope(201, makeUser({ avatar: null }))
        : envelope(200, { characters: [character], total: 1, limit: 100, skip: 0 }),
    );
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Welcome to Titans' })).toBeTruthy();

    const register = fetch.mock.calls.find(([url]) => String(url) === '/v1/user/register');
    expect(JSON.parse(String(register?.[1]?.body))).toEqual({
      telegram_user_id: '2',
      username: 'test_titan',
      referral_code: 'ABC123',
    });
    expect(localStorage.getItem(PENDING_REFERRAL_CODE_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem('user-storage') ?? '{}').state.isFirstTime).toBe(true);
  });

  test('a failed registration keeps the pending code and offers to try again', async () => {
    localStorage.setItem(PENDING_REFERRAL_CODE_KEY, 'ABC123');
    serve(() => envelope(500, null, { error: 'server/internal', message: 'Internal server error' }));
    render(<App />);
    expect(await screen.findByText('Could not reach the game server')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(localStorage.getItem(PENDING_REFERRAL_CODE_KEY)).toBe('ABC123');
  });

  test('a player with a hero gets the routed app inside the navigation shell', async () => {
    serve(() => envelope(200, makeUser({ avatar: character._id, avatars: [hero], coins: 4321 })));
    render(<App />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Quest Board', 'Invites', 'Home', 'Arena', 'Titans Emporium']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(screen.getByTestId('coin-total').textContent).toBe('4,321');
    expect(screen.getByRole('link', { name: 'Stars: 7' })).toBeTruthy();
  });

  test('a player saved on this device plays on at once while registration refreshes quietly', async () => {
    writeStoredUser(makeUser({ avatar: character._id, avatars: [hero], coins: 10 }));
    let answer: (response: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<App />);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('coin-total').textContent).toBe('10');

    answer(envelope(200, makeUser({ avatar: character._id, avatars: [hero], coins: 99 })));
    await waitFor(() => expect(screen.getByTestId('coin-total').textContent).toBe('99'));
  });

  test('without a Telegram user the app says it could not identify the player', async () => {
    setLaunchContext({ insideTelegram: false, rawInitData: undefined, player: null, startParam: undefined });
    serve(() => envelope(500, null));
    render(<App />);
    expect(await screen.findByText('Could not identify user. Please try again later.')).toBeTruthy();
  });
});
