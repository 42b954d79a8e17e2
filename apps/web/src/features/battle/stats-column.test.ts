import { superAttackChance } from '@titans/shared/battle/damage';
import { describe, expect, test } from 'vitest';
import { superAttackNote } from './stats-column.tsx';

describe('Super Attacks is explained where it is shown', () => {
  test("the note says what a super attack is and the player's own chance, from the shared rule", () => {
    const note = superAttackNote(65);
    expect(note).toContain('Super attack: a hit that dealt double damage');
    expect(note).toContain(`your speed 65: ${Math.round(superAttackChance(65) * 100)} %`);
  });
});
