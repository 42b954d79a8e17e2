import { t } from '../../lib/i18n/i18n.ts';
/** One picture of a slide's scene: a file that ships in public/art, placed in a 256 px square. */
export interface IntroPicture {
  src: string;
  /** Position, size, turn and motion in the square (Tailwind classes). */
  className: string;
}

export interface IntroSlide {
  id: 'welcome' | 'battle' | 'collect' | 'upgrade';
  title: string;
  text: string;
  /** The scene, back to front, drawn from the game's own art (W25). */
  art: readonly IntroPicture[];
}

const FLOAT = 'animate-float drop-shadow-[0_18px_22px_rgb(0_0_0/0.55)]';
const TWINKLE = 'animate-twinkle drop-shadow-[0_6px_10px_rgb(0_0_0/0.45)]';

/** Intro: welcome, battle system, collect characters, upgrade and evolve. */
export const INTRO_SLIDES: readonly IntroSlide[] = [
  {
    id: 'welcome',
    get title() {
      return t('introSlides.welcomeToTitans');
    },
    get text() {
      return t('introSlides.tapYourHeroTo');
    },
    art: [
      { src: '/art/ui/logo.svg', className: `size-48 ${FLOAT}` },
      { src: '/art/ui/trophy.svg', className: `top-5 end-3 size-14 ${TWINKLE}` },
      { src: '/art/ui/coin.svg', className: `bottom-7 start-3 size-12 ${TWINKLE} [animation-delay:1.2s]` },
    ],
  },
  {
    id: 'battle',
    get title() {
      return t('introSlides.battleInTheArena');
    },
    get text() {
      return t('introSlides.takeOnBotsAnd');
    },
    art: [
      {
        src: '/art/characters/figures/aldric-dawnblade.svg',
        className: `bottom-8 -start-6 h-40 ${FLOAT}`,
      },
      {
        src: '/art/characters/figures/grukk-skullsplitter.svg',
        className: `-end-6 bottom-8 h-40 -scale-x-100 ${FLOAT} [animation-delay:0.8s]`,
      },
      { src: '/art/items/twinfang-sabers.svg', className: `top-2 size-14 rounded-xl ${TWINKLE}` },
    ],
  },
  {
    id: 'collect',
    get title() {
      return t('introSlides.collectCharacters');
    },
    get text() {
      return t('introSlides.unlockHeroesOfEvery');
    },
    art: [
      {
        src: '/art/characters/lyra-windrunner.svg',
        className: 'top-14 start-2 w-28 -rotate-12 rounded-2xl shadow-[0_12px_24px_rgb(0_0_0/0.5)]',
      },
      {
        src: '/art/characters/medusa-gorgon-queen.svg',
        className: 'top-14 end-2 w-28 rotate-12 rounded-2xl shadow-[0_12px_24px_rgb(0_0_0/0.5)]',
      },
      {
        src: '/art/characters/kong-the-thunderfist.svg',
        className: `top-6 w-32 rounded-2xl ${FLOAT}`,
      },
    ],
  },
  {
    id: 'upgrade',
    get title() {
      return t('introSlides.upgradeEvolve');
    },
    get text() {
      return t('introSlides.boostYourTapsEnergy');
    },
    art: [
      { src: '/art/items/titan-gauntlet.svg', className: `size-44 rounded-[28px] ${FLOAT}` },
      { src: '/art/ui/energy.svg', className: `top-6 end-4 size-14 ${TWINKLE}` },
      {
        src: '/art/items/power-cell.svg',
        className: `bottom-7 start-3 size-14 rounded-xl ${TWINKLE} [animation-delay:1.2s]`,
      },
    ],
  },
];
