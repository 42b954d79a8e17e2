import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CharacterList,
  type CharacterRace,
  characterListSchema,
} from '@titans/shared/characters/schemas';
import { CACHE_5MIN, CHARACTER_PAGE_SIZE } from '@titans/shared/constants';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/characters: a page (limit 100, skip 0) or a race (cached 5 min). */
export type CharactersQuery = { limit: number; skip: number } | { race: CharacterRace };

export const FIRST_CHARACTER_PAGE: CharactersQuery = { limit: CHARACTER_PAGE_SIZE, skip: 0 };

/** Every characters query starts with this key; a purchase invalidates them (their `isOwned` changes). */
export const CHARACTERS_QUERY_ROOT = ['characters'] as const;

export function getCharacters(query: CharactersQuery, signal?: AbortSignal): Promise<CharacterList> {
  return api('/characters', characterListSchema, { query, signal });
}

export function charactersQueryOptions(query: CharactersQuery = FIRST_CHARACTER_PAGE) {
  return queryOptions({
    queryKey: [...CHARACTERS_QUERY_ROOT, query] as const,
    queryFn: ({ signal }) => getCharacters(query, signal),
    staleTime: CACHE_5MIN,
  });
}

export function useCharacters(query: CharactersQuery = FIRST_CHARACTER_PAGE) {
  return useQuery(charactersQueryOptions(query));
}
