import {
  SUPER_ATTACK_CHANCE_PER_SPEED,
  SUPER_ATTACK_MAX_CHANCE,
  SUPER_ATTACK_MULTIPLIER,
} from '../constants.ts';

/** An attack deals max(1, attack − defense); a tap multiplies it by combo and target value. */
export function baseDamage(attack: number, defense: number): number {
  return Math.max(1, Math.round(attack - defense));
}

/** Damage of one tap: max(1, attack − defense) × combo multiplier × target value, rounded, at least 1. */
export function tapDamage(attack: number, defense: number, multiplier: number, value: number): number {
  return Math.max(1, Math.round(baseDamage(attack, defense) * multiplier * value));
}

/** BAL3: the chance that one hit of a fighter with this speed is a super attack (speed × 0.4 %, at most 60 %). */
export function superAttackChance(speed: number): number {
  return Math.min(SUPER_ATTACK_MAX_CHANCE, Math.max(0, speed) * SUPER_ATTACK_CHANCE_PER_SPEED);
}

/** BAL3: a hit's damage, doubled when it is a super attack. */
export function withSuperAttack(damage: number, superAttack: boolean): number {
  return superAttack ? damage * SUPER_ATTACK_MULTIPLIER : damage;
}
