import type { Character } from '@titans/shared/characters/schemas';
import { t } from '../../lib/i18n/i18n.ts';
import { raceLabel } from './hero-card.tsx';
import { HeroStats, type StatKey } from './hero-stats.tsx';

/** The chosen hero's name, race, level and stats above Start Adventure, or a hint to choose. */
export function ChosenHero({ chosen, scale }: { chosen: Character | null; scale: Record<StatKey, number> }) {
  return (
    <div className="h-[92px]">
      {chosen ? (
        <div key={chosen._id} className="animate-fade-in">
          <p className="mb-2.5 flex items-baseline gap-2">
            <span className="truncate font-display text-[19px] text-ink">{chosen.name}</span>
            <span className="shrink-0 text-[12px] font-extrabold tracking-wider text-gold-200 uppercase">
              {t('chosenHero.lv', { race: raceLabel(chosen.race), level: chosen.level })}
            </span>
          </p>
          <HeroStats character={chosen} scale={scale} />
        </div>
      ) : (
        <p className="grid h-full place-items-center text-center text-[15px] text-muted">
          {t('chosenHero.tapAHeroTo')}
        </p>
      )}
    </div>
  );
}

/** The largest of each stat among the heroes offered, so each stat bar compares like with like. */
export function statScale(heroes: Character[]): Record<StatKey, number> {
  const max = (key: StatKey) => Math.max(1, ...heroes.map((hero) => hero[key]));
  return { health: max('health'), power: max('power'), defense: max('defense'), speed: max('speed') };
}
