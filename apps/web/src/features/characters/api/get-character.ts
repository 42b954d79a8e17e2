import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Character } from '@titans/shared/characters/schemas';
import { CACHE_5MIN } from '@titans/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/lazy-schema.ts';

const lazyCharacterSchema = lazySchema(() =>
  import('@titans/shared/characters/schemas').then((schemas) => schemas.characterSchema),
);

/** GET /v1/character/{id} (cached 5 min). */
export function getCharacter(characterId: string, signal?: AbortSignal): Promise<Character> {
  return api(`/character/${encodeURIComponent(characterId)}`, lazyCharacterSchema, { signal });
}

export function characterQueryOptions(characterId: string) {
  return queryOptions({
    queryKey: ['character', characterId] as const,
    queryFn: ({ signal }) => getCharacter(characterId, signal),
    staleTime: CACHE_5MIN,
  });
}

export function useCharacter(characterId: string | null | undefined) {
  return useQuery({ ...characterQueryOptions(characterId ?? ''), enabled: Boolean(characterId) });
}
