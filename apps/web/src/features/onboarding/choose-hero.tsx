import type { Character } from '@titans/shared/characters/schemas';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SceneBackdrop } from '../../components/ui/scene-backdrop.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { isApiError } from '../../lib/api-error.ts';
import { haptics } from '../../lib/haptics.ts';
import { useCharacters } from '../characters/api/get-characters.ts';
import { useSelectCharacter } from '../users/api/select-character.ts';
import { HeroCard, raceLabel } from './hero-card.tsx';
import { HeroStats, type StatKey } from './hero-stats.tsx';

/** spec-a §8 "Onboarding" texts. */
export const FETCH_CHARACTERS_FAILED = 'Failed to fetch characters';
export const FETCH_CHARACTERS_ERROR = 'An error occurred while fetching characters';
export const SELECT_CHARACTER_FAILED = 'Failed to select character. Please try again.';
export const NO_CHARACTERS = 'No characters available at the moment';

/**
 * Choose Your Hero: a grid of the free characters; choosing one shows its stats; Start Adventure
 * selects it on the server, which ends first-time mode (the root then shows the game).
 */
export function ChooseHero({ telegramUserId }: { telegramUserId: string }) {
  const characters = useCharacters();
  const selectCharacter = useSelectCharacter(telegramUserId);
  const [chosenId, setChosenId] = useState<string | null>(null);

  // spec-a §5: "Only free characters (is_free) are offered in hero choice."
  const heroes = useMemo(
    () => (characters.data?.characters ?? []).filter((character) => character.is_free),
    [characters.data],
  );
  const chosen = heroes.find((hero) => hero._id === chosenId) ?? null;
  const scale = useMemo(() => statScale(heroes), [heroes]);
  const processing = selectCharacter.isPending || selectCharacter.isSuccess;

  const start = () => {
    if (!chosen || processing) return;
    selectCharacter.mutate(chosen._id, {
      onSuccess: () => haptics.success(),
      onError: () => {
        haptics.error();
        toast.error(SELECT_CHARACTER_FAILED);
      },
    });
  };

  return (
    <section className="bg-game relative flex h-full flex-col pt-[calc(var(--spacing-safe-top)+18px)]">
      <SceneBackdrop dim="brightness-[0.35] saturate-[1.1]" />
      <header className="relative px-6 text-center">
        <h1 className="font-display text-[34px] leading-none text-gold">Choose Your Hero</h1>
        <p className="mt-2 text-[15px] text-ink/75">Pick your first Titan. You can collect more later.</p>
      </header>

      <div className="no-scrollbar relative min-h-0 flex-1 overflow-y-auto px-4 pt-5 pb-4">
        {characters.isPending ? (
          <div className="grid grid-cols-3 gap-3" role="status" aria-label="Loading heroes">
            {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
              <Skeleton key={key} className="aspect-[3/4] rounded-[22px]" />
            ))}
          </div>
        ) : characters.isError ? (
          <EmptyState
            art="warning"
            title={
              isApiError(characters.error) && characters.error.isHttpError
                ? FETCH_CHARACTERS_FAILED
                : FETCH_CHARACTERS_ERROR
            }
            action={
              <Button variant="secondary" block onClick={() => void characters.refetch()}>
                Try again
              </Button>
            }
          />
        ) : heroes.length === 0 ? (
          <EmptyState art="shield" title={NO_CHARACTERS} />
        ) : (
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
                    setChosenId(hero._id);
                  }}
                />
              </div>
            ))}
          </div>
        )}
      </div>

      <footer className="panel relative rounded-t-[28px] px-5 pt-4 pb-[calc(var(--spacing-safe-bottom)+16px)]">
        <div className="h-[92px]">
          {chosen ? (
            <div key={chosen._id} className="animate-fade-in">
              <p className="mb-2.5 flex items-baseline gap-2">
                <span className="truncate font-display text-[19px] text-ink">{chosen.name}</span>
                <span className="shrink-0 text-[12px] font-extrabold tracking-wider text-gold-200 uppercase">
                  {raceLabel(chosen.race)} · Lv {chosen.level}
                </span>
              </p>
              <HeroStats character={chosen} scale={scale} />
            </div>
          ) : (
            <p className="grid h-full place-items-center text-center text-[15px] text-muted">
              Tap a hero to see their stats
            </p>
          )}
        </div>
        <Button size="lg" block className="mt-3" disabled={!chosen || processing} onClick={start}>
          {processing ? 'Processing...' : 'Start Adventure'}
        </Button>
      </footer>
    </section>
  );
}

function statScale(heroes: Character[]): Record<StatKey, number> {
  const max = (key: StatKey) => Math.max(1, ...heroes.map((hero) => hero[key]));
  return { health: max('health'), power: max('power'), defense: max('defense'), speed: max('speed') };
}
