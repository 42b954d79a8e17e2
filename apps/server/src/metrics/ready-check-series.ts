import { Counter, type Registry } from 'prom-client';
import type { ReadyCheckCounts } from './game-sources.ts';

/** The ready-check counts and their `outcome` label values. */
const OUTCOMES: ReadonlyArray<[keyof ReadyCheckCounts, string]> = [
  ['opened', 'opened'],
  ['started', 'started'],
  ['declined', 'declined'],
  ['timedOut', 'timed_out'],
  ['left', 'left'],
];

/** `titans_ready_checks_total{outcome}`: the PvP ready checks this process opened or decided (F51–F53). */
export function readyCheckSeries(registry: Registry, read: () => ReadyCheckCounts | undefined) {
  return new Counter({
    name: 'titans_ready_checks_total',
    help: 'PvP ready checks by outcome: opened by this process, or decided here as started, declined, timed out or left',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      const counts = read();
      this.reset();
      for (const [outcome, label] of OUTCOMES) this.inc({ outcome: label }, counts?.[outcome] ?? 0);
    },
  });
}
