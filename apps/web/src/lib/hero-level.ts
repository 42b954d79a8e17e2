import type { User } from '@titans/shared/user/schemas';

/**
 * The level every screen shows: the selected hero's (decisions: D-UI-6). Levels and experience
 * belong to each character (D-BATTLE-8); the account's own `level` stays 1 (D-USER-3).
 */
export function heroLevel(user: Pick<User, 'avatar' | 'avatars'> | undefined): number {
  return user?.avatars.find((avatar) => avatar.character_id === user.avatar)?.level ?? 1;
}
