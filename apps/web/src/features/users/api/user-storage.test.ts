import { beforeEach, describe, expect, test } from 'vitest';
import { makeUser } from '../../../../test/fixtures.ts';
import { readStoredUser, USER_STORAGE_KEY, writeStoredUser } from './user-storage.ts';

describe('user-storage (spec-a §3)', () => {
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
});
