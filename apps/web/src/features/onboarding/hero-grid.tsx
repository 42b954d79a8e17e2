import type { Character } from '@titans/shared/characters/schemas';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { HeroCard } from './hero-card.tsx';

/** The Onboarding screen's texts. */
export const FETCH_CHARACTERS_FAILED = () => t('heroGrid.failedToFetchCharacters');
export const FETCH_CHARACTERS_ERROR = () => t('heroGrid.anErrorOccurredWhile');
export const NO_CHARACTERS = () => t('heroGrid.noCharactersAvailableAt');

export interface HeroGridProps {
  /** The free heroes, once loaded. */
  heroes: Character[];
  pending: boolean;
  /** The load's error, if it failed. */
  error: unknown;
  retry: () => void;
  chosenId: string | null;
  choose: (id: string) => void;
}

/** The free heroes in a three-column grid, or the list's loading, failed or empty state. */
export function HeroGrid({ heroes, pending, error, retry, chosenId, choose }: HeroGridProps) {
  if (pending) {
    return (
      <div className="grid grid-cols-3 gap-3" role="status" aria-label={t('heroGrid.loadingHeroes')}>
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} className="aspect-[3/4] rounded-[22px]" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <EmptyState
        art="warning"
        title={isApiError(error) && error.isHttpError ? FETCH_CHARACTERS_FAILED() : FETCH_CHARACTERS_ERROR()}
        action={
          <Button variant="secondary" block onClick={retry}>
            {t('heroGrid.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (heroes.length === 0) return <EmptyState art="shield" title={NO_CHARACTERS()} />;
  return (
    <div className="flex min-h-full flex-wrap content-center justify-center gap-3">
      {heroes.map((hero, position) => (
        <div
          key={hero._id}
          className="w-[calc((100%-24px)/3)] animate-rise-in"
          style={{ animationDelay: `${position * 50}ms` }}
        >
          <HeroCard
            character={hero}
            selected={hero._id === chosenId}
            onSelect={() => {
              haptics.selection();
              choose(hero._id);
            }}
          />
        </div>
      ))}
    </div>
  );
}
