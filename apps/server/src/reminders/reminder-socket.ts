import { tapStats } from '@titans/shared/boosts/upgrades';
import { msUntilFull } from '@titans/shared/taps/energy';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import type { LiveBalanceSource } from '../users/user-view.ts';
import type { ReminderService } from './reminder-service.ts';

export interface ReminderSocketDeps {
  realtime: Realtime;
  reminders: ReminderService;
  /** The tap engine's live balances: energy as the player left it. */
  live: LiveBalanceSource;
  /** Whether this process still holds a socket of the player. */
  hasSockets(userId: string): boolean;
  query: RawQuery;
  now: Clock;
  logger: FastifyBaseLogger;
}

/**
 * The reminders' socket side: a player's last connection closing schedules "energy full" from
 * the tap engine's energy (BR10), and `offerRematch` after a PvP battle queues the opponent's
 * rematch message (BR13). Neither answers the client: a failure is logged.
 */
export function registerReminderEvents(deps: ReminderSocketDeps) {
  const { realtime, reminders, query, logger } = deps;

  realtime.dispatcher.onDisconnect((context) => {
    const userId = context.userId;
    if (!userId || deps.hasSockets(userId)) return;
    void scheduleEnergyFull(deps, userId).catch((error: unknown) =>
      logger.error({ err: error, userId }, 'reminders: energy-full not scheduled'),
    );
  });

  realtime.dispatcher.on('offerRematch', async (payload, context) => {
    const userId = context.userId;
    if (!userId) return;
    const [battle] = await query<{ player1_id: string; player2_id: string | null }>(
      `SELECT player1_id, player2_id FROM battles
       WHERE id = $1 AND mode = 'pvp' AND status = 'finished' AND (player1_id = $2 OR player2_id = $2)`,
      [payload.battle_id, userId],
    );
    const opponentId = battle?.player1_id === userId ? battle.player2_id : battle?.player1_id;
    if (!opponentId) return context.fail('request/invalid', 'No finished PvP battle of yours has that id');
    await reminders.rematch(payload.battle_id, userId, opponentId);
  });
}

/** BR10: energy as the tap engine holds it, regeneration from the player's stored upgrade level. */
async function scheduleEnergyFull(deps: ReminderSocketDeps, userId: string) {
  const now = deps.now();
  const live = deps.live.live(userId, now);
  if (!live || live.energy >= live.maxEnergy) return;
  const [row] = await deps.query<{ regen: number }>(
    'SELECT energy_regen_level AS regen FROM users WHERE id = $1',
    [userId],
  );
  if (!row) return;
  const { regenPerSecond } = tapStats({
    tap_power: 0,
    energy_capacity: 0,
    energy_regen: row.regen,
    cooldown_reduction: 0,
  });
  const wait = msUntilFull({ energy: live.energy, at: now }, { max: live.maxEnergy, regenPerSecond }, now);
  await deps.reminders.energyFull(userId, wait);
}
