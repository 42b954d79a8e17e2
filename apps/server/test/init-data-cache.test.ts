import { describe, expect, it } from 'vitest';
import { signInitData, validateInitData } from '../src/auth/init-data.ts';
import { verifiedInitData } from '../src/auth/request-init-data.ts';

const TOKEN = '4242:init-data-cache-test';
const MAX_AGE = 3_600;
const NOW = 1_795_000_000;

/** A signature this process checked before is not computed again; the age still is. */
describe('verified init data, checked once per process', () => {
  it('answers what the full check answers, the first time and every later time', () => {
    const raw = signInitData({ id: 6_001, first_name: 'Cached', username: 'cached' }, TOKEN, {
      authDate: NOW,
    });
    const expected = validateInitData(raw, TOKEN, MAX_AGE, NOW);
    expect(expected.ok).toBe(true);
    expect(verifiedInitData(raw, TOKEN, MAX_AGE, NOW)).toEqual(expected);
    expect(verifiedInitData(raw, TOKEN, MAX_AGE, NOW + 10)).toEqual(expected);
  });

  it('data that was good expires on time, though its signature is not checked again', () => {
    const raw = signInitData({ id: 6_002, first_name: 'Ages' }, TOKEN, { authDate: NOW });
    expect(verifiedInitData(raw, TOKEN, MAX_AGE, NOW).ok).toBe(true);
    expect(verifiedInitData(raw, TOKEN, MAX_AGE, NOW + MAX_AGE)).toMatchObject({ ok: true });
    expect(verifiedInitData(raw, TOKEN, MAX_AGE, NOW + MAX_AGE + 1)).toEqual({
      ok: false,
      problem: 'auth/expired',
    });
    // A deployment without a maximum age (0) keeps accepting it.
    expect(verifiedInitData(raw, TOKEN, 0, NOW + MAX_AGE + 1).ok).toBe(true);
  });

  it('data verified for one bot token is refused for another', () => {
    const raw = signInitData({ id: 6_003, first_name: 'Token' }, TOKEN, { authDate: NOW });
    expect(verifiedInitData(raw, TOKEN, MAX_AGE, NOW).ok).toBe(true);
    expect(verifiedInitData(raw, '4242:another-token', MAX_AGE, NOW)).toEqual({
      ok: false,
      problem: 'auth/invalid',
    });
  });

  it('a forged or missing signature is refused every time, and never remembered', () => {
    const raw = signInitData({ id: 6_004, first_name: 'Forged' }, TOKEN, { authDate: NOW });
    const forged = raw.replace('Forged', 'Admin');
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(verifiedInitData(forged, TOKEN, MAX_AGE, NOW)).toEqual({ ok: false, problem: 'auth/invalid' });
    }
    expect(verifiedInitData(undefined, TOKEN, MAX_AGE, NOW)).toEqual({ ok: false, problem: 'auth/missing' });
  });
});
