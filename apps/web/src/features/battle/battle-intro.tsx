import type { BattleBooster, BattleSideStats, BattleStartedPayload } from '@titans/shared/battle/schemas';
import { BATTLE_INTRO_MS, ENERGY_BOOST_HEALTH_PER_POINT, INTRO_STEPS_MS } from '@titans/shared/constants';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { audioEngine } from '../../lib/audio/audio-engine.ts';
import { cx } from '../../lib/cx.ts';
import { formatNumber } from '../../lib/format-number.ts';
import { haptics } from '../../lib/haptics.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { opponentPlayer } from './battle-hud.tsx';

/** Intro step boundaries: prepare 1.5 s, fighters 2 s, advantage 2 s, 3-2-1, FIGHT 0.8 s, 1.5 s. */
const [PREPARE_MS, FIGHTERS_MS, ADVANTAGE_MS, THREE_MS, TWO_MS, ONE_MS, FIGHT_MS] = INTRO_STEPS_MS;
const FIGHTERS_AT = PREPARE_MS;
const ADVANTAGE_AT = FIGHTERS_AT + FIGHTERS_MS;
const COUNT_AT = ADVANTAGE_AT + ADVANTAGE_MS;
const FIGHT_AT = COUNT_AT + THREE_MS + TWO_MS + ONE_MS;
const HANDOVER_AT = FIGHT_AT + FIGHT_MS;

function strength(stats: BattleSideStats) {
  return stats.initial_health / 40 + stats.power * 2 + stats.defense * 2 + stats.speed;
}

/** What the player's boosters added, per stat (the server already counted them in `user_stats`). */
function boosterBonus(boosters: readonly BattleBooster[]) {
  const sum = (key: keyof BattleBooster['effects']) =>
    boosters.reduce((total, booster) => total + (booster.effects[key] ?? 0), 0);
  return {
    health: sum('energy_boost') * ENERGY_BOOST_HEALTH_PER_POINT,
    attack: sum('power_boost'),
    defense: sum('defense_boost'),
  };
}

function boosterLine(booster: BattleBooster) {
  const parts = [];
  if (booster.effects.power_boost) parts.push(`+${booster.effects.power_boost} ${t('battleIntro.atk')}`);
  if (booster.effects.defense_boost) parts.push(`+${booster.effects.defense_boost} ${t('battleIntro.def')}`);
  if (booster.effects.energy_boost) {
    const health = formatNumber(booster.effects.energy_boost * ENERGY_BOOST_HEALTH_PER_POINT);
    parts.push(`+${health} ${t('productDetail.hp')}`);
  }
  return `${booster.name} ${parts.join(' ')}`;
}

function StatRow({
  label,
  mine,
  theirs,
  bonus = 0,
}: {
  label: string;
  mine: number;
  theirs: number;
  /** The part of `mine` that comes from the player's boosters (D-BATTLE-12). */
  bonus?: number;
}) {
  // The better stat of each pair is shown green.
  return (
    <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 font-display text-[17px] tabular-nums short:text-[15px]">
      <span
        data-testid={`intro-yours-${label}`}
        className={cx('text-end', mine > theirs ? 'text-success-400' : 'text-ink')}
      >
        {bonus > 0 && <span className="me-1 text-[11px] text-energy-400">+{formatNumber(bonus)}</span>}
        {formatNumber(mine)}
      </span>
      <span className="w-16 text-center text-[11px] tracking-[0.16em] text-muted">{label}</span>
      <span className={cx('text-start', theirs > mine ? 'text-success-400' : 'text-ink')}>
        {formatNumber(theirs)}
      </span>
    </div>
  );
}

function Fighter({
  name,
  player,
  level,
  image,
  tone,
}: {
  name: string;
  player: string;
  level: number;
  image: string;
  tone: 'you' | 'them';
}) {
  return (
    <div className="flex w-[42%] flex-col items-center animate-rise-in">
      <div
        className={cx(
          'relative size-28 overflow-hidden rounded-[26px] bg-night-700 ring-4 short:size-20',
          tone === 'you'
            ? 'ring-energy-400 shadow-[0_0_30px_rgb(77_217_255/0.5)]'
            : 'ring-danger-500 shadow-[0_0_30px_rgb(239_68_68/0.5)]',
        )}
      >
        <img src={image} alt="" className="size-full object-cover object-top" />
      </div>
      <p className="mt-2 w-full truncate text-center font-display text-[18px] text-ink text-outline">
        {name}
      </p>
      <p className="w-full truncate text-center font-display text-[13px] text-gold-200">
        {t('battleIntro.level', { level })}
        <span className="font-sans font-bold text-muted">{player}</span>
      </p>
    </div>
  );
}

/** What the intro's numbers include (F60), so they can be matched with the lobby's. */
export function introIncludes(battle: BattleStartedPayload): string {
  // Parts apart with " · ", never "1, 2": numbers read alone, as the stats above them do.
  const count = (items: number) => t('battleIntro.items', { items });
  const energy = battle.energy_health ?? 0;
  const mine = [
    t('battleIntro.yoursLevel', { level: battle.user_stats.level }),
    count(battle.equipped_items.length),
  ];
  if (energy > 0) mine.push(t('battleIntro.hpFromEnergy', { health: formatNumber(energy) }));
  if (battle.boosters.length > 0) mine.push(t('battleIntro.boostersIncluded'));
  const theirs = battle.is_pvp
    ? t('battleIntro.theirsLevel', {
        level: battle.opponent_info.level,
        items: count(battle.opponent_info.equipped_items.length),
      })
    : t('battleIntro.theBotsOwnStats');
  return `${mine.join(' · ')}. ${theirs}.`;
}

