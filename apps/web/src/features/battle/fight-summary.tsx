import type { BattleCompletedPayload, BattleStartedPayload } from '@titans/shared/battle/schemas';
import { formatNumber } from '../../lib/format-number.ts';
import { t } from '../../lib/i18n/i18n.ts';
import { useArena } from './arena-store.ts';

export interface SummaryRow {
  id: string;
  label: string;
  value: string;
}

function clock(ms: number) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The fight in numbers (decisions D-UI-13), only what this client truly knows: damage and hits as
 * the server counted them, the best combo of the hits it was sent (unknown after a reload), how
 * long the fight lasted from FIGHT! to the completion (server times), and the stake and payout as
 * settlement reported them.
 */
export function fightSummary(
  completed: BattleCompletedPayload,
  battle: BattleStartedPayload | null,
  bestCombo: number | null,
  endedAt: number | null,
): SummaryRow[] {
  const rows: SummaryRow[] = [
    { id: 'damage', label: t('fightSummary.damageDealt'), value: formatNumber(completed.your_stats.damage) },
    { id: 'hits', label: t('fightSummary.hits'), value: formatNumber(completed.your_stats.hits) },
  ];
  if (bestCombo !== null)
    rows.push({ id: 'combo', label: t('fightSummary.bestCombo'), value: formatNumber(bestCombo) });
  if (battle && endedAt !== null) {
    const end = Math.min(endedAt, battle.live.ends_at);
    rows.push({
      id: 'duration',
      label: t('fightSummary.duration'),
      value: clock(end - battle.live.fight_starts_at),
    });
  }
  // A practice fight holds no stake (PF1).
  const stake = completed.stake > 0 ? `−${formatNumber(completed.stake)}` : t('fightSummary.free');
  rows.push({ id: 'stake', label: t('fightSummary.stake'), value: stake });
  rows.push({ id: 'payout', label: t('fightSummary.payout'), value: `+${formatNumber(completed.payout)}` });
  return rows;
}

/** Whether a share shown with `digits` decimals misleads: a hurt fighter at 100, a living one at 0. */
function misleads(share: number, digits: number) {
  const shown = Number(share.toFixed(digits));
  return (share < 100 && shown === 100) || (share > 0 && shown === 0);
}

/**
 * Two shares of health as percentages, with decimals only as far as needed to tell them apart
 * and never rounded to a full or an empty bar they are not.
 */
function shares(a: { health: number; max: number }, b: { health: number; max: number }): [string, string] {
  const pa = (a.health / Math.max(1, a.max)) * 100;
  const pb = (b.health / Math.max(1, b.max)) * 100;
  let digits = 0;
  const unclear = () =>
    (pa !== pb && pa.toFixed(digits) === pb.toFixed(digits)) || misleads(pa, digits) || misleads(pb, digits);
  while (digits < 3 && unclear()) digits++;
  return [`${pa.toFixed(digits)} %`, `${pb.toFixed(digits)} %`];
}

/**
 * F64: why a battle decided at the time limit went the way it did — the larger share of health
 * left wins (F10–F12), as "62 % vs 48 %", yours first. Null for any other ending or without the
 * server's final health.
 */
export function timeUpReason(completed: BattleCompletedPayload): string | null {
  const health = completed.final_health;
  if (completed.reason !== 'time' || !health) return null;
  const [yours, theirs] = shares(health.you, health.opponent);
  if (completed.result === 'victory') return t('fightSummary.youHadMore', { yours, theirs });
  if (completed.result === 'defeat') return t('fightSummary.yourOpponentHadMore', { theirs, yours });
  return t('fightSummary.theSameShareOf', { yours });
}

/** The summary as a grid of small tiles, under the result's graphic. */
export function FightSummary({ completed }: { completed: BattleCompletedPayload }) {
  const battle = useArena((s) => s.battle);
  const bestCombo = useArena((s) => s.bestCombo);
  const endedAt = useArena((s) => s.endedAt);
  const rows = fightSummary(completed, battle, bestCombo, endedAt);
  return (
    <dl data-testid="fight-summary" className="mt-5 grid w-full max-w-[360px] grid-cols-3 gap-2 short:mt-3">
      {rows.map((row) => (
        <div
          key={row.id}
          data-testid={`summary-${row.id}`}
          className="rounded-xl bg-night-800/90 px-2 py-1.5 ring-1 ring-white/10"
        >
          <dt className="text-[11px] leading-tight text-muted">{row.label}</dt>
          <dd className="font-display text-[17px] leading-tight tabular-nums text-ink">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
