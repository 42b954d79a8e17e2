import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { User } from '@titans/shared/user/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope, makeCharacter, makeUser } from '../../../test/fixtures.ts';
import { Toaster } from '../../components/ui/toaster.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { setLaunchContext } from '../../lib/telegram/launch-context.ts';
import { ChooseHero } from './choose-hero.tsx';

const free = [
  makeCharacter(),
  makeCharacter({ _id: 'lyra-windrunner', name: 'Lyra Windrunner', race: 'CAT', power: 60, speed: 75 }),
];
const paid = makeCharacter({ _id: 'kong', name: 'Kong the Thunderfist', race: 'APE', is_free: false });

function renderChooser(client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <ChooseHero telegramUserId="2" />
      <Toaster />
    </QueryClientProvider>,
  );
}

function serve(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const list = (characters: unknown[]) =>
  envelope(200, { characters, total: characters.length, limit: 100, skip: 0 });

describe('Choose Your Hero', () => {
  beforeEach(() => {
    setLaunchContext({ insideTelegram: false, rawInitData: 'hash=x', player: null, startParam: undefined });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  test('offers only free heroes; Start Adventure waits for a choice, which shows HP, ATK, DEF, SPD', async () => {
    serve(() => list([...free, paid]));
    renderChooser();
    const start = screen.getByRole('button', { name: 'Start Adventure' }) as HTMLButtonElement;
    await screen.findByRole('button', { name: /Lyra Windrunner, Cat, level 1/ });
    expect(screen.queryByText('Kong the Thunderfist')).toBeNull();
    expect(start.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Lyra Windrunner/ }));
    for (const label of ['HP', 'ATK', 'DEF', 'SPD']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('4,000')).toBeTruthy();
    expect(start.disabled).toBe(false);
  });

  test('Start Adventure shows Processing... while selecting, and the failure message if it fails', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = serve((url) =>
      url.includes('select-character') ? new Promise<Response>((resolve) => (answer = resolve)) : list(free),
    );
    renderChooser();
    fireEvent.click(await screen.findByRole('button', { name: /Sir Aldric Dawnblade/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Adventure' }));

    const processing = (await screen.findByRole('button', { name: 'Processing...' })) as HTMLButtonElement;
    expect(processing.disabled).toBe(true);
    const call = fetch.mock.calls.find(([url]) => String(url).includes('select-character'));
    expect(String(call?.[0])).toBe('/v1/user/2/select-character');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ characterId: 'aldric-dawnblade' });

    await act(async () => answer(envelope(400, null, { error: 'character/not-owned' })));
    expect(await screen.findByText('Failed to select character. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Adventure' })).toBeTruthy();
  });

  test('a successful choice puts the returned user, now with a hero, in the cache', async () => {
    serve((url) =>
      url.includes('select-character') ? envelope(200, makeUser({ avatar: 'aldric-dawnblade' })) : list(free),
    );
    const client = createQueryClient();
    renderChooser(client);
    fireEvent.click(await screen.findByRole('button', { name: /Sir Aldric Dawnblade/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Adventure' }));
    // The root leaves first-time mode as soon as the cached user has a hero.
    await waitFor(() => expect(client.getQueryData<User>(['user', '2'])?.avatar).toBe('aldric-dawnblade'));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
  });

  test('no free heroes: the empty state', async () => {
    serve(() => list([paid]));
    renderChooser();
    expect(await screen.findByText('No characters available at the moment')).toBeTruthy();
  });

  test('an HTTP failure reads "Failed to fetch characters"; no answer reads the generic error', async () => {
    serve(() => envelope(500, null, { error: 'server/internal' }));
    const first = renderChooser();
    expect(await screen.findByText('Failed to fetch characters')).toBeTruthy();
    first.unmount();

    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    renderChooser();
    expect(await screen.findByText('An error occurred while fetching characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
