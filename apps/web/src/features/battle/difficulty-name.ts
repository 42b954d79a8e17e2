import type { Difficulty } from '@titans/shared/battle/bots';
import { t } from '../../lib/i18n/i18n.ts';

/** A bot's difficulty as the Arena names it (Easy, Medium, Hard) in the player's language. */
export function difficultyName(difficulty: Difficulty): string {
  switch (difficulty) {
    case 'easy':
      return t('difficultyName.easy');
    case 'medium':
      return t('difficultyName.medium');
    case 'hard':
      return t('difficultyName.hard');
  }
}
