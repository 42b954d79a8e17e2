import { describe, expect, it } from 'vitest';
import { findUnsafeValue } from '../src/input/safe-text.ts';

describe('H1 findUnsafeValue', () => {
  it('H1 a flat payload of plain keys and numbers passes, as a tap does', () => {
    expect(findUnsafeValue({ telegram_user_id: 42, seq: 7, count: 3 })).toBeNull();
    expect(findUnsafeValue({ ready: true, note: null })).toBeNull();
    expect(findUnsafeValue({})).toBeNull();
  });

  it('H1 a key that is not a plain name is still checked: a NUL or control character in it is refused', () => {
    expect(findUnsafeValue({ 'bad\u0000key': 1 })).toEqual({
      path: '(key)',
      message: 'key contains a NUL character',
    });
    expect(findUnsafeValue({ 'bad\u0007': 1 })?.message).toBe('key contains a control character');
    // Not a plain name, but nothing wrong with it either.
    expect(findUnsafeValue({ 'with-dash': 1, 'dotted.key': 2 })).toBeNull();
  });

  it('H1 strings in an otherwise flat payload are checked', () => {
    expect(findUnsafeValue({ seq: 1, name: 'ok' })).toBeNull();
    expect(findUnsafeValue({ seq: 1, name: 'a\u0000b' })).toEqual({
      path: 'name',
      message: 'contains a NUL character',
    });
    expect(findUnsafeValue({ id: '\uD800' })?.message).toMatch(/lone surrogate/);
  });

  it('H1 a flat payload of printable strings (a battle tap naming its battle) passes unwalked, within the length', () => {
    const battle_id = '0b6f1c1e-8a39-4c4e-9a51-2f3b8f7c2d10';
    expect(findUnsafeValue({ battle_id, target_id: 12 })).toBeNull();
    expect(findUnsafeValue({ battle_id: 'x'.repeat(10) }, { maxLength: 10 })).toBeNull();
    expect(findUnsafeValue({ battle_id: 'x'.repeat(11) }, { maxLength: 10 })).toEqual({
      path: 'battle_id',
      message: 'is too long (at most 10 characters)',
    });
    expect(findUnsafeValue({ battle_id, note: 'tab\there' })).toBeNull();
    expect(findUnsafeValue({ battle_id, note: 'bell\u0007' })?.message).toBe('contains a control character');
    expect(findUnsafeValue({ battle_id, note: 'del\u007F' })?.message).toBe('contains a control character');
  });

  it('H1 a bot battle action, one plain object inside a plain payload, passes unwalked; a bad value in it is still named', () => {
    const battle_id = '0b6f1c1e-8a39-4c4e-9a51-2f3b8f7c2d10';
    expect(findUnsafeValue({ battle_id, action: { type: 'attack' }, target_id: 3 })).toBeNull();
    expect(findUnsafeValue({ battle_id, action: { type: 'at\u0000tack' } })).toEqual({
      path: 'action.type',
      message: 'contains a NUL character',
    });
    expect(findUnsafeValue({ battle_id, action: { 'ty\u0007pe': 'attack' } })?.message).toBe(
      'key contains a control character',
    );
    expect(findUnsafeValue({ action: { type: 'attack' } }, { maxDepth: 1 })?.message).toMatch(
      /nested too deeply/,
    );
    expect(findUnsafeValue({ a: { b: { c: 'x\u0001' } } })?.message).toBe('contains a control character');
    expect(findUnsafeValue({ a: { b: { c: 1 } } }, { maxDepth: 2 })?.message).toMatch(/nested too deeply/);
  });

  it('H1 nested values are walked and their path named', () => {
    expect(findUnsafeValue({ items: [{ name: 'x\u0001' }] })).toEqual({
      path: 'items.0.name',
      message: 'contains a control character',
    });
    expect(findUnsafeValue({ a: { b: 1 } }, { maxDepth: 1 })?.message).toMatch(/nested too deeply/);
  });

  it('H1 a depth limit of 0 refuses even a flat object', () => {
    expect(findUnsafeValue({ seq: 1 }, { maxDepth: 0 })?.message).toMatch(/nested too deeply/);
  });
});