/** Both fighters with HEALTH / ATK / DEF (the better one green) and the player's boosters. */
function IntroFighters({ battle }: { battle: BattleStartedPayload }) {
  const me = battle.user_stats;
  const them = battle.opponent_stats;
  const bonus = boosterBonus(battle.boosters);
  return (
    <div className="mt-6 w-full max-w-[360px] short:mt-3">
      <div className="flex items-start justify-between">
        <Fighter
          name={battle.selected_character.name}
          player={t('battleHud.you')}
          level={me.level}
          image={battle.selected_character.image}
          tone="you"
        />
        <span className="mt-10 font-display text-[34px] text-gold-300 text-outline short:mt-6">
          {t('battleIntro.vs')}
        </span>
        <Fighter
          name={battle.opponent_info.character.name}
          player={opponentPlayer(battle)}
          level={battle.opponent_info.level}
          image={battle.opponent_info.character.image}
          tone="them"
        />
      </div>
      <div className="mt-4 space-y-1.5 rounded-2xl bg-night-800/90 px-4 py-3 ring-1 ring-white/10 animate-fade-in short:mt-2 short:py-2">
        <StatRow
          label={t('battleIntro.health')}
          mine={me.initial_health}
          theirs={them.initial_health}
          bonus={bonus.health}
        />
        <StatRow label={t('battleIntro.atk')} mine={me.power} theirs={them.power} bonus={bonus.attack} />
        <StatRow label={t('battleIntro.def')} mine={me.defense} theirs={them.defense} bonus={bonus.defense} />
      </div>
      <p
        data-testid="intro-stats-includes"
        className="mt-1.5 text-center text-[11px] leading-snug text-muted"
      >
        {introIncludes(battle)}
      </p>
      {battle.boosters.length > 0 && (
        <p
          data-testid="battle-boosters"
          className="mt-2 text-center text-[12px] leading-snug text-energy-400 animate-fade-in"
        >
          {t('battleIntro.boosters', { value0: battle.boosters.map(boosterLine).join(' · ') })}
        </p>
      )}
    </div>
  );
}

/** 3-2-1 and FIGHT!, with their sound and haptic once each. */
function IntroBeat({ elapsed }: { elapsed: number }) {
  const count =
    elapsed >= COUNT_AT && elapsed < FIGHT_AT ? 3 - Math.floor((elapsed - COUNT_AT) / 1000) : null;
  const fight = elapsed >= FIGHT_AT && elapsed < BATTLE_INTRO_MS;
  const lastBeat = useRef<string>('');
  useEffect(() => {
    const beat = count !== null ? `count-${count}` : fight ? 'fight' : '';
    if (!beat || beat === lastBeat.current) return;
    lastBeat.current = beat;
    if (beat === 'fight') {
      audioEngine.play('fight');
      haptics.heavy();
    } else {
      audioEngine.play('countdown');
      haptics.light();
    }
  }, [count, fight]);
  return (
    <div className="mt-6 grid h-28 place-items-center short:mt-2 short:h-20">
      {count !== null && count > 0 && (
        <span
          key={count}
          className="font-display text-[96px] leading-none text-gold-300 text-outline animate-count-pop short:text-[72px]"
        >
          {count}
        </span>
      )}
      {fight && (
        <span className="font-display text-[84px] leading-none text-danger-400 text-outline animate-count-pop short:text-[64px]">
          {t('battleIntro.fight')}
        </span>
      )}
    </div>
  );
}

/**
 * The pre-battle intro: PREPARE FOR BATTLE, both fighters with HEALTH / ATK / DEF
 * (the better one green), the advantage banner, 3-2-1, FIGHT!. Driven by the server's FIGHT time,
 * so a late join starts mid-way and both players count down together. From the player's second
 * battle it offers Skip (`onSkip`, decisions D-UI-10).
 */
export function BattleIntro({
  battle,
  elapsed,
  onSkip,
  opponentSkipped = false,
}: {
  battle: BattleStartedPayload;
  elapsed: number;
  onSkip?: () => void;
  /** PvP: the opponent skipped; the fight starts as soon as this player skips too (F63). */
  opponentSkipped?: boolean;
}) {
  const ahead = strength(battle.user_stats) >= strength(battle.opponent_stats);
  return (
    <div
      data-testid="battle-intro"
      className={cx(
        'absolute inset-0 z-30 flex flex-col items-center justify-center bg-night-950/85 px-4 transition-opacity duration-500',
        elapsed >= HANDOVER_AT && 'opacity-0',
      )}
    >
      {onSkip && elapsed < FIGHT_AT && (
        <div className="absolute end-3 bottom-3 z-10 flex items-center gap-2">
          {opponentSkipped && (
            <span data-testid="opponent-skipped" className="text-[12px] font-bold text-muted">
              {t('battleIntro.yourOpponentSkipped')}
            </span>
          )}
          <Button variant="secondary" size="sm" className="min-w-20" onClick={onSkip}>
            {t('battleIntro.skip')}
          </Button>
        </div>
      )}
      <h2 className="text-center font-display text-[30px] leading-none tracking-[0.04em] text-gold-300 text-outline animate-pop-in short:text-[24px]">
        {t('battleIntro.prepareForBattle')}
      </h2>
      {elapsed >= FIGHTERS_AT && <IntroFighters battle={battle} />}
      {elapsed >= ADVANTAGE_AT && (
        <p
          className={cx(
            'mt-5 rounded-full px-5 py-2 font-display text-[18px] text-white text-outline animate-pop-in short:mt-3',
            ahead ? 'bg-success-500/85' : 'bg-danger-500/85',
          )}
        >
          {ahead ? t('battleIntro.youHaveTheAdvantage') : t('battleIntro.yourOpponentIsStronger')}
        </p>
      )}
      <IntroBeat elapsed={elapsed} />
    </div>
  );
}
