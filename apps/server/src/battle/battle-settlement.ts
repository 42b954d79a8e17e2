import type { Outcome } from '@titans/shared/battle/battle-rules';
import { payout, played } from '@titans/shared/battle/payout';
import type { BattleResult } from '@titans/shared/battle/schemas';
import { addExperience } from '@titans/shared/battle/stats';
import { PRACTICE_FIRST_WIN_REWARD } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import { type BattleEntry, battles, userCharacters } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import { recordResult } from './battle-repository.ts';
import type { BattleRoom } from './battle-room.ts';

/** One human side of a battle as settled. */
export interface Settled {
  userId: string;
  result: BattleResult;
  /** The stake taken at the start. */
  stake: number;
  /** Coins credited now: the stake returned, plus the prize when earned. */
  credit: number;
  /** The change over the whole battle (credit − stake). */
  net: number;
  coins: number;
  experience: number;
  level: number;
  levelUp: boolean;
}

/** A side's figures for the battle row and the result payloads. */
export function sideSummary(room: BattleRoom, side: 0 | 1) {
  const f = room.state.fighters[side];
  const other = room.state.fighters[side === 0 ? 1 : 0];
  return {
    hits: f.hits,
    damage: f.damage,
    superAttack: f.superAttacks,
    defSuperAttack: other.superAttacks,
    maxCombo: f.maxCombo,
    health: f.health,
    maxHealth: f.maxHealth,
  };
}

export function resultOf(room: BattleRoom, userId: string, outcome: Outcome): BattleResult {
  if (outcome.winner === null) return 'draw';
  return room.sideOf(userId) === outcome.winner ? 'victory' : 'defeat';
}

/**
 * Settles a battle inside one balance change for its players (F20, F33–F35; decisions
 * D-BATTLE-10, D-BATTLE-13): the row turns `finished` only if it is still `active`, and each side
 * is credited what the payout rule gives against the stake its entry holds. A replay finds the row
 * finished and fails with `battle/over`, writing nothing.
 */
export async function settleBattle(m: MoneyContext, room: BattleRoom, outcome: Outcome): Promise<Settled[]> {
  const winnerId = outcome.winner === null ? null : room.contenders[outcome.winner].userId;
  const [row] = await m.tx
    .update(battles)
    .set({
      status: 'finished',
      result: outcome.winner === null ? 'draw' : outcome.winner === 0 ? 'victory' : 'defeat',
      winnerId,
      endedAt: new Date(m.now),
      stats: {
        reason: outcome.reason,
        sides: [sideSummary(room, 0), sideSummary(room, 1)],
        players: room.contenders.map((c) => c.userId),
      },
    })
    .where(and(eq(battles.id, room.id), eq(battles.status, 'active')))
    .returning({ entry: battles.entry });
  if (!row) m.fail('battle/over');

  const settled: Settled[] = [];
  for (const userId of room.humans()) {
    const side = room.sideOf(userId);
    if (side === null) continue;
    const result = resultOf(room, userId, outcome);
    const stake = stakeOf(row.entry, userId);
    if (room.difficulty === 'practice') {
      settled.push(await settlePractice(m, room, userId, result));
      continue;
    }
    const paid = payout({ result, hits: room.state.fighters[side].hits, stake }, room.isPvp);
    const coins =
      paid.credit > 0
        ? await m.apply({
            userId,
            currency: 'coins',
            delta: paid.credit,
            // Only the prize is earned; the stake was the player's own (D-BATTLE-13).
            earned: paid.credit - stake,
            reason: `battle-${result}`,
            idempotencyKey: `battle:${room.id}:${userId}`,
            meta: { battleId: room.id, result, reason: outcome.reason, stake, prize: paid.prize },
          })
        : await coinsNow(m, userId);
    await recordResult(m.tx, userId, result);
    const grown = await addCharacterExperience(
      m,
      userId,
      room.contenders[side].character._id,
      paid.experience,
    );
    settled.push({ userId, result, stake, credit: paid.credit, net: paid.net, coins, ...grown });
  }
  return settled;
}

