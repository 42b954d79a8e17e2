/**
 * Placeholder pictures (profile 80×80, leaderboard 144×144): a player without a
 * Telegram picture gets one of the game's hero portraits, always the same for the same name.
 */
const PORTRAITS = [
  'aldric-dawnblade',
  'brann-ironbeard',
  'lyra-windrunner',
  'grukk-skullsplitter',
  'master-mochi',
  'whiskers-the-swift',
  'sergeant-barkley',
  'zen-ling-of-the-lotus',
  'bongo-the-brawler',
  'sabra-spotfang',
] as const;

export function placeholderPicture(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `/art/characters/${PORTRAITS[hash % PORTRAITS.length]}.svg`;
}
