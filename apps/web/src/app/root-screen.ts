import type { User } from '@titans/shared/user/schemas';

export type RootScreen = 'suspended' | 'unidentified' | 'loading' | 'unavailable' | 'onboarding' | 'app';

export interface RootState {
  /** A call answered 403 `auth/banned`. */
  suspended: boolean;
  /** Telegram (or the development mock) named a player. */
  identified: boolean;
  /** Tracked API calls in flight. */
  trackedInFlight: number;
  /** The account, once known (from this launch or the previous one on this device). */
  user: User | undefined;
  /** Registration failed and there is no account to show. */
  sessionFailed: boolean;
}

/**
 * Root order of precedence: a banned user sees only the ban screen; while the user
 * loads, the loading screen; a first-time user (no selected character) the intro and hero
 * choice; otherwise the routed app.
 */
export function rootScreen(state: RootState): RootScreen {
  if (state.suspended || state.user?.is_banned) return 'suspended';
  if (!state.identified) return 'unidentified';
  if (state.trackedInFlight > 0) return 'loading';
  if (!state.user) return state.sessionFailed ? 'unavailable' : 'loading';
  if (state.user.avatar === null) return 'onboarding';
  return 'app';
}
