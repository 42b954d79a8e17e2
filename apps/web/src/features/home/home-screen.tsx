import type { ReactNode } from 'react';
import { useCharacter } from '../../api/characters/get-character.ts';
import { useCurrentUser } from '../../api/user/get-user.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { CoinTotal } from './coin-total.tsx';
import { EnergyMeter } from './energy-meter.tsx';
import { HeroStage } from './hero-stage.tsx';

/** spec-a §2 / §8 "Home" texts. */
export const NO_CHARACTER_SELECTED = 'No character selected';
export const LOADING_CHARACTER = 'Loading character data...';
export const CHARACTER_LOAD_FAILED = 'Failed to load character data';

/**
 * Home: the coin total, the selected character large in the middle, and energy. Tapping,
 * the realtime connection, combo, the background picker and music arrive in the next phase;
 * `home-actions` keeps the place of the Boost and Titans Realm buttons.
 */
export function HomeScreen() {
  const { data: user } = useCurrentUser();
  const owned = user?.avatars.find((avatar) => avatar.character_id === user.avatar);
  // The owned copy carries the player's own level; the catalogue entry is the fallback.
  const catalogue = useCharacter(owned ? null : user?.avatar);

  if (!user) return null;

  let stage: ReactNode;
  if (!user.avatar) {
    stage = <EmptyState art="shield" title={NO_CHARACTER_SELECTED} />;
  } else if (owned) {
    stage = <HeroStage image={owned.image} name={owned.name} level={owned.level} />;
  } else if (catalogue.data) {
    stage = (
      <HeroStage image={catalogue.data.image} name={catalogue.data.name} level={catalogue.data.level} />
    );
  } else if (catalogue.isError) {
    stage = (
      <EmptyState
        art="warning"
        title={CHARACTER_LOAD_FAILED}
        action={
          <Button variant="secondary" block onClick={() => window.location.reload()}>
            Try again
          </Button>
        }
      />
    );
  } else {
    stage = (
      <div className="flex flex-col items-center gap-4" role="status">
        <Skeleton className="size-64 rounded-[22%]" />
        <p className="text-[15px] text-muted">{LOADING_CHARACTER}</p>
      </div>
    );
  }

  return (
    <section aria-label="Home" className="flex h-full flex-col px-4 pt-3 pb-2">
      <CoinTotal coins={user.coins} />
      <div className="flex min-h-0 flex-1 items-center justify-center py-4">{stage}</div>
      <EnergyMeter energy={user.energy} maxEnergy={user.max_energy} />
      {/* The Boost and Titans Realm buttons (next phase) take this row. */}
      <div data-slot="home-actions" className="h-2 shrink-0" />
    </section>
  );
}
