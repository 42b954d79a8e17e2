import { tapStats } from '@titans/shared/boosts/upgrades';
import { msUntilFull } from '@titans/shared/taps/energy';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../core/clock.ts';
import type { RawQuery } from '../db/database.ts';
import { userRoom } from '../realtime/socket-dispatcher.ts';
import type { Realtime } from '../realtime/socket-server.ts';
import type { LiveBalanceSource } from '../users/user-view.ts';
import type { ReminderService } from './reminder-service.ts';

export interface ReminderSocketDeps {
  realtime: Realtime;
  reminders: ReminderService;
  /** The tap engine's live balances: energy as the player left it. */
  live: LiveBalanceSource;
  /**
   * For a player whose taps this process does not hold: how long to wait for their owner
   * elsewhere to write them before reading the stored energy: two of its flush intervals (0: one
   * process, nothing to wait for).
   */
  ownerFlushMs: number;
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
    // Only this process's rooms: whether it still holds a socket of the player.
    if (!userId || realtime.io.of('/').adapter.rooms.has(userRoom(userId))) return;
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

/**
 * BR10: energy as the tap engine holds it here; for a player this process does not hold (in a
 * cluster another process may own their taps, which this one forwarded), energy as stored, read
 * once the owner's next flush has written the last taps. Regeneration from the stored upgrades.
 */
async function scheduleEnergyFull(deps: ReminderSocketDeps, userId: string) {
  const leftAt = deps.now();
  const live = deps.live.live(userId, leftAt);
  if (!live && deps.ownerFlushMs > 0) await new Promise((resolve) => setTimeout(resolve, deps.ownerFlushMs));
  const [row] = await deps.query<Record<string, unknown>>(
    `SELECT energy, energy_updated_at, tap_power_level, energy_capacity_level, energy_regen_level,
            cooldown_reduction_level
     FROM users WHERE id = $1`,
    [userId],
  );
  if (!row) return;
  const { maxEnergy, regenPerSecond } = tapStats({
    tap_power: Number(row.tap_power_level),
    energy_capacity: Number(row.energy_capacity_level),
    energy_regen: Number(row.energy_regen_level),
    cooldown_reduction: Number(row.cooldown_reduction_level),
  });
  const state = live
    ? { energy: live.energy, at: leftAt, max: live.maxEnergy }
    : {
        energy: Number(row.energy),
        at: new Date(String(row.energy_updated_at)).getTime(),
        max: maxEnergy,
      };
  const now = deps.now();
  const wait = msUntilFull(state, { max: state.max, regenPerSecond }, now);
  await deps.reminders.energyFull(userId, wait);
}
