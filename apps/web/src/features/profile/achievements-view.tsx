import { effectiveStats, experienceToNextLevel } from '@titans/shared/battle/stats';
import {
  LEVEL_ATTACK_BONUS,
  LEVEL_DEFENSE_BONUS,
  LEVEL_HEALTH_BONUS,
  LEVEL_SPEED_BONUS,
  XP_LEVEL_BASE,
} from '@titans/shared/constants';
import type { OwnedAvatar } from '@titans/shared/user/schemas';
import { SubPageHeader } from '../../components/sub-page-header.tsx';
import { EmojiArt } from '../../components/ui/emoji-art.tsx';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

/** Levels shown together: the block of ten the hero's level is in. */
const BLOCK = 10;

/**
 * The hero's stats at its level (F60): the shared `effectiveStats` with no items or boosters, the
 * same numbers the Arena shows before items are chosen.
 */
function HeroLevelStats({ hero }: { hero: OwnedAvatar }) {
  const stats = effectiveStats(
    { health: hero.health, attack: hero.power, defense: hero.defense, speed: hero.speed },
    hero.level,
  );
  return (
    <p data-testid="achievements-hero-stats" className="mt-2 px-1 text-[13px] leading-snug text-ink">
      {t('achievementsView.atLevel', { name: hero.name, level: hero.level })}{' '}
      <span className="tabular-nums">
        {t('achievementsView.hpAtkDef', {
          health: formatNumber(stats.health),
          attack: formatNumber(stats.attack),
          defense: formatNumber(stats.defense),
        })}
      </span>{' '}
      <span className="text-muted">{t('achievementsView.beforeItemsAndBoosters')}</span>
    </p>
  );
}

/**
 * The achievements sub-view: the selected hero's level, the one every screen shows (D-UI-6),
 * what a level is, the experience to the next, and the ten levels of its block, reached or not.
 */
function ExperienceBar({ level, experience, need }: { level: number; experience: number; need: number }) {
  return (
    <div
      className="mt-2 h-3 overflow-hidden rounded-full bg-night-950/70 ring-1 ring-white/10"
      role="progressbar"
      aria-label={t('achievementsView.experienceToLevel', { level: level + 1 })}
      aria-valuemin={0}
      aria-valuemax={need}
      aria-valuenow={experience}
    >
      <div
        className="h-full rounded-full bg-[linear-gradient(90deg,#ffe585,#ffb416)]"
        style={{ width: `${Math.floor((experience / need) * 100)}%` }}
      />
    </div>
  );
}

export function AchievementsView({ hero, onBack }: { hero: OwnedAvatar | undefined; onBack(): void }) {
  const level = hero?.level ?? 1;
  const need = experienceToNextLevel(level);
  const experience = Math.min(hero?.experience ?? 0, need);
  const first = Math.floor((level - 1) / BLOCK) * BLOCK + 1;
  const levels = Array.from({ length: BLOCK }, (_, index) => first + index);
  return (
    <section aria-label={t('achievementsView.achievements')} className="animate-rise-in">
      <SubPageHeader title={t('achievementsView.achievements')} onBack={onBack} />
      <div className="panel mt-4 flex items-center gap-4 rounded-3xl p-4">
        <EmojiArt name="trophy" className="size-16 drop-shadow-[0_6px_10px_rgb(0_0_0/0.4)]" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-[22px] leading-none text-ink">
            {hero?.name ?? t('achievementsView.noHeroYet')}
          </p>
          <p className="mt-1 text-[13px] font-bold text-muted" data-testid="achievements-level">
            {t('achievementsView.level', { level })}
          </p>
          <ExperienceBar level={level} experience={experience} need={need} />
          <p className="mt-1 text-end text-[12px] font-black text-gold-200">
            {t('achievementsView.xpToLevel', {
              experience: formatNumber(experience),
              need: formatNumber(need),
              level: level + 1,
            })}
          </p>
        </div>
      </div>
      <p className="mt-3 px-1 text-[13px] leading-snug text-muted">
        {t('achievementsView.aLevelBelongsTo', { XP_LEVEL_BASE, LEVEL_HEALTH_BONUS })}{' '}
        {t('achievementsView.attackDefenseAndSpeed', {
          LEVEL_ATTACK_BONUS,
          LEVEL_DEFENSE_BONUS,
          LEVEL_SPEED_BONUS,
        })}
      </p>
      {hero && <HeroLevelStats hero={hero} />}
      <p className="mt-3 px-1 text-[12px] font-black tracking-[0.14em] text-gold-200/90 uppercase">
        {t('achievementsView.levels', { first, first2: first + BLOCK - 1 })}
      </p>
      <ol
        className="mt-2 grid grid-cols-5 gap-2"
        aria-label={t('achievementsView.levelsTo', { first, first2: first + BLOCK - 1 })}
      >
        {levels.map((entry) => {
          const reached = entry <= level;
          return (
            <li
              key={entry}
              data-testid="achievement-level"
              data-reached={reached}
              className={cx(
                'panel flex flex-col items-center rounded-2xl py-2',
                entry === level ? 'ring-2 ring-gold-300' : reached ? 'ring-1 ring-gold-300/50' : 'opacity-55',
              )}
            >
              <EmojiArt name={reached ? 'glowing-star' : 'hourglass-not-done'} className="size-7" />
              <span className="mt-0.5 font-display text-[15px] text-ink">{entry}</span>
              <span
                className={cx('text-[9px] font-black uppercase', reached ? 'text-success-400' : 'text-muted')}
              >
                {reached ? t('achievementsView.reached') : t('achievementsView.locked')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
