import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { SceneBackdrop } from '../../components/ui/scene-backdrop.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useCharacters } from '../characters/api/get-characters.ts';
import { useSelectCharacter } from '../users/api/select-character.ts';
import { ChosenHero, statScale } from './chosen-hero.tsx';
import { HeroGrid } from './hero-grid.tsx';

/** The Onboarding screen's texts. */
export const SELECT_CHARACTER_FAILED = () => t('chooseHero.failedToSelectCharacter');

/**
 * Choose Your Hero: a grid of the free characters; choosing one shows its stats; Start Adventure
 * selects it on the server, which ends first-time mode (the root then shows the game).
 */
export function ChooseHero({ telegramUserId }: { telegramUserId: string }) {
  const characters = useCharacters();
  const selectCharacter = useSelectCharacter(telegramUserId);
  const [chosenId, setChosenId] = useState<string | null>(null);

  // "Only free characters (is_free) are offered in hero choice."
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
        toast.error(SELECT_CHARACTER_FAILED());
      },
    });
  };

  return (
    <section className="bg-game relative flex h-full flex-col pt-[calc(var(--spacing-safe-top)+18px)]">
      <SceneBackdrop dim="brightness-[0.35] saturate-[1.1]" />
      <header className="relative px-6 text-center">
        <h1 className="font-display text-[34px] leading-none text-gold">{t('chooseHero.chooseYourHero')}</h1>
        <p className="mt-2 text-[15px] text-ink/75">{t('chooseHero.pickYourFirstTitan')}</p>
      </header>

      <div className="no-scrollbar relative min-h-0 flex-1 overflow-y-auto px-4 pt-5 pb-4">
        <HeroGrid
          heroes={heroes}
          pending={characters.isPending}
          error={characters.isError ? characters.error : null}
          retry={() => void characters.refetch()}
          chosenId={chosenId}
          choose={setChosenId}
        />
      </div>

      <footer className="panel relative rounded-t-[28px] px-5 pt-4 pb-[calc(var(--spacing-safe-bottom)+16px)]">
        <ChosenHero chosen={chosen} scale={scale} />
        <Button size="lg" block className="mt-3" disabled={!chosen || processing} onClick={start}>
          {processing ? t('chooseHero.processing') : t('chooseHero.startAdventure')}
        </Button>
      </footer>
    </section>
  );
}
