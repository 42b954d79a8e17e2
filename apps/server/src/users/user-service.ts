import { randomInt } from 'node:crypto';
import { BASE_MAX_ENERGY, DEFAULT_BACKGROUND_URL, START_COINS, START_GEMS } from '@titans/shared/constants';
import type { Language } from '@titans/shared/i18n/languages';
import type { Balances, Profile, User } from '@titans/shared/user/schemas';
import type { TelegramIdentity } from '../auth/init-data.ts';
import type { Clock } from '../clock.ts';
import type { Database, RawQuery } from '../db/database.ts';
import { changeBalance } from '../ledger/ledger.ts';
import { failed, type MoneyResult, succeeded } from '../money/money-result.ts';
import type { UserRow } from './upgrade-levels.ts';
import { type Account, UserRepository } from './user-repository.ts';
import { currentBalances, type LiveBalanceSource, profileView, userView } from './user-view.ts';

export type { UserRow } from './upgrade-levels.ts';
export type { Account } from './user-repository.ts';

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
  /** The code the client kept from the link, if any; else the signed start parameter's (spec-a §4). */
  referralCode?: string | null | undefined;
}

export interface UserServiceDeps {
  database: Database;
  /** The tap engine's view of balances the database does not have yet. */
  live: LiveBalanceSource;
  now: Clock;
}

/** Accounts (U1–U3): sign-in, the account every call reads, the hero and background, and the player's views. */
export class UserService {
  private readonly repository: UserRepository;
  /** Accounts found by Telegram id, oldest first (decisions: D-BAN-1). */
  private readonly accounts = new Map<string, Account>();
  /** Counts `forgetAccount` calls: a read that one overtook may be from before the ban. */
  private forgotten = 0;

  constructor(private readonly deps: UserServiceDeps) {
    this.repository = new UserRepository(deps.database);
  }

  private at() {
    return new Date(this.deps.now());
  }

  findByTelegramId(telegramUserId: string): Promise<UserRow | null> {
    return this.repository.findByTelegramId(telegramUserId);
  }

  findById(id: string): Promise<UserRow | null> {
    return this.repository.findById(id);
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
    const row = await this.repository.account(telegramUserId);
    if (!row) return null;
    // A ban or unban applied while the read ran may have come after it: answer the row, keep none.
    if (this.forgotten !== forgottenBefore) return row;
    if (this.accounts.size >= ACCOUNT_CACHE_SIZE) {
      const oldest = this.accounts.keys().next();
      if (!oldest.done) this.accounts.delete(oldest.value);
    }
    this.accounts.set(telegramUserId, row);
    return row;
  }

  /** Drops a kept account (its ban state changed): the next call reads it again. */
  forgetAccount(telegramUserId: string) {
    this.forgotten++;
    this.accounts.delete(telegramUserId);
  }

  /**
   * U1: creates the account on first sign-in and refreshes name and picture from Telegram on later
   * ones. Idempotent: concurrent calls for one user end with one account.
   */
  async register({ identity, referralCode }: RegisterInput): Promise<{ user: UserRow; created: boolean }> {
    const existing = await this.repository.findByTelegramId(identity.telegramUserId);
    if (existing) {
      const refreshed = await this.repository.refresh(existing, identity, this.at());
      return { user: refreshed ?? existing, created: false };
    }
    const code = normaliseReferralCode(referralCode) ?? normaliseReferralCode(identity.startParam);
    const created = await this.create(identity, code);
    if (created) return { user: (await this.repository.findById(created.id)) ?? created, created: true };
    const winner = await this.repository.findByTelegramId(identity.telegramUserId);
    if (!winner) throw new Error('Registration raced and lost without a winner');
    return { user: winner, created: false };
  }

