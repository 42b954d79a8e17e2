import {
  BATTLE_COIN_REWARD,
  BATTLE_MIN_HITS_TO_EARN,
  BATTLE_STAKE,
  BOOSTER_DURATION_MS,
  DEFAULT_BATTLE_ENERGY,
  VIDEO_RECOVERY_COINS,
  XP_DEFEAT,
  XP_DRAW,
  XP_LEVEL_BASE,
  XP_LEVEL_GROWTH,
  XP_VICTORY,
} from '@titans/shared/constants';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

const coins = (amount: number) => formatNumber(amount);

/**
 * The FAQ: the spec gives its four questions; the answers say what the game does
 * (docs/rules.md), with the numbers read from the shared constants (decisions: D-WORDS-1).
 */
export const FAQ_ENTRIES = [
  {
    question: 'How does the game work?',
    get answer() {
      return [
        t('faqContent.tapYourHeroOn'),
        'Spend coins and Stars in the Titans Emporium on characters, weapons, armor, shields, boosters and Titans Realms, then take your hero into the Arena to battle bots and other players.',
      ];
    },
  },
  {
    question: 'How do I earn stars and coins?',
    get answer() {
      return [
        t('faqContent.coinsComeFromTapping'),
        'Stars are the premium currency: you buy them on the Stars screen (tap your Stars at the top) and spend them in the Titans Emporium and on the referral upgrade. Battles, tasks and events do not give Stars.',
      ];
    },
  },
  {
    question: 'How do I change characters?',
    get answer() {
      return [
        t('faqContent.openProfileInventoryCharacters'),
        'New characters are sold in the Titans Emporium.',
      ];
    },
  },
  {
    question: 'What are lifelines, levels, and other gameplay mechanics?',
    get answer() {
      return [
        t('faqContent.titansHasNoLifelines'),
        t('faqContent.enteringABattleTakes', {
          BATTLE_STAKE: coins(BATTLE_STAKE),
          DEFAULT_BATTLE_ENERGY,
          BATTLE_COIN_REWARD: coins(BATTLE_COIN_REWARD),
          BATTLE_COIN_REWARD2: coins(BATTLE_COIN_REWARD),
          BATTLE_MIN_HITS_TO_EARN,
        }),
        t('faqContent.afterADefeatYou', { VIDEO_RECOVERY_COINS: coins(VIDEO_RECOVERY_COINS) }),
        t('faqContent.energyRegeneratesOverTime'),
        t('faqContent.boostersFromTheEmporium', { BOOSTER_DURATION_MS: BOOSTER_DURATION_MS / 60_000 }),
        t('faqContent.charactersGainExperienceIn', {
          XP_VICTORY,
          XP_DRAW,
          XP_DEFEAT,
          XP_LEVEL_BASE,
          XP_LEVEL_GROWTH,
        }),
      ];
    },
  },
] as const;
