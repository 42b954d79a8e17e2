import type { BotKind } from '@titans/shared/battle/bots';
import { energyEffect, withEnergy } from '@titans/shared/battle/energy-effect';
import { BATTLE_STAKE, MIN_COINS_TO_BATTLE } from '@titans/shared/constants';
import type { Database, Tx } from '../db/database.ts';
import { type BattleEntry, battles } from '../db/schema.ts';
import type { MoneyContext } from '../money/balance-gateway.ts';
import { type BoostedEntrant, boostedAtStart, coinsOf, type Entrant } from './battle-repository.ts';
import type { Contender } from './battle-room.ts';
import type { BoostReader } from './boost-reader.ts';

/** An entrant as they entered: boosted stats, and their energy after the entry. */
export type Entered = BoostedEntrant & { energy: number; max: number };

export interface NewBattle {
  id: string;
  mode: 'pve' | 'pvp';
  difficulty: BotKind | null;
  seed: number;
  /** Both players of a PvP battle, in side order; the row names them even before both entered. */
  players: Entrant[];
  /** The process hosting the room (a cluster's node id; null for one process, D-CLUSTER-16). */
  host: string | null;
}

/**
 * F22: enough coins to stake and the energy to spend; answers the player's energy now. A practice
 * fight needs no coins, only an account that has not won its practice yet (PF1).
 */
export async function checkFunds(m: MoneyContext, entrant: Entrant, practice = false) {
  if (practice) {
    const [row] = await m.query<{ won: Date | null }>(
      'select practice_won_at as won from users where id = $1',
      [entrant.userId],
    );
    if (row?.won !== null) m.fail('battle/practice-done', undefined, { userId: entrant.userId });
  } else if ((await coinsOf(m.tx, entrant.userId)) < MIN_COINS_TO_BATTLE)
    m.fail('battle/insufficient-coins', undefined, { userId: entrant.userId });
  const energy = m.energy(entrant.userId);
  if (energy.energy < entrant.energyToSpend)
    m.fail('battle/insufficient-energy', undefined, { userId: entrant.userId });
  return energy;
}

/**
 * One entrant's entry inside a balance change: the energy spent and the stake held (F33,
 * D-BATTLE-13: held from the start, so spending during the fight cannot lower what a defeat
 * costs), the boosters running at this instant (F31, F32: the battle's snapshot) and the health
 * the energy buys (BAL5).
 */
export async function takeEntry(
  m: MoneyContext,
  boosts: BoostReader,
  battleId: string,
  entrant: Entrant,
  practice = false,
): Promise<{ entered: Entered; entry: BattleEntry }> {
  const energy = await checkFunds(m, entrant, practice);
  const spent = energyEffect(entrant.energyToSpend).energy;
  await m.spendEnergy(entrant.userId, spent, 'battle/insufficient-energy');
  // PF1: a practice fight holds no stake, so nothing is at risk and a void returns only energy.
  const stake = practice ? 0 : BATTLE_STAKE;
  if (stake > 0)
    await m.apply({
      userId: entrant.userId,
      currency: 'coins',
      delta: -stake,
      reason: 'battle-stake',
      idempotencyKey: `battle:${battleId}:${entrant.userId}:stake`,
      meta: { battleId },
      insufficient: 'battle/insufficient-coins',
    });
  const boosted = await boostedAtStart(boosts, m.tx, entrant, m.now);
  return {
    entered: {
      ...boosted,
      fighter: withEnergy(boosted.fighter, entrant.energyToSpend),
      energy: energy.energy - spent,
      max: energy.max,
    },
    entry: { userId: entrant.userId, stake, energy: spent },
  };
}

/**
 * Takes the entries of `entrants` (the players this process may write) and writes the battle row,
 * inside one balance change. In one process that is every player; a cluster's host writes its own
 * players here and the others enter on their own process (`enterExisting`, D-CLUSTER-16).
 */
export async function enterNew(
  m: MoneyContext,
  boosts: BoostReader,
  battle: NewBattle,
  entrants: Entrant[],
): Promise<Map<string, Entered>> {
  const entered = new Map<string, Entered>();
  const entry: BattleEntry[] = [];
  const totals: Array<Entered['totals']> = [];
  for (const entrant of entrants) {
    const taken = await takeEntry(m, boosts, battle.id, entrant, battle.difficulty === 'practice');
    entered.set(entrant.userId, taken.entered);
    entry.push(taken.entry);
    totals.push(taken.entered.totals);
  }
  await insertBattle(m.tx, battle, entry, totals, m.now);
  return entered;
}

/** The battle row, `active`, with the entries taken so far and the boosters' snapshot totals. */
export async function insertBattle(
  tx: Tx | Database['db'],
  battle: NewBattle,
  entry: BattleEntry[],
  totals: Array<Entered['totals']>,
  now: number,
) {
  const [first, second] = battle.players;
  if (!first) throw new Error('A battle needs a player');
  await tx.insert(battles).values({
    id: battle.id,
    mode: battle.mode,
    difficulty: battle.difficulty,
    player1Id: first.userId,
    player2Id: second?.userId ?? null,
    player1CharacterId: first.characterId,
    player2CharacterId: second?.characterId ?? null,
    status: 'active',
    stats: { seed: battle.seed, boosts: totals },
    entry,
    hostNode: battle.host,
    startedAt: new Date(now),
  });
}

/**
 * A cluster's remote entry (D-CLUSTER-16): the player's own process takes their entry into a
 * battle another process created, locking the row first. A battle no longer active (its host voided
 * it, or a sweeper did) refuses with `battle/over` and takes nothing; otherwise the entry is
 * appended, so a later void returns exactly it.
 */
export async function enterExisting(
  m: MoneyContext,
  boosts: BoostReader,
  battleId: string,
  entrant: Entrant,
): Promise<Entered> {
  const [row] = await m.query<{ status: string }>('select status from battles where id = $1 for update', [
    battleId,
  ]);
  if (row?.status !== 'active') m.fail('battle/over', undefined, { userId: entrant.userId });
  const taken = await takeEntry(m, boosts, battleId, entrant);
  await m.query(
    `update battles set entry = entry || $2::jsonb,
       stats = jsonb_set(stats, '{boosts}', coalesce(stats->'boosts', '[]'::jsonb) || $3::jsonb)
     where id = $1`,
    [battleId, JSON.stringify([taken.entry]), JSON.stringify([taken.entered.totals])],
  );
  return taken.entered;
}

/** What the room shows of an entered player: their card with the boosters and energy of the entry. */
export function contenderOf(entrant: Entrant, entered: Entered): Contender {
  return {
    ...entrant.contender,
    boosters: entered.boosters,
    energy: entered.energy,
    maxEnergy: entered.max,
    energyHealth: energyEffect(entrant.energyToSpend).bonusHealth,
  };
}
