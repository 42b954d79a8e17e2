import { describe, expect, test } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { type RootState, rootScreen } from './root-screen.ts';

const base: RootState = {
  suspended: false,
  identified: true,
  trackedInFlight: 0,
  user: makeUser({ avatar: 'aldric-dawnblade' }),
  sessionFailed: false,
};

describe('root order of precedence', () => {
  test('a banned user sees only the ban screen, whatever else is true', () => {
    expect(rootScreen({ ...base, suspended: true, trackedInFlight: 2, user: undefined })).toBe('suspended');
    expect(rootScreen({ ...base, user: makeUser({ is_banned: true, avatar: null }) })).toBe('suspended');
  });

  test('while a tracked call is in flight, or before the user is known, the loading screen shows', () => {
    expect(rootScreen({ ...base, trackedInFlight: 1 })).toBe('loading');
    expect(rootScreen({ ...base, user: undefined })).toBe('loading');
  });

  test('a first-time user (no selected character) gets the intro and hero choice', () => {
    expect(rootScreen({ ...base, user: makeUser({ avatar: null }) })).toBe('onboarding');
  });

  test('otherwise the routed app shows', () => {
    expect(rootScreen(base)).toBe('app');
  });

  test('without a Telegram user, or when registration failed with nothing saved, an error shows', () => {
    expect(rootScreen({ ...base, identified: false, user: undefined })).toBe('unidentified');
    expect(rootScreen({ ...base, user: undefined, sessionFailed: true })).toBe('unavailable');
  });
});
