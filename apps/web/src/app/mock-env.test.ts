import { describe, expect, test } from 'vitest';
import { startParamFromUrl } from './mock-env.ts';

describe('development mock: start parameter from the page URL', () => {
  test('reads ?startapp= like a t.me link, or tgWebAppStartParam', () => {
    expect(startParamFromUrl('http://localhost:5173/?startapp=buddies_ABC123')).toBe('buddies_ABC123');
    expect(startParamFromUrl('http://localhost:5173/tasks?tgWebAppStartParam=x1')).toBe('x1');
    expect(startParamFromUrl('http://localhost:5173/#tgWebAppStartParam=y2')).toBe('y2');
    expect(startParamFromUrl('http://localhost:5173/')).toBeUndefined();
  });

  test('drops what the server would refuse to sign', () => {
    expect(startParamFromUrl('http://localhost:5173/?startapp=has%20space')).toBeUndefined();
    expect(startParamFromUrl(`http://localhost:5173/?startapp=${'a'.repeat(65)}`)).toBeUndefined();
  });
});
