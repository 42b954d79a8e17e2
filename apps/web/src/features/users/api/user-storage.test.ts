import { beforeEach, describe, expect, test } from 'vitest';
import { makeUser } from '../../../../test/fixtures.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { persistUserChanges, readStoredUser, USER_STORAGE_KEY, writeStoredUser } from './user-storage.ts';

describe('user-storage', () => {
  beforeEach(() => localStorage.clear());

  test('keeps the user and the first-time flag under the user-storage key', () => {
    writeStoredUser(makeUser({ avatar: null }));
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? '').state.isFirstTime).toBe(true);
    writeStoredUser(makeUser({ avatar: 'aldric-dawnblade' }));
    const stored = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? '');
    expect(stored.state.isFirstTime).toBe(false);
    expect(stored.state.user.avatar).toBe('aldric-dawnblade');
  });

  test('gives the saved user back only to the same Telegram user, ids compared by value', () => {
    writeStoredUser(makeUser({ telegram_user_id: '2', coins: 5 }));
    expect(readStoredUser('00000002')?.coins).toBe(5);
    expect(readStoredUser('3')).toBeNull();
  });

  test('ignores what it cannot read', () => {
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(readStoredUser('2')).toBeNull();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ state: { user: { telegram_user_id: '2' } } }));
    expect(readStoredUser('2')).toBeNull();
  });

  test('saves a user that reached the cache before the app subscribed, then every new version', () => {
    // A new device's first render waits for registration, which can answer before App's effect.
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user', '2'], makeUser({ telegram_user_id: '2', coins: 7 }));
    const stop = persistUserChanges(queryClient);
    expect(readStoredUser('2')?.coins).toBe(7);
    queryClient.setQueryData(['user', '2'], makeUser({ telegram_user_id: '2', coins: 9 }));
    expect(readStoredUser('2')?.coins).toBe(9);
    stop();
    queryClient.setQueryData(['user', '2'], makeUser({ telegram_user_id: '2', coins: 11 }));
    expect(readStoredUser('2')?.coins).toBe(9);
  });
});
