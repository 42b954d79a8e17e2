import { t } from '../../lib/i18n/i18n.ts';

/** Rarity colours, as the best mobile shops use them: grey, green, blue, purple, gold. */
export interface RarityStyle {
  /** The rarity's name in the player's language. */
  readonly label: string;
  /** The card's rim. */
  ring: string;
  /** The glow behind the picture. */
  glow: string;
  /** The label's text. */
  text: string;
  /** The label chip's fill. */
  chip: string;
  /** The card's face. */
  face: string;
}

const COMMON: RarityStyle = {
  get label() {
    return t('rarityStyle.common');
  },
  ring: 'ring-slate-300/45',
  glow: 'bg-[radial-gradient(circle_at_50%_42%,rgb(203_213_225/0.45),transparent_68%)]',
  text: 'text-slate-200',
  chip: 'bg-[linear-gradient(180deg,#cbd5e1,#64748b)] text-[#111827]',
  face: 'bg-[linear-gradient(180deg,#3a3f5c_0%,#1c1b3a_100%)]',
};

const STYLES: Record<string, RarityStyle> = {
  common: COMMON,
  uncommon: {
    get label() {
      return t('rarityStyle.uncommon');
    },
    ring: 'ring-emerald-300/60',
    glow: 'bg-[radial-gradient(circle_at_50%_42%,rgb(74_222_128/0.5),transparent_68%)]',
    text: 'text-emerald-300',
    chip: 'bg-[linear-gradient(180deg,#86efac,#16a34a)] text-[#052e16]',
    face: 'bg-[linear-gradient(180deg,#1f5546_0%,#132a33_100%)]',
  },
  rare: {
    get label() {
      return t('rarityStyle.rare');
    },
    ring: 'ring-sky-300/70',
    glow: 'bg-[radial-gradient(circle_at_50%_42%,rgb(56_189_248/0.55),transparent_68%)]',
    text: 'text-sky-300',
    chip: 'bg-[linear-gradient(180deg,#7dd3fc,#0284c7)] text-[#082f49]',
    face: 'bg-[linear-gradient(180deg,#1d4f86_0%,#142148_100%)]',
  },
  epic: {
    get label() {
      return t('rarityStyle.epic');
    },
    ring: 'ring-fuchsia-300/75',
    glow: 'bg-[radial-gradient(circle_at_50%_42%,rgb(217_70_239/0.55),transparent_68%)]',
    text: 'text-fuchsia-300',
    chip: 'bg-[linear-gradient(180deg,#f0abfc,#a21caf)] text-[#3b0764]',
    face: 'bg-[linear-gradient(180deg,#5b2386_0%,#25134d_100%)]',
  },
  legendary: {
    get label() {
      return t('rarityStyle.legendary');
    },
    ring: 'ring-amber-300/90',
    glow: 'bg-[radial-gradient(circle_at_50%_42%,rgb(251_191_36/0.6),transparent_68%)]',
    text: 'text-amber-300',
    chip: 'bg-[linear-gradient(180deg,#fde68a,#f59e0b)] text-[#451a03]',
    face: 'bg-[linear-gradient(180deg,#8a4b12_0%,#3b1d3f_100%)]',
  },
};

export function rarityStyle(rarity: string): RarityStyle {
  return STYLES[rarity.toLowerCase()] ?? COMMON;
}
