import { describe, expect, test } from 'vitest';
import { launchInitData } from '../telegram/launch-init-data.ts';

describe('early socket', () => {
  test('W10 reads the init data Telegram puts in the launch hash, and nothing else', () => {
    const initData = 'query_id=AAE&user=%7B%22id%22%3A2%7D&auth_date=1700000000&signature=abc&hash=def';
    const hash = `#${new URLSearchParams([
      ['tgWebAppData', initData],
      ['tgWebAppVersion', '8.0'],
      ['tgWebAppPlatform', 'android'],
    ]).toString()}`;
    expect(launchInitData(hash)).toBe(initData);
    expect(launchInitData('')).toBeNull();
    expect(launchInitData('#tgWebAppVersion=8.0')).toBeNull();
    expect(launchInitData('#tgWebAppData=')).toBeNull();
  });
});
