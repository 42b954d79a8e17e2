import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PENDING_REFERRAL_CODE_KEY } from '../../features/referrals/pending-referral-code.ts';
import { registrationBody, sendEarlyRegistration, takeEarlyRegistration } from './early-registration.ts';

const user = { id: 4242, username: 'ada', first_name: 'Ada', photo_url: 'https://t.me/i/ada.jpg' };
const initData = (extra = '') =>
  `user=${encodeURIComponent(JSON.stringify(user))}&auth_date=1&hash=abc${extra}`;
const at = (pathname = '/', hash = '', search = '') => ({ pathname, hash, search });
const player = { id: '4242', username: 'ada', firstName: 'Ada', photoUrl: 'https://t.me/i/ada.jpg' };

describe('registration sent by the entry script (rules W10)', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();

  beforeEach(() => {
    localStorage.clear();
    fetch.mockReset().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    takeEarlyRegistration(registrationBody(player, null));
    vi.unstubAllGlobals();
  });

  test('sends the body the session would send, signed with the launch init data, and hands it over once', async () => {
    sendEarlyRegistration(initData(), at());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fetch.mock.calls[0]!;
    expect(url).toBe('/v1/user/register');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe(`tma ${initData()}`);
    expect(JSON.parse(String(init.body))).toEqual({
      telegram_user_id: '4242',
      username: 'ada',
      profile_picture: 'https://t.me/i/ada.jpg',
    });
    const sent = takeEarlyRegistration(registrationBody(player, null));
    expect(sent).toBe(fetch.mock.results[0]!.value);
    // Once only: a second registration (a retry after a failure) sends its own.
    expect(takeEarlyRegistration(registrationBody(player, null))).toBeUndefined();
  });

  test('a referral code in the start parameter is captured and sent, as the session would', () => {
    sendEarlyRegistration(initData('&start_param=buddies_abc123'), at());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ referral_code: 'ABC123' });
    expect(localStorage.getItem(PENDING_REFERRAL_CODE_KEY)).toBe('ABC123');
    // The session's body carries the code too: the same call.
    expect(takeEarlyRegistration(registrationBody(player, 'ABC123'))).toBeDefined();
  });

  test('the launch hash start parameter and a /buddies/ path count too', () => {
    sendEarlyRegistration(initData(), at('/', '#tgWebAppStartParam=buddies_xyz'));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ referral_code: 'XYZ' });
    takeEarlyRegistration(registrationBody(player, 'XYZ'));
    localStorage.clear();
    sendEarlyRegistration(initData(), at('/buddies/q1'));
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toMatchObject({ referral_code: 'Q1' });
  });

  test('a session body that differs is not answered by the early call', () => {
    sendEarlyRegistration(initData(), at());
    expect(takeEarlyRegistration(registrationBody(player, 'LATE'))).toBeUndefined();
  });

  test('nothing is sent without init data or without a player in it', () => {
    sendEarlyRegistration(null, at());
    sendEarlyRegistration('auth_date=1&hash=abc', at());
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyRegistration(registrationBody(player, null))).toBeUndefined();
  });
});
