import { randomInt } from 'node:crypto';
import { tapStats } from '@titans/shared/boosts/upgrades';
import { BASE_MAX_ENERGY, START_COINS, START_GEMS } from '@titans/shared/constants';
import { and, eq, sql } from 'drizzle-orm';
import type { TelegramIdentity } from '../auth/init-data.ts';
import type { Database, Tx } from '../db/database.ts';
import { characters, items, userCharacters, userItems, users } from '../db/schema.ts';
import { ApiError } from '../http/api-error.ts';
import { changeBalance } from '../ledger/ledger.ts';
import { type UserRow, upgradeLevelsOf } from './upgrade-levels.ts';

export type { UserRow } from './upgrade-levels.ts';

/** Who an authenticated call is from: what every route needs of the account, read on every call. */
export type Account = Pick<UserRow, 'id' | 'telegramUserId' | 'isBanned' | 'banReason'>;

/** Accounts one process keeps; past it the oldest is dropped and read again when it calls. */
const ACCOUNT_CACHE_SIZE = 100_000;

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  let code = '';
  for (let index = 0; index < 8; index++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * spec-a §4 "Referral code capture": an optional `buddies_` prefix is removed and the code
 * upper-cased. Returns null for anything that cannot be a code.
 */
export function normaliseReferralCode(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const code = raw
    .trim()
    .replace(/^buddies_/i, '')
    .toUpperCase();
  return /^[A-Z0-9_-]{4,32}$/.test(code) ? code : null;
}

export interface RegisterInput {
  identity: TelegramIdentity;
  referralCode: string | null;
}

export class UserService {
  /**
   * Every /v1 call looks its caller up: built once instead of per call (drizzle rebuilds the SQL
   * of an unprepared query each time, a third of the lookup's cost on PGlite).
   */
  private readonly byTelegramId;
  private readonly byId;
  /** The caller's account only: PGlite formats and parses every column a read returns (issue 6). */
  private readonly accountByTelegramId;
  /** Accounts found by Telegram id, oldest first (decisions: D-BAN-1). */
  private readonly accounts = new Map<string, Account>();
  /** Counts `forgetAccount` calls: a read that one overtook may be from before the ban. */
  private forgotten = 0;

  constructor(private readonly database: Database) {
    this.accountByTelegramId = this.db
      .select({
        id: users.id,
        telegramUserId: users.telegramUserId,
        isBanned: users.isBanned,
        banReason: users.banReason,
      })
      .from(users)
      .where(eq(users.telegramUserId, sql.placeholder('telegramUserId')))
      .limit(1)
      .prepare('account_by_telegram_id');
    this.byTelegramId = this.db
      .select()
      .from(users)
      .where(eq(users.telegramUserId, sql.placeholder('telegramUserId')))
      .limit(1)
      .prepare('user_by_telegram_id');
    this.byId = this.db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_by_id');
  }

  private get db() {
    return this.database.db;
  }

  async findByTelegramId(telegramUserId: string): Promise<UserRow | null> {
    const [row] = await this.byTelegramId.execute({ telegramUserId: BigInt(telegramUserId) });
    return row ?? null;
  }

  /**
   * The account of a Telegram user (who they are and whether they are banned), or null. Every
   * API call and socket handshake asks, so a found account is kept; a ban or an unban forgets it
   * (`forgetAccount`, called by the BanService for its own changes and for those it polls).
   */
  async findAccount(telegramUserId: string): Promise<Account | null> {
    const known = this.accounts.get(telegramUserId);
    if (known) return known;
    const forgottenBefore = this.forgotten;
    const [row] = await this.accountByTelegramId.execute({ telegramUserId: BigInt(telegramUserId) });
    if (!row) return null;
    // A ban or unban applied while the read ran may have come after it: answer the row, keep none.
    if (this.forgotten !== forgottenBefore) return row;
    if (this.accounts.size >= ACCOUNT_CACHE_SIZE) this.accounts.delete(this.accounts.keys().next().value!);
    this.accounts.set(telegramUserId, row);
    return row;
  }

  /** Drops a kept account (its ban state changed): the next call reads it again. */
  forgetAccount(telegramUserId: string) {
    this.forgotten++;
    this.accounts.delete(telegramUserId);
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.byId.execute({ id });
    return row ?? null;
  }

  /**
   * Creates the account on first sign-in and refreshes name and picture from Telegram on later
   * ones. Idempotent: concurrent calls for one user end with one account.
   */
  async register({ identity, referralCode }: RegisterInput): Promise<{ user: UserRow; created: boolean }> {
    const existing = await this.findByTelegramId(identity.telegramUserId);
    if (existing) {
      const [refreshed] = await this.db
        .update(users)
        .set({
          username: identity.username || existing.username,
          firstName: identity.firstName,
          lastName: identity.lastName,
          languageCode: identity.languageCode ?? existing.languageCode,
          isPremium: identity.isPremium,
          profilePicture: identity.photoUrl || existing.profilePicture,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id))
        .returning();
      return { user: refreshed ?? existing, created: false };
    }

    const created = await this.database.transaction(async (tx, query) => {
      const referrer = referralCode ? await this.findReferrer(tx, referralCode) : null;
      for (let attempt = 0; attempt < 5; attempt++) {
        const [row] = await tx
          .insert(users)
          .values({
            telegramUserId: BigInt(identity.telegramUserId),
            username: identity.username,
            firstName: identity.firstName,
            lastName: identity.lastName,
            languageCode: identity.languageCode,
            isPremium: identity.isPremium,
            profilePicture: identity.photoUrl,
            coins: 0,
            gems: 0,
            energy: BASE_MAX_ENERGY,
            referralCode: newReferralCode(),
            referredBy: referrer?.id ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          // The opening balance is written by the transaction that creates the account: nobody
          // can hold or change it yet. Every later change goes through the BalanceGateway.
          if (START_COINS > 0)
            await changeBalance(query, {
              userId: row.id,
              currency: 'coins',
              delta: START_COINS,
              reason: 'starter-bonus',
              idempotencyKey: `starter:${row.id}:coins`,
            });
          if (START_GEMS > 0)
            await changeBalance(query, {
              userId: row.id,
              currency: 'gems',
              delta: START_GEMS,
              reason: 'starter-bonus',
              idempotencyKey: `starter:${row.id}:gems`,
            });
          return row;
        }
        // Either a concurrent register won the race, or the referral code collided: look again.
        const [winner] = await tx
          .select()
          .from(users)
          .where(eq(users.telegramUserId, BigInt(identity.telegramUserId)))
          .limit(1);
        if (winner) return null;
      }
      throw new Error('Could not allocate a referral code');
    });
    if (created) return { user: (await this.findById(created.id)) ?? created, created: true };
    const winner = await this.findByTelegramId(identity.telegramUserId);
    if (!winner) throw new Error('Registration raced and lost without a winner');
    return { user: winner, created: false };
  }

  private async findReferrer(tx: Tx, code: string) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
    return row ?? null;
  }

  /**
   * spec-a §2 hero choice and profile equip: only a free hero or an owned character can be
   * selected. Choosing a free hero for the first time adds it to the user's collection.
   */
  async selectCharacter(user: Pick<UserRow, 'id'>, characterId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [character] = await tx.select().from(characters).where(eq(characters.id, characterId)).limit(1);
      if (!character) throw new ApiError('character/not-found');
      const [owned] = await tx
        .select({ id: userCharacters.id })
        .from(userCharacters)
        .where(and(eq(userCharacters.userId, user.id), eq(userCharacters.characterId, characterId)))
        .limit(1);
      if (!owned) {
        if (!character.isFree || !character.isActive) throw new ApiError('character/not-owned');
        await tx
          .insert(userCharacters)
          .values({
            userId: user.id,
            characterId,
            level: character.level,
            purchasePrice: 0,
            currency: 'coins',
          })
          .onConflictDoNothing();
      }
      await tx
        .update(users)
        .set({ selectedCharacterId: characterId, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    });
  }

  /**
   * PUT /user/update: the background is the only field a player may change. It must be the
   * default (null, empty, "default" or the default picture) or a background item they own,
   * named by item id or by its picture.
   */
  async setBackground(user: Pick<UserRow, 'id'>, value: string | null, defaultUrl: string): Promise<void> {
    let itemId: string | null = null;
    const wanted = value?.trim() ?? '';
    if (wanted !== '' && wanted !== 'default' && wanted !== defaultUrl) {
      const [owned] = await this.db
        .select({ id: items.id })
        .from(userItems)
        .innerJoin(items, eq(items.id, userItems.itemId))
        .where(
          and(
            eq(userItems.userId, user.id),
            eq(items.itemType, 'background'),
            sql`(${items.id} = ${wanted} or ${items.imageUrl} = ${wanted})`,
          ),
        )
        .limit(1);
      if (!owned) throw new ApiError('user/background-not-owned');
      itemId = owned.id;
    }
    await this.db
      .update(users)
      .set({ backgroundItemId: itemId, updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }

  /** The derived tap stats of a user (max energy, regeneration, multiplier, refill cooldown). */
  statsOf(user: UserRow) {
    return tapStats(upgradeLevelsOf(user));
  }
}
