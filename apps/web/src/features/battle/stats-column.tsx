import { superAttackChance } from '@titans/shared/battle/damage';
import { SUPER_ATTACK_MULTIPLIER } from '@titans/shared/constants';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';

const TIMES = { 2: 'double', 3: 'triple' } as Record<number, string>;

/**
 * What "Super Attacks" counts, said where it is shown (BAL3): hits that dealt several times their
 * damage, each hit's chance coming from the hero's speed. Numbers from the shared rule.
 */
export function superAttackNote(speed: number): string {
  const times = TIMES[SUPER_ATTACK_MULTIPLIER] ?? `${SUPER_ATTACK_MULTIPLIER}×`;
  const chance = Math.round(superAttackChance(speed) * 100);
  return t('statsColumn.superAttackAHit', { times, speed: formatNumber(speed), chance });
}

/** One side's Battle Stats (step 2): Hits, Damage, Super Attacks when any, Damage Per Hit. */
export function StatsColumn({
  title,
  stats,
}: {
  title: string;
  stats: { hits: number; damage: number; superAttack: number };
}) {
  const rows: Array<[string, string]> = [
    [t('fightSummary.hits'), formatNumber(stats.hits)],
    [t('statsColumn.damage'), formatNumber(stats.damage)],
  ];
  if (stats.superAttack > 0) rows.push([t('statsColumn.superAttacks'), formatNumber(stats.superAttack)]);
  rows.push([t('statsColumn.damagePerHit'), stats.hits > 0 ? (stats.damage / stats.hits).toFixed(1) : '0']);
  return (
    <div className="flex-1 rounded-2xl bg-night-800/90 p-3 ring-1 ring-white/10">
      <h3 className="font-display text-[15px] text-gold-200">{title}</h3>
      <dl className="mt-2 space-y-1 text-[14px]">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between">
            <dt className="text-muted">{label}</dt>
            <dd className="font-display tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
