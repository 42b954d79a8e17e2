/** spec-b §4: an attack deals max(1, attack − defense); a tap multiplies it by combo and target value. */
export function baseDamage(attack: number, defense: number): number {
  return Math.max(1, Math.round(attack - defense));
}

/** Damage of one tap: max(1, attack − defense) × combo multiplier × target value, rounded, at least 1. */
export function tapDamage(attack: number, defense: number, multiplier: number, value: number): number {
  return Math.max(1, Math.round(baseDamage(attack, defense) * multiplier * value));
}
