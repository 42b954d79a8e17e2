/** spec-a §2 and spec-b §1: the four questions of the FAQ and what their answers say. */
export const FAQ_ENTRIES = [
  {
    question: 'How does the game work?',
    answer: [
      'Tap your hero on the Home screen to earn coins. Every tap spends a little energy, and energy regenerates over time.',
      'Spend coins and Stars in the Titans Emporium on characters, weapons, armor, shields, boosters and Titans Realms, then take your hero into the Arena to battle bots and other players.',
    ],
  },
  {
    question: 'How do I earn stars and coins?',
    answer: [
      'Coins come from tapping, from winning battles and from completing tasks on the Quest Board.',
      'Stars are the premium currency: you earn them from PvP wins, premium purchases and special events.',
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
      'Energy is needed for battles and regenerates over time.',
      'Boosters raise your energy, defense or power temporarily, for the battles you fight while they last.',
      'Characters level up through battles, growing stronger as they gain experience.',
    ],
  },
] as const;
