import type { Character, CharacterList } from '@titans/shared/characters/schemas';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { failed, type Result, succeeded } from '../core/result.ts';
import type { Database, Db } from '../db/database.ts';
import { characters, userCharacters } from '../db/schema.ts';
import { characterView } from './character-view.ts';

/** GET /characters: a page, optionally one race or only free (or only paid) characters. */
export interface CharacterQuery {
  limit: number;
  skip: number;
  race?: string | undefined;
  is_free?: 'true' | 'false' | undefined;
}

/** The catalogue's characters, each with `isOwned` for the caller (C3). */
export class CharacterService {
  constructor(private readonly deps: { database: Database }) {}

  private get db(): Db {
    return this.deps.database.db;
  }

  /** Active characters in catalogue order; `callerId` null (no account yet) owns none. */
  async list(query: CharacterQuery, callerId: string | null): Promise<CharacterList> {
    const filters: SQL[] = [eq(characters.isActive, true)];
    if (query.race) filters.push(eq(characters.race, query.race));
    if (query.is_free) filters.push(eq(characters.isFree, query.is_free === 'true'));
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(characters)
        .where(where)
        .orderBy(asc(characters.sortOrder), asc(characters.id))
        .limit(query.limit)
        .offset(query.skip),
      this.db.select({ value: count() }).from(characters).where(where),
    ]);
    const owned = await this.ownedOf(
      callerId,
      rows.map((row) => row.id),
    );
    return {
      characters: rows.map((row) => characterView(row, owned.has(row.id))),
      total: total?.value ?? 0,
      limit: query.limit,
      skip: query.skip,
    };
  }

  /** One character by id, active or not (a player may own a retired one). */
  async find(id: string, callerId: string | null): Promise<Result<Character>> {
    const [row] = await this.db.select().from(characters).where(eq(characters.id, id)).limit(1);
    if (!row) return failed('character/not-found');
    const owned = await this.ownedOf(callerId, [row.id]);
    return succeeded(characterView(row, owned.has(row.id)));
  }

  /** Which of `characterIds` the caller owns (none without an account yet). */
  private async ownedOf(callerId: string | null, characterIds: string[]): Promise<Set<string>> {
    if (!callerId || characterIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: userCharacters.characterId })
      .from(userCharacters)
      .where(and(eq(userCharacters.userId, callerId), inArray(userCharacters.characterId, characterIds)));
    return new Set(rows.map((row) => row.id));
  }
}
