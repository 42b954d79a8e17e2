import type { Query, QueryClient } from '@tanstack/react-query';
import type { User } from '@titans/shared/user/schemas';
import { fieldOf } from '../../../lib/field-of.ts';
import { localStore } from '../../../lib/local-storage.ts';

/** "The user and the first-time flag persist in local storage under a user-storage key." */
export const USER_STORAGE_KEY = 'user-storage';

interface StoredUser {
  state: { user: User; isFirstTime: boolean };
  version: 0;
}

/**
 * The fields the app reads before registration refreshes the account. Checked by hand rather
 * than with the shared zod schema, which would add zod to the bundle for this one read.
 */
function looksLikeUser(value: unknown): value is User {
  const id = fieldOf(value, 'telegram_user_id');
  const avatar = fieldOf(value, 'avatar');
  return (
    typeof id === 'string' &&
    /^\d{1,20}$/.test(id) &&
    typeof fieldOf(value, 'username') === 'string' &&
    ['coins', 'gems', 'energy', 'max_energy'].every((name) => typeof fieldOf(value, name) === 'number') &&
    (avatar === null || typeof avatar === 'string') &&
    Array.isArray(fieldOf(value, 'avatars')) &&
    typeof fieldOf(value, 'is_banned') === 'boolean'
  );
}

/** The user saved by the last session on this device, if it is this player's and still readable. */
export function readStoredUser(telegramUserId: string): User | null {
  const text = localStore.get(USER_STORAGE_KEY);
  if (!text) return null;
  try {
    const user = fieldOf(fieldOf(JSON.parse(text), 'state'), 'user');
    if (!looksLikeUser(user)) return null;
    // Ids compare by value: the development user is "00000002" in some places and "2" in others.
    return BigInt(user.telegram_user_id) === BigInt(telegramUserId) ? user : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: User): void {
  const stored: StoredUser = { state: { user, isFirstTime: user.avatar === null }, version: 0 };
  localStore.set(USER_STORAGE_KEY, JSON.stringify(stored));
}

/** Saves a query's data when it is a user (key `['user', id]`) that the cache holds. */
function saveUserOf(query: Query): void {
  const { queryKey, state } = query;
  if (state.status !== 'success' || queryKey.length !== 2 || queryKey[0] !== 'user') return;
  if (looksLikeUser(state.data)) writeStoredUser(state.data);
}

/**
 * Saves the user already in the query cache and every new version that reaches it. A new
 * device's registration can answer before the app subscribes (the first render waits for it,
 * D-WEB-42): that first account is saved too, so a reload offline opens it.
 */
export function persistUserChanges(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: ['user'] })) saveUserOf(query);
  return cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') saveUserOf(event.query);
  });
}
