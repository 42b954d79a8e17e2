import { QueryObserver } from '@tanstack/react-query';
import type { User } from '@titans/shared/user/schemas';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope, makeUser } from '../../../test/fixtures.ts';
import { profileQueryOptions } from '../../features/users/api/get-profile.ts';
import { userQueryOptions } from '../../features/users/api/get-user.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import type { RealtimeConnection } from '../../lib/realtime/realtime-connection.ts';
import { setLaunchContext } from '../../lib/telegram/launch-context.ts';

type Handler = (payload: unknown) => void;

/** A socket the test pushes server events into (the part of a connection the channel uses). */
function fakeConnection() {
  const handlers = new Map<string, Handler[]>();
  const socket = {
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
  };
  return {
    connection: { socket } as unknown as RealtimeConnection,
    push(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
}

function userAtLevel(level: number): User {
  const base = makeUser();
  return makeUser({
    avatar: 'hero-1',
    avatars: [
      {
        character_id: 'hero-1',
        name: 'Aria',
        image: '/art/aria.webp',
        race: 'Human',
        rarity: 'common',
        level,
        health: 100,
        power: 10,
        defense: 5,
        speed: 5,
        experience: 5,
        tapValue: 1,
        acquired_at: base.created_at,
      },
    ],
  });
}

const completed = {
  battle_id: 'b-1',
  result: 'defeat',
  coins_earned: -5_000,
  experience_earned: 10,
  reason: 'forfeit',
  is_pvp: false,
  level: 2,
  level_up: true,
  coins: 2_009,
};

// The channel is one per page: every test loads fresh copies of the modules that hold it.
let channel: typeof import('../../lib/realtime/battle-channel.ts');
let refresh: typeof import('./refresh-after-battle.ts');
beforeEach(async () => {
  vi.resetModules();
  channel = await import('../../lib/realtime/battle-channel.ts');
  refresh = await import('./refresh-after-battle.ts');
  setLaunchContext({
    insideTelegram: false,
    rawInitData: 'hash=x',
    player: { id: '2', username: 'test_titan', firstName: 'Test', photoUrl: '' },
    startParam: undefined,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account after a battle (rules W13)', () => {
  test('battleCompleted refetches the user: the level the result announced shows on every screen', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/user/2') ? envelope(200, userAtLevel(2)) : envelope(404, null),
    );
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    client.setQueryData(userQueryOptions('2').queryKey, userAtLevel(1));
    // Home (or the Arena) is showing the user.
    const observer = new QueryObserver(client, userQueryOptions('2'));
    const unsubscribe = observer.subscribe(() => {});
    const server = fakeConnection();
    channel.attachBattleChannel(server.connection);
    const stop = refresh.refreshAccountAfterBattles(client, '2');

    server.push('battleCompleted', completed);
    await vi.waitFor(() =>
      expect(client.getQueryData(userQueryOptions('2').queryKey)?.avatars[0]?.level).toBe(2),
    );
    expect(fetch).toHaveBeenCalledTimes(1);

    // Stopped with the session: a later result is not this session's to handle.
    stop();
    server.push('battleCompleted', { ...completed, battle_id: 'b-2' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  test('the profile is marked stale too; a malformed result changes nothing', () => {
    const client = createQueryClient();
    client.setQueryData(userQueryOptions('2').queryKey, userAtLevel(1));
    client.setQueryData(profileQueryOptions('2').queryKey, { level: 1 } as never);
    expect(refresh.refreshAfterBattle(client, '2', { ...completed, level: '2' })).toBe(false);
    expect(client.getQueryState(profileQueryOptions('2').queryKey)?.isInvalidated).toBe(false);
    expect(refresh.refreshAfterBattle(client, '2', completed)).toBe(true);
    expect(client.getQueryState(profileQueryOptions('2').queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(userQueryOptions('2').queryKey)?.isInvalidated).toBe(true);
  });
});
