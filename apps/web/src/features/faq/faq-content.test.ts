import {
  BATTLE_COIN_REWARD,
  BATTLE_MIN_HITS_TO_EARN,
  BATTLE_STAKE,
  VIDEO_RECOVERY_COINS,
} from '@titans/shared/constants';
import { describe, expect, it } from 'vitest';
import { FAQ_ENTRIES } from './faq-content.ts';

const answerOf = (question: string) =>
  FAQ_ENTRIES.find((entry) => entry.question === question)!.answer.join(' ');

describe('FAQ (decisions D-WORDS-1)', () => {
  it('keeps the spec’s four questions, in order', () => {
    expect(FAQ_ENTRIES.map((entry) => entry.question)).toEqual([
      'How does the game work?',
      'How do I earn stars and coins?',
      'How do I change characters?',
      'What are lifelines, levels, and other gameplay mechanics?',
    ]);
  });

  it('says Stars are bought, not won: the server grants Stars only for purchases', () => {
    const stars = answerOf('How do I earn stars and coins?');
    expect(stars).toContain('you buy them on the Stars screen');
    expect(stars).not.toMatch(/PvP wins|special events/i);
  });

  it('answers lifelines honestly and states the stake, the prize, the hit threshold and the recovery', () => {
    const mechanics = answerOf('What are lifelines, levels, and other gameplay mechanics?');
    expect(mechanics).toContain('Titans has no lifelines');
    const coins = (amount: number) => `${amount.toLocaleString('en-US')} coins`;
    expect(mechanics).toContain(`a stake of ${coins(BATTLE_STAKE)}`);
    expect(mechanics).toContain(`returns the stake plus ${coins(BATTLE_COIN_REWARD)}`);
    expect(mechanics).toContain(`at least ${BATTLE_MIN_HITS_TO_EARN} hits`);
    expect(mechanics).toContain(`recover ${coins(VIDEO_RECOVERY_COINS)}, once per defeat`);
    // Energy is what taps spend; a battle takes only the energy the player chooses to put in.
    expect(mechanics).not.toContain('Energy is needed for battles');
    expect(answerOf('How does the game work?')).toContain('Every tap spends energy');
  });
});
