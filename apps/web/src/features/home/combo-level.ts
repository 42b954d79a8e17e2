import { COMBO_BADGE_AT, COMBO_BONUS_AT, COMBO_SUPER_AT } from '@titans/shared/constants';
import { t } from '../../lib/i18n/i18n.ts';

export type ComboLevel = 'none' | 'badge' | 'combo' | 'super';

/** Combo: a badge from 5, COMBO! from 10 (with the 10% bonus), SUPER COMBO! from 20. */
export function comboLevel(combo: number): ComboLevel {
  if (combo >= COMBO_SUPER_AT) return 'super';
  if (combo >= COMBO_BONUS_AT) return 'combo';
  if (combo >= COMBO_BADGE_AT) return 'badge';
  return 'none';
}

/** The Home screen's texts. */
export const COMBO_TEXT = () => t('comboLevel.combo');
export const SUPER_COMBO_TEXT = () => t('comboLevel.superCombo');
