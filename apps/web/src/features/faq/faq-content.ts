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

const coins = (amount: number) => formatNumber(amount);

/**
 * The FAQ: spec-a §2 and spec-b §1 give its four questions; the answers say what the game does
 * (docs/rules.md), with the numbers read from the shared constants (decisions: D-WORDS-1).
 */
export const FAQ_ENTRIES = [
  {
    question: 'How does the game work?',
    answer: [
      'Tap your hero on the Home screen to earn coins. Every tap spends energy, and energy regenerates over time.',
      'Spend coins and Stars in the Titans Emporium on characters, weapons, armor, shields, boosters and Titans Realms, then take your hero into the Arena to battle bots and other players.',
    ],
  },
  {
    question: 'How do I earn stars and coins?',
    answer: [
      'Coins come from tapping, from winning battles, from tasks, quizzes and daily rewards on the Quest Board, from rewarded ads and from inviting friends.',
      'Stars are the premium currency: you buy them on the Stars screen (tap your Stars at the top) and spend them in the Titans Emporium and on the referral upgrade. Battles, tasks and events do not give Stars.',
    ],
  },
  {
    question: 'How do I change characters?',
    answer: [
      'Open Profile > Inventory > Characters and press Equip on the character you want. It becomes your hero on Home and in the Arena.',
      'New characters are sold in the Titans Emporium.',
    ],
  },
  {
    question: 'What are lifelines, levels, and other gameplay mechanics?',
    answer: [
      'Titans has no lifelines: a battle ends at a knockout, at the time limit, or when a player quits or leaves.',
      `Entering a battle takes a stake of ${coins(BATTLE_STAKE)} coins and the energy you choose to put in (${DEFAULT_BATTLE_ENERGY} by default). A win returns the stake plus ${coins(BATTLE_COIN_REWARD)} coins, a defeat keeps it, and a draw returns it (against a bot, with ${coins(BATTLE_COIN_REWARD)} coins more). Land at least ${BATTLE_MIN_HITS_TO_EARN} hits to earn a prize or experience.`,
      `After a defeat you can watch a video to recover ${coins(VIDEO_RECOVERY_COINS)} coins, once per defeat, when a video is available.`,
      'Energy regenerates over time; on the Boost screen you can raise its limit and recharge speed and refill it for free a few times a day.',
      `Boosters from the Emporium last ${BOOSTER_DURATION_MS / 60_000} minutes: power boosters add attack, defense boosters add defense and energy boosters add health in the battles you start while they run.`,
      `Characters gain experience in battles (${XP_VICTORY} for a win, ${XP_DRAW} for a draw, ${XP_DEFEAT} for a defeat) and grow stronger with each level: ${XP_LEVEL_BASE} XP for level 2, then ${XP_LEVEL_GROWTH}× more for each level after.`,
    ],
  },
] as const;
