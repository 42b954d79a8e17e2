import { GAMES_PAGE_SIZE } from '@titans/shared/constants';
import { useState } from 'react';
import { Tabs } from '../../components/tabs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useGames } from './api/get-games.ts';
import { GameCard, GamesPager } from './game-card.tsx';

/** The tab of every category: an id no feed category has (the feed's names are its own). */
const ALL_CATEGORIES = '*';
/** the games browser's empty state. */
export const NO_GAMES_TEXT = () => t('gamesBrowser.noGamesFoundFor');

/**
 * The games browser: a page of the third-party feed the server fetched, a category
 * filter, Previous (disabled on page 1) and Next (only after a full page, decisions D-QUEST-5,
 * never while loading). Games open with Telegram's link API.
 */
export function GamesBrowser() {
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const games = useGames(page);

  if (games.isError && !games.data) {
    const message =
      isApiError(games.error) && games.error.message
        ? games.error.message
        : t('gamesBrowser.failedToFetchGames');
    return (
      <EmptyState
        art="satellite-antenna"
        title={message}
        action={
          <Button variant="secondary" block onClick={() => void games.refetch()}>
            {t('gamesBrowser.retry')}
          </Button>
        }
      />
    );
  }

  const list = games.data?.games ?? [];
  const categories = [ALL_CATEGORIES, ...new Set(list.map((game) => game.category))];
  const shown = category === ALL_CATEGORIES ? list : list.filter((game) => game.category === category);
  const loading = games.isFetching;

  return (
    <section aria-label={t('gamesBrowser.games')} className="flex flex-col gap-3">
      <Tabs
        label={t('gamesBrowser.gameCategories')}
        items={categories.map((name) => ({
          value: name,
          label: name === ALL_CATEGORIES ? t('gamesBrowser.all') : name,
        }))}
        value={category}
        onChange={setCategory}
        className="no-scrollbar -mx-4 flex gap-2 overflow-x-auto px-4"
        tabClassName={(selected) =>
          cx(
            'shrink-0 rounded-full px-3.5 py-1.5 text-[13px] font-extrabold ring-1 transition-colors',
            selected ? 'bg-gold-300 text-[#4a2300] ring-gold-200' : 'bg-white/6 text-ink/80 ring-white/12',
          )
        }
      />

      {!games.data ? (
        <div className="grid grid-cols-2 gap-3" role="status" aria-label={t('gamesBrowser.loadingGames')}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-44 rounded-3xl" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState art="video-game" title={t('gamesBrowser.noGames')} description={NO_GAMES_TEXT()} />
      ) : (
        <ul className={cx('grid grid-cols-2 gap-3 transition-opacity', loading && 'opacity-60')}>
          {shown.map((game) => (
            <GameCard key={game.id} game={game} />
          ))}
        </ul>
      )}
      <GamesPager
        page={page}
        canPrevious={page > 1 && !loading}
        canNext={list.length >= GAMES_PAGE_SIZE && !loading}
        onPage={(next) => {
          setPage(next);
          setCategory(ALL_CATEGORIES);
        }}
      />
    </section>
  );
}
