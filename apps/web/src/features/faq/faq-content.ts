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
    get question() {
      return t('faqContent.howDoesTheGameWork');
    },
    get answer() {
      return [t('faqContent.tapYourHeroOn'), t('faqContent.spendCoinsAndStars')];
    },
  },
  {
    get question() {
      return t('faqContent.howDoIEarnStars');
    },
    get answer() {
      return [t('faqContent.coinsComeFromTapping'), t('faqContent.starsAreThePremium')];
    },
  },
  {
    get question() {
      return t('faqContent.howDoIChangeCharacters');
    },
    get answer() {
      return [t('faqContent.openProfileInventoryCharacters'), t('faqContent.newCharactersAreSold')];
    },
  },
  {
    get question() {
      return t('faqContent.whatAreLifelines');
    },
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