/**
 * A practice fight's end (PF3–PF5): no stake to return, no prize, no experience and no win or loss
 * on the record. Its first victory marks the account's practice won and pays the first-win reward;
 * the mark is set only while unset and the reward's ledger key is the account's, so a replayed or
 * concurrent settlement pays it once. A lost or abandoned practice leaves the mark unset (retry).
 */
async function settlePractice(
  m: MoneyContext,
  room: BattleRoom,
  userId: string,
  result: BattleResult,
): Promise<Settled> {
  const side = room.sideOf(userId) ?? 0;
  const level = room.contenders[side].level;
  const none = { userId, result, stake: 0, experience: 0, level, levelUp: false };
  if (result !== 'victory' || !played(room.state.fighters[side].hits))
    return { ...none, credit: 0, net: 0, coins: await coinsNow(m, userId) };
  const [marked] = await m.query<{ id: string }>(
    'update users set practice_won_at = $2 where id = $1 and practice_won_at is null returning id',
    [userId, new Date(m.now)],
  );
  if (!marked) return { ...none, credit: 0, net: 0, coins: await coinsNow(m, userId) };
  const coins = await m.apply({
    userId,
    currency: 'coins',
    delta: PRACTICE_FIRST_WIN_REWARD,
    reason: 'practice-first-win',
    idempotencyKey: `practice-first-win:${userId}`,
    meta: { battleId: room.id },
  });
  return { ...none, credit: PRACTICE_FIRST_WIN_REWARD, net: PRACTICE_FIRST_WIN_REWARD, coins };
}

/**
 * Voids an active battle (a crash, an operator; F30, D-BATTLE-10): every player gets back the stake
 * and the energy their entry holds, once (keyed by battle and player), and nobody is paid.
 * Energy comes back up to the pool's capacity. Fails with `battle/over` when already settled.
 */
export async function voidBattle(
  m: MoneyContext,
  battleId: string,
  reason: string,
): Promise<Array<BattleEntry & { coins: number }>> {
  const [row] = await m.tx
    .update(battles)
    .set({
      status: 'void',
      result: 'void',
      endedAt: new Date(m.now),
      stats: sql`${battles.stats} || ${JSON.stringify({ voidReason: reason })}::jsonb`,
    })
    .where(and(eq(battles.id, battleId), eq(battles.status, 'active')))
    .returning({ entry: battles.entry });
  if (!row) m.fail('battle/over');
  const returned: Array<BattleEntry & { coins: number }> = [];
  for (const entry of row.entry) {
    let coins: number | null = null;
    if (entry.stake > 0) {
      coins = await m.apply({
        userId: entry.userId,
        currency: 'coins',
        delta: entry.stake,
        earned: 0,
        reason: 'battle-void',
        idempotencyKey: `battle:${battleId}:${entry.userId}:void`,
        meta: { battleId, reason },
      });
    }
    // Up to the maximum; a player owned by another process gets it there (D-CLUSTER-14).
    if (entry.energy > 0) await m.giveEnergy(entry.userId, entry.energy);
    returned.push({ ...entry, coins: coins ?? (await coinsNow(m, entry.userId)) });
  }
  return returned;
}

function stakeOf(entry: BattleEntry[], userId: string): number {
  return entry.find((e) => e.userId === userId)?.stake ?? 0;
}

async function coinsNow(m: MoneyContext, userId: string): Promise<number> {
  const [row] = await m.query<{ coins: number | string }>('select coins from users where id = $1', [userId]);
  return Number(row?.coins ?? 0);
}

/** D-BATTLE-8: experience to the character fought with; answers its level after. */
async function addCharacterExperience(
  m: MoneyContext,
  userId: string,
  characterId: string,
  experience: number,
) {
  const owned = and(eq(userCharacters.userId, userId), eq(userCharacters.characterId, characterId));
  const [row] = await m.tx
    .select({ level: userCharacters.level, experience: userCharacters.experience })
    .from(userCharacters)
    .where(owned)
    .limit(1);
  if (!row) return { experience, level: 1, levelUp: false };
  if (experience === 0) return { experience, level: row.level, levelUp: false };
  const grown = addExperience(row.level, row.experience, experience);
  await m.tx.update(userCharacters).set({ level: grown.level, experience: grown.experience }).where(owned);
  return { experience, level: grown.level, levelUp: grown.levelsGained > 0 };
}
