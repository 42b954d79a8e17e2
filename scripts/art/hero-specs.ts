/*
 * Every hero of catalogue/characters.json as a kit drawing (hero-art.ts), keyed by id: race and
 * build, colours, outfit, headgear, what they hold and what surrounds them. The rarity (armour,
 * cape, card colours) comes from the catalogue.
 */
import type { HeroSpec } from './hero-art.ts';

const GOLD = '#ffd84a';
const RUBY = '#e8344e';
const SAPPHIRE = '#3b8cf0';
const EMERALD = '#2fbf71';

export const HERO_ART: Record<string, HeroSpec> = {
  // Free starters: one of each race, all common.
  'aldric-dawnblade': {
    head: { race: 'TIGER', fur: '#f28b2c', light: '#fff4e2', mark: '#2a1a2e', eye: '#6fb34a', mood: 'bold' },
    outfit: { fur: '#f28b2c', cloth: '#2f63c4', trim: '#f0c64a' },
    props: [{ kind: 'sword' }, { kind: 'shield', color: '#2f63c4', emblem: GOLD }],
  },
  'brann-ironbeard': {
    head: {
      race: 'APE',
      kind: 'gorilla',
      fur: '#5b4a44',
      light: '#8c7a72',
      mark: '#2e2420',
      eye: '#8a5a2a',
      mood: 'fierce',
      beard: '#c8c2bc',
    },
    outfit: { fur: '#5b4a44', cloth: '#9a5b2e', trim: '#d2a05a' },
    hat: { kind: 'helmet', color: '#9aa6b8' },
    props: [{ kind: 'hammer' }],
  },
  'grukk-skullsplitter': {
    head: {
      race: 'DOG',
      kind: 'bulldog',
      fur: '#d9a86c',
      light: '#f6e6cc',
      mark: '#8b5a36',
      eye: '#5a3a22',
      mood: 'fierce',
    },
    outfit: { fur: '#d9a86c', cloth: '#7a3b2b', trim: '#c9b07a', scarf: '#b8322c' },
    props: [{ kind: 'axe' }],
  },
  'lyra-windrunner': {
    head: {
      race: 'CAT',
      kind: 'tabby',
      fur: '#f0a050',
      light: '#fff2df',
      mark: '#b8602a',
      eye: '#3fbf7a',
      mood: 'calm',
    },
    outfit: { fur: '#f0a050', cloth: '#3d8a4a', trim: '#c9e07a', scarf: '#2e6b3a' },
    props: [{ kind: 'bow', color: '#8a5a34' }],
  },
  'mortis-the-unburied': {
    head: { race: 'MEDUSA', fur: '#a9c4b0', light: '#d9e8dc', mark: '#5f7f6a', eye: '#c04fe0', mood: 'calm' },
    outfit: { fur: '#a9c4b0', cloth: '#4b3a6b', trim: '#b9a2e0', robe: true },
    props: [{ kind: 'staff', orb: '#b27cff' }],
  },
  'dumpling-the-bold': {
    head: { race: 'PANDA', fur: '#f7f5f0', light: '#ffffff', mark: '#2a2533', eye: '#6b4a2a', mood: 'bold' },
    outfit: { fur: '#2a2533', cloth: '#d8573c', trim: '#f4d27a' },
    props: [{ kind: 'ladle' }, { kind: 'shield', color: '#b8c0cc', emblem: '#d8573c', round: true }],
  },

  // APE
  'bongo-the-brawler': {
    head: {
      race: 'APE',
      kind: 'monkey',
      fur: '#8a5232',
      light: '#f0c9a0',
      mark: '#5a321c',
      eye: '#5a3a22',
      mood: 'fierce',
    },
    outfit: { fur: '#8a5232', cloth: '#e0453a', trim: '#ffd24a', gloves: '#e0302a' },
  },
  'rustmane-the-sage': {
    head: {
      race: 'APE',
      kind: 'orangutan',
      fur: '#d8662a',
      light: '#f2b987',
      mark: '#8a3a12',
      eye: '#5a3a22',
      mood: 'calm',
      beard: '#e88a3a',
    },
    outfit: { fur: '#d8662a', cloth: '#5a3fa0', trim: GOLD, robe: true, cape: '#2f2466' },
    props: [{ kind: 'staff', orb: '#7ee0ff' }],
    front: { effect: 'sparkles', color: '#bff4ff' },
  },
  'kong-the-thunderfist': {
    head: {
      race: 'APE',
      kind: 'gorilla',
      fur: '#3c3a46',
      light: '#6f6a7c',
      mark: '#1f1d26',
      eye: '#ffb020',
      mood: 'fierce',
    },
    outfit: { fur: '#3c3a46', cloth: '#2a2f6e', trim: GOLD, cape: '#b3202e', gloves: '#f2b51c' },
    hat: { kind: 'crown', color: RUBY },
    back: { effect: 'aura', color: '#ffe27a' },
    front: { effect: 'lightning', color: '#ffe94a' },
  },

  // CAT
  'whiskers-the-swift': {
    head: {
      race: 'CAT',
      kind: 'tabby',
      fur: '#a9b3c2',
      light: '#f4f6fa',
      mark: '#5d6678',
      eye: '#f2c230',
      mood: 'bold',
    },
    outfit: { fur: '#a9b3c2', cloth: '#2f9ad0', trim: '#e8f4ff', scarf: '#e94b5a' },
    props: [{ kind: 'dagger' }],
    back: { effect: 'speed', color: '#e8f4ff' },
  },
  'nightpaw-shadowstalker': {
    head: {
      race: 'CAT',
      kind: 'black',
      fur: '#2c2838',
      light: '#4a4458',
      mark: '#1a1722',
      eye: '#ffd23a',
      mood: 'fierce',
      whisker: '#d8d0ea',
    },
    outfit: { fur: '#2c2838', cloth: '#4a3478', trim: '#a78bfa', scarf: '#6a4aa8' },
    props: [{ kind: 'dagger' }, { kind: 'dagger', hand: 'left' }],
    back: { effect: 'moon', color: '#fdf3c8' },
  },
  'sabra-spotfang': {
    head: {
      race: 'CAT',
      kind: 'spotted',
      fur: '#f2c25a',
      light: '#fff5de',
      mark: '#5a3a1a',
      eye: '#52c06a',
      mood: 'fierce',
    },
    outfit: { fur: '#f2c25a', cloth: '#8a2f6a', trim: GOLD, cape: '#5a1f4a' },
    props: [{ kind: 'saber' }, { kind: 'saber', hand: 'left' }],
  },

  // DOG
  'biscuit-the-loyal': {
    head: {
      race: 'DOG',
      kind: 'floppy',
      fur: '#f2c27a',
      light: '#fff3dc',
      mark: '#c98a3e',
      eye: '#5a3a22',
      mood: 'bold',
    },
    outfit: { fur: '#f2c27a', cloth: '#3f7fd0', trim: '#ffe08a', scarf: '#e0453a' },
    props: [{ kind: 'sword' }, { kind: 'shield', color: '#c98a3e', emblem: '#e0453a', round: true }],
  },
  'sergeant-barkley': {
    head: {
      race: 'DOG',
      kind: 'pointed',
      fur: '#c98a4a',
      light: '#f2dcb8',
      mark: '#3a2a24',
      eye: '#5a3a22',
      mood: 'fierce',
    },
    outfit: { fur: '#c98a4a', cloth: '#5f7a3a', trim: GOLD },
    hat: { kind: 'helmet', color: '#6f8a45' },
    props: [{ kind: 'spear' }],
  },
  'fenrir-moonhowler': {
    head: {
      race: 'DOG',
      kind: 'wolf',
      fur: '#8ea2c4',
      light: '#eef3fb',
      mark: '#5a6c8e',
      eye: '#62d6ff',
      mood: 'fierce',
    },
    outfit: { fur: '#8ea2c4', cloth: '#24386e', trim: '#bfe4ff', cape: '#1a2550' },
    props: [{ kind: 'claws' }],
    back: { effect: 'moon', color: '#fdf3c8' },
    front: { effect: 'frost', color: '#bfeaff' },
  },

  // MEDUSA
  'sssyla-the-coil': {
    head: { race: 'MEDUSA', fur: '#8fd08a', light: '#d8f2b0', mark: '#3f9a4a', eye: '#ffcf2a', mood: 'bold' },
    outfit: { fur: '#8fd08a', cloth: '#2f6f7a', trim: '#9ff0d0' },
    props: [{ kind: 'dagger' }, { kind: 'orb', color: EMERALD }],
  },
  'euryale-stonegaze': {
    head: {
      race: 'MEDUSA',
      kind: 'crowned',
      fur: '#7fc7b8',
      light: '#cbeee0',
      mark: '#2f8a7a',
      eye: '#ff4f6a',
      mood: 'fierce',
    },
    outfit: { fur: '#7fc7b8', cloth: '#6b6f86', trim: '#d8dde8', cape: '#3f4360' },
    hat: { kind: 'tiara', color: RUBY },
    props: [{ kind: 'spear' }],
    front: { effect: 'sparkles', color: '#e8f2ff' },
  },
  'medusa-gorgon-queen': {
    head: {
      race: 'MEDUSA',
      kind: 'queen',
      fur: '#9ad67a',
      light: '#e0f5c0',
      mark: '#3f9a3a',
      eye: '#ffcf2a',
      mood: 'fierce',
    },
    outfit: { fur: '#9ad67a', cloth: '#1f6a4a', trim: GOLD, cape: '#6a1a4a' },
    hat: { kind: 'crown', color: EMERALD },
    props: [{ kind: 'staff', orb: '#5cff9a' }],
    back: { effect: 'aura', color: '#ffe27a' },
  },

  // PANDA
  'bao-the-bamboo-brawler': {
    head: {
      race: 'PANDA',
      fur: '#f7f5f0',
      light: '#ffffff',
      mark: '#2a2533',
      eye: '#6b4a2a',
      mood: 'fierce',
    },
    outfit: { fur: '#2a2533', cloth: '#3aa05a', trim: '#f4d27a' },
    hat: { kind: 'headband', color: '#e0302a' },
    props: [{ kind: 'bamboo' }],
  },
  'master-mochi': {
    head: {
      race: 'PANDA',
      fur: '#f7f5f0',
      light: '#ffffff',
      mark: '#2a2533',
      eye: '#6b4a2a',
      mood: 'calm',
      beard: '#eceae4',
    },
    outfit: { fur: '#2a2533', cloth: '#f4f1ea', trim: '#c23a2a', belt: '#1d1a24' },
    hat: { kind: 'headband', color: '#c23a2a' },
    props: [{ kind: 'beads' }],
    front: { effect: 'sparkles', color: '#fff6c8' },
  },
  'zen-ling-of-the-lotus': {
    head: { race: 'PANDA', fur: '#f7f5f0', light: '#ffffff', mark: '#2a2533', eye: '#6b4a2a', mood: 'calm' },
    outfit: { fur: '#2a2533', cloth: '#e8892a', trim: '#ffd84a', robe: true, cape: '#a8481a' },
    hat: { kind: 'circlet', color: SAPPHIRE },
    props: [{ kind: 'orb', color: '#ff9ad8' }],
    front: { effect: 'lotus', color: '#ffb3d9' },
  },

  // TIGER
  'stripe-the-prowler': {
    head: {
      race: 'TIGER',
      fur: '#f28b2c',
      light: '#fff4e2',
      mark: '#2a1a2e',
      eye: '#f2c230',
      mood: 'fierce',
    },
    outfit: { fur: '#f28b2c', cloth: '#3a3f52', trim: '#8a93a8', scarf: '#c8322c' },
    props: [{ kind: 'claws' }],
  },
  'emberclaw-the-blazing': {
    head: {
      race: 'TIGER',
      fur: '#f26a1c',
      light: '#fff0d6',
      mark: '#2a1a2e',
      eye: '#ffd23a',
      mood: 'fierce',
    },
    outfit: { fur: '#f26a1c', cloth: '#8a1f1f', trim: '#ffb23a' },
    props: [{ kind: 'sword', blade: '#ffb23a' }],
    back: { effect: 'flames', color: '#ff6a1a' },
  },
  'raijin-the-storm-tiger': {
    head: {
      race: 'TIGER',
      fur: '#f4f6fb',
      light: '#ffffff',
      mark: '#23203a',
      eye: '#3fb6ff',
      mood: 'fierce',
    },
    outfit: { fur: '#f4f6fb', cloth: '#23306e', trim: GOLD, cape: '#2a4aa8' },
    hat: { kind: 'crown', color: SAPPHIRE },
    props: [{ kind: 'spear' }],
    back: { effect: 'aura', color: '#9fd8ff' },
    front: { effect: 'lightning', color: '#ffe94a' },
  },
};
