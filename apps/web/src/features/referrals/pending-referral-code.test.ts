import { beforeEach, describe, expect, test } from 'vitest';
import {
  capturePendingReferralCode,
  clearPendingReferralCode,
  normaliseReferralCode,
  PENDING_REFERRAL_CODE_KEY,
  readPendingReferralCode,
  referralCodeFromLaunch,
} from './pending-referral-code.ts';

const at = (path: string) => {
  const url = new URL(path, 'https://titans.example');
  return { pathname: url.pathname, search: url.search };
};

describe('R1 referral code capture', () => {
  beforeEach(() => localStorage.clear());

  test('an optional buddies_ prefix is removed and the code upper-cased', () => {
    expect(normaliseReferralCode('buddies_abc123')).toBe('ABC123');
    expect(normaliseReferralCode('BUDDIES_xy9')).toBe('XY9');
    expect(normaliseReferralCode('abc123')).toBe('ABC123');
    expect(normaliseReferralCode('  q7w  ')).toBe('Q7W');
    expect(normaliseReferralCode('')).toBeNull();
    expect(normaliseReferralCode('buddies_')).toBeNull();
    expect(normaliseReferralCode('no spaces!')).toBeNull();
  });

  test('the code comes from /buddies/{code}, then ?ref=, then the start parameter', () => {
    expect(referralCodeFromLaunch(at('/buddies/abc123'), undefined)).toBe('ABC123');
    expect(referralCodeFromLaunch(at('/buddies/buddies_abc123/'), undefined)).toBe('ABC123');
    expect(referralCodeFromLaunch(at('/tasks?ref=friend7'), undefined)).toBe('FRIEND7');
    expect(referralCodeFromLaunch(at('/'), 'buddies_st4rt')).toBe('ST4RT');
    expect(referralCodeFromLaunch(at('/buddies/path1?ref=query1'), 'buddies_param1')).toBe('PATH1');
    expect(referralCodeFromLaunch(at('/?ref=query1'), 'buddies_param1')).toBe('QUERY1');
    expect(referralCodeFromLaunch(at('/invite'), undefined)).toBeNull();
  });

  test('a captured code is kept in localStorage until cleared after registration', () => {
    expect(capturePendingReferralCode(at('/buddies/abc123'), undefined)).toBe('ABC123');
    expect(localStorage.getItem(PENDING_REFERRAL_CODE_KEY)).toBe('ABC123');
    // A later launch without a code keeps the pending one.
    expect(capturePendingReferralCode(at('/'), undefined)).toBe('ABC123');
    expect(readPendingReferralCode()).toBe('ABC123');
    clearPendingReferralCode();
    expect(readPendingReferralCode()).toBeNull();
    expect(localStorage.getItem(PENDING_REFERRAL_CODE_KEY)).toBeNull();
  });
});
