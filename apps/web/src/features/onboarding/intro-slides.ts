import type { EmojiName } from '../../components/ui/emoji-art.tsx';

export interface IntroSlide {
  id: 'welcome' | 'battle' | 'collect' | 'upgrade';
  title: string;
  text: string;
  art: EmojiName;
  accents: [EmojiName, EmojiName];
}

/** spec-a §2 "Intro": welcome, battle system, collect characters, upgrade and evolve. */
export const INTRO_SLIDES: readonly IntroSlide[] = [
  {
    id: 'welcome',
    title: 'Welcome to Titans',
    text: 'Tap your hero to earn coins, grow stronger and rise through the ranks of legends.',
    art: 'castle',
    accents: ['sparkles', 'crown'],
  },
  {
    id: 'battle',
    title: 'Battle in the Arena',
    text: 'Take on bots and real players in live tap battles. Tap faster, strike harder, take the prize.',
    art: 'crossed-swords',
    accents: ['fire', 'shield'],
  },
  {
    id: 'collect',
    title: 'Collect Characters',
    text: 'Unlock heroes of every race and rarity in the Titans Emporium, from loyal knights to legendary beasts.',
    art: 'dragon',
    accents: ['gem-stone', 'crown'],
  },
  {
    id: 'upgrade',
    title: 'Upgrade & Evolve',
    text: 'Boost your taps, energy and gear, level up your heroes and evolve them into true Titans.',
    art: 'rocket',
    accents: ['high-voltage', 'glowing-star'],
  },
];
