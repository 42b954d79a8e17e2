import type { Language } from '@titans/shared/i18n/languages';
import { and, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TelegramIdentity } from '../auth/init-data.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import {
  battles,
  characters,
  items,
  referrals,
  taskProgress,
  userCharacters,
  userItems,
  users,
} from '../db/schema.ts';
import type { UserRow } from './upgrade-levels.ts';

/** Who an authenticated call is from: what every route needs of the account, read on every call. */
export type Account = Pick<UserRow, 'id' | 'telegramUserId' | 'isBanned' | 'banReason'>;

export type CharacterRow = typeof characters.$inferSelect;

/** What GET /user/{id} shows besides the users row. */
export interface UserViewParts {
  owned: Array<{ owned: typeof userCharacters.$inferSelect; character: CharacterRow }>;
  progress: Array<Pick<typeof taskProgress.$inferSelect, 'taskId' | 'status' | 'metadata'>>;
  backgroundUrl: string | null;
}

/** Profile's counts (spec-a §3). */
export interface ProfileCounts {
  referrals: number;
  tasksCompleted: number;
  battles: number;
  battlesWon: number;
}

/** A new account's row, before the database adds its ids and defaults. */
export type NewAccount = typeof users.$inferInsert;

/** The queries of the users feature: the account lookups every call makes, and the player's reads and writes. */
export class UserRepository {
  /**
   * Every /v1 call looks its caller up: built once instead of per call (drizzle rebuilds the SQL
   * of an unprepared query each time, a third of the lookup's cost on PGlite).
   */
  private readonly byTelegramId;
  private readonly byId;
  /** The caller's account only: PGlite formats and parses every column a read returns. */
  private readonly accountByTelegramId;

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

  private get db(): Db {
    return this.database.db;
  }

  async account(telegramUserId: string): Promise<Account | null> {
    const [row] = await this.accountByTelegramId.execute({ telegramUserId: BigInt(telegramUserId) });
    return row ?? null;
  }

  async findByTelegramId(telegramUserId: string): Promise<UserRow | null> {
    const [row] = await this.byTelegramId.execute({ telegramUserId: BigInt(telegramUserId) });
    return row ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.byId.execute({ id });
    return row ?? null;
  }

  /** Name, picture, language and premium as Telegram sends them now; blanks keep what was stored. */
  async refresh(existing: UserRow, identity: TelegramIdentity, at: Date): Promise<UserRow | null> {
    const [row] = await this.db
      .update(users)
      .set({
        username: identity.username || existing.username,
        firstName: identity.firstName,
        lastName: identity.lastName,
        languageCode: identity.languageCode ?? existing.languageCode,
        isPremium: identity.isPremium,
        profilePicture: identity.photoUrl || existing.profilePicture,
        updatedAt: at,
      })
      .where(eq(users.id, existing.id))
      .returning();
    return row ?? null;
  }

  /** The new account, or null when its Telegram id or referral code is taken. */
  async insertAccount(tx: Tx, account: NewAccount): Promise<UserRow | null> {
    const [row] = await tx.insert(users).values(account).onConflictDoNothing().returning();
    return row ?? null;
  }

  async telegramIdTaken(tx: Tx, telegramUserId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.telegramUserId, BigInt(telegramUserId)))
      .limit(1);
    return row !== undefined;
  }

  async referrerId(tx: Tx, code: string): Promise<string | null> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.referralCode, code)).limit(1);
    return row?.id ?? null;
  }

  async character(tx: Tx, characterId: string): Promise<CharacterRow | null> {
    const [row] = await tx.select().from(characters).where(eq(characters.id, characterId)).limit(1);
    return row ?? null;
  }

  async ownsCharacter(tx: Tx, userId: string, characterId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: userCharacters.id })
      .from(userCharacters)
      .where(and(eq(userCharacters.userId, userId), eq(userCharacters.characterId, characterId)))
      .limit(1);
    return row !== undefined;
  }

  /** Adds a free hero to the collection at its catalogue level (D-USER-2). */
  async addFreeCharacter(tx: Tx, userId: string, character: CharacterRow) {
    await tx
      .insert(userCharacters)
      .values({
        userId,
        characterId: character.id,
        level: character.level,
        purchasePrice: 0,
        currency: 'coins',
      })
      .onConflictDoNothing();
  }

  async setSelectedCharacter(tx: Tx, userId: string, characterId: string, at: Date) {
    await tx
      .update(users)
      .set({ selectedCharacterId: characterId, updatedAt: at })
      .where(eq(users.id, userId));
  }

  /** The background item the player owns named by `wanted` (its id or its picture), or null. */
  async ownedBackgroundId(userId: string, wanted: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: items.id })
      .from(userItems)
      .innerJoin(items, eq(items.id, userItems.itemId))
      .where(
        and(
          eq(userItems.userId, userId),
          eq(items.itemType, 'background'),
          sql`(${items.id} = ${wanted} or ${items.imageUrl} = ${wanted})`,
        ),
      )
      .limit(1);
    return row?.id ?? null;
  }

  async setLanguage(userId: string, language: Language, at: Date) {
    await this.db.update(users).set({ language, updatedAt: at }).where(eq(users.id, userId));
  }

  async setBackground(userId: string, itemId: string | null, at: Date) {
    await this.db.update(users).set({ backgroundItemId: itemId, updatedAt: at }).where(eq(users.id, userId));
  }

  /** The owned characters (oldest first), task progress and background picture of a player. */
  async viewParts(user: Pick<UserRow, 'id' | 'backgroundItemId'>): Promise<UserViewParts> {
    const [owned, progress, background] = await Promise.all([
      this.db
        .select({ owned: userCharacters, character: characters })
        .from(userCharacters)
        .innerJoin(characters, eq(characters.id, userCharacters.characterId))
        .where(eq(userCharacters.userId, user.id))
        .orderBy(userCharacters.acquiredAt),
      this.db
        .select({ taskId: taskProgress.taskId, status: taskProgress.status, metadata: taskProgress.metadata })
        .from(taskProgress)
        .where(eq(taskProgress.userId, user.id)),
      user.backgroundItemId
        ? this.db
            .select({ imageUrl: items.imageUrl })
            .from(items)
            .where(eq(items.id, user.backgroundItemId))
            .limit(1)
        : Promise.resolve([]),
    ]);
    return { owned, progress, backgroundUrl: background[0]?.imageUrl ?? null };
  }

  /** Referrals made, tasks done, and finished battles fought and won (S6: from the battle records). */
  async profileCounts(userId: string): Promise<ProfileCounts> {
    const [[referralCount], [tasksDone], [fought]] = await Promise.all([
      this.db.select({ value: count() }).from(referrals).where(eq(referrals.referrerId, userId)),
      this.db
        .select({ value: count() })
        .from(taskProgress)
        .where(and(eq(taskProgress.userId, userId), inArray(taskProgress.status, ['completed', 'claimed']))),
      this.db
        .select({
          total: count(),
          won: sql<number>`count(*) filter (where ${battles.winnerId} = ${userId})`.mapWith(Number),
        })
        .from(battles)
        .where(
          and(or(eq(battles.player1Id, userId), eq(battles.player2Id, userId)), isNotNull(battles.endedAt)),
        ),
    ]);
    return {
      referrals: referralCount?.value ?? 0,
      tasksCompleted: tasksDone?.value ?? 0,
      battles: fought?.total ?? 0,
      battlesWon: fought?.won ?? 0,
    };
  }
}
