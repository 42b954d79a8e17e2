import type { Character } from '@titans/shared/characters/schemas';
import { cx } from '../../lib/cx.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** The race as a player reads it: "MEDUSA" → "Medusa". */
export function raceLabel(race: string): string {
  return race.charAt(0) + race.slice(1).toLowerCase();
}

export interface HeroCardProps {
  character: Character;
  selected: boolean;
  onSelect: () => void;
}

/**
 * One free hero in the grid: picture, name, type and level (spec-a §2). Every starter hero's
 * catalogue `type` is DEFAULT, so the type a player reads is the hero's race.
 */
export function HeroCard({ character, selected, onSelect }: HeroCardProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={t('heroCard.level', {
        name: character.name,
        race: raceLabel(character.race),
        level: character.level,
      })}
      onClick={onSelect}
      className={cx(
        'group relative flex flex-col items-center rounded-[22px] p-1.5 pb-2.5 text-center transition-transform duration-150 active:scale-95',
        selected
          ? 'bg-[linear-gradient(180deg,rgb(255_213_74/0.35),rgb(255_163_0/0.12))] ring-2 ring-gold-300 shadow-[0_0_24px_rgb(255_194_31/0.45)]'
          : 'panel',
      )}
    >
      <div className="relative aspect-square w-full">
        <img
          src={character.image}
          alt=""
          draggable={false}
          className={cx(
            'size-full rounded-[16px] object-cover transition-transform duration-200',
            selected && 'scale-[1.04]',
          )}
        />
        <span className="absolute top-1 start-1 rounded-full bg-night-950/80 px-1.5 py-0.5 font-display text-[11px] leading-none text-gold-200 ring-1 ring-gold-300/40">
          {t('heroCard.lv', { level: character.level })}
        </span>
        {/* Inside the picture: a scrolling grid clips anything outside its cards (D-UI-5). */}
        {selected && (
          <span className="absolute top-1 end-1 grid size-7 place-items-center rounded-full bg-gold-300 text-[15px] font-black text-[#4a2300] shadow-[0_2px_0_#a85a00] animate-pop-in">
            ✓
          </span>
        )}
      </div>
      <p className="mt-1.5 line-clamp-2 min-h-[2.3em] px-0.5 font-display text-[13px] leading-[1.15] text-ink">
        {character.name}
      </p>
      <p className="text-[11px] font-extrabold tracking-wider text-muted uppercase">
        {raceLabel(character.race)}
      </p>
    </button>
  );
}