  /** The new account, or null when a concurrent registration of the same user won. */
  private create(identity: TelegramIdentity, referralCode: string | null): Promise<UserRow | null> {
    return this.deps.database.transaction(async (tx, query) => {
      const referredBy = referralCode ? await this.repository.referrerId(tx, referralCode) : null;
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await this.repository.insertAccount(tx, {
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
          referredBy,
        });
        if (row) {
          await openingBalance(query, row.id);
          return row;
        }
        // Either a concurrent register won the race, or the referral code collided: look again.
        if (await this.repository.telegramIdTaken(tx, identity.telegramUserId)) return null;
      }
      throw new Error('Could not allocate a referral code');
    });
  }

  /**
   * U2 (spec-a §2 hero choice and profile equip): only a free hero or an owned character can be
   * selected. Choosing a free hero for the first time adds it to the collection (D-USER-2).
   */
  selectCharacter(userId: string, characterId: string): Promise<MoneyResult<null>> {
    return this.deps.database.transaction(async (tx) => {
      const character = await this.repository.character(tx, characterId);
      if (!character) return failed('character/not-found');
      if (!(await this.repository.ownsCharacter(tx, userId, characterId))) {
        if (!character.isFree || !character.isActive) return failed('character/not-owned');
        await this.repository.addFreeCharacter(tx, userId, character);
      }
      await this.repository.setSelectedCharacter(tx, userId, characterId, this.at());
      return succeeded(null);
    });
  }

  /**
   * U3 (PUT /user/update, D-USER-1): the background is the only field a player may change. It
   * must be the default (null, empty, "default" or the default picture) or a background item they
   * own, named by item id or by its picture.
   */
  async setBackground(userId: string, value: string | null): Promise<MoneyResult<null>> {
    const wanted = value?.trim() ?? '';
    let itemId: string | null = null;
    if (wanted !== '' && wanted !== 'default' && wanted !== DEFAULT_BACKGROUND_URL) {
      itemId = await this.repository.ownedBackgroundId(userId, wanted);
      if (!itemId) return failed('user/background-not-owned');
    }
    await this.repository.setBackground(userId, itemId, this.at());
    return succeeded(null);
  }

  /** L2 (PUT /user/{id}/language): the player's own choice, kept on the account for every device. */
  async setLanguage(userId: string, language: Language): Promise<void> {
    await this.repository.setLanguage(userId, language, this.at());
  }

  /** The player as GET /user/{id} shows them, from a row just read or written. */
  async view(user: UserRow): Promise<User> {
    return userView(user, await this.repository.viewParts(user), this.deps.live, this.deps.now());
  }

  /** The player as GET /user/{id} shows them, read now. */
  async viewById(userId: string): Promise<MoneyResult<User>> {
    const user = await this.repository.findById(userId);
    if (!user) return failed('user/not-found');
    return succeeded(await this.view(user));
  }

  async profile(userId: string): Promise<MoneyResult<Profile>> {
    const user = await this.repository.findById(userId);
    if (!user) return failed('user/not-found');
    const counts = await this.repository.profileCounts(user.id);
    return succeeded(profileView(user, counts, this.deps.live, this.deps.now()));
  }

  /** The balances as stored, overlaid with the taps the engine holds (POST /user/{id}/sync-balance). */
  async balances(userId: string): Promise<MoneyResult<Balances>> {
    const user = await this.repository.findById(userId);
    if (!user) return failed('user/not-found');
    return succeeded(currentBalances(user, this.deps.live, this.deps.now()));
  }
}

/**
 * The opening balance, written by the transaction that creates the account: nobody can hold or
 * change it yet, so it is the one balance change outside the BalanceGateway. Every later change
 * goes through the gateway.
 */
async function openingBalance(query: RawQuery, userId: string) {
  for (const [currency, amount] of [
    ['coins', START_COINS],
    ['gems', START_GEMS],
  ] as const) {
    if (amount <= 0) continue;
    await changeBalance(query, {
      userId,
      currency,
      delta: amount,
      reason: 'starter-bonus',
      idempotencyKey: `starter:${userId}:${currency}`,
    });
  }
}
