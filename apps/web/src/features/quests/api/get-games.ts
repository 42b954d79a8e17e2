import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GAMES_FEED_CACHE_MS } from '@titans/shared/constants';
import { type GamesPage, gamesPageSchema } from '@titans/shared/quests/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/games?page=N: a page of the third-party game feed, fetched by the server (D-QUEST-5). */
export function getGames(page: number, signal?: AbortSignal): Promise<GamesPage> {
  return api('/games', gamesPageSchema, { query: { page }, signal });
}

export function gamesQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['games', page] as const,
    queryFn: ({ signal }) => getGames(page, signal),
    staleTime: GAMES_FEED_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useGames(page: number) {
  return useQuery(gamesQueryOptions(page));
}
