import type {
  BattleHit,
  BattleSideStats,
  BattleTurnProcessedPayload,
  PvpHealthUpdatePayload,
} from '@titans/shared/battle/schemas';
import type { ServerEventName, ServerPayload } from '@titans/shared/realtime/events';

/**
 * An event's payload as JSON text, as `JSON.stringify` writes it. The two messages of a battle hit,
 * about one per tap, are written field by field from their schemas' shapes (D-BATTLE-18): the
 * generic serialiser walks each object's keys and checks each value's type, which is most of a
 * hit message's cost to encode. Strings still go through `JSON.stringify` (the enums' words, which
 * need no escaping, are quoted as they are), numbers are written as it writes them, and a field
 * left `undefined` is left out, as it leaves it out; every other event goes through
 * `JSON.stringify` itself. `test/event-json.test.ts` compares the two.
 */
export function eventJson<E extends ServerEventName>(event: E, payload: ServerPayload<E>): string {
  const write = WRITERS[event];
  return write ? write(payload) : (JSON.stringify(payload) ?? 'null');
}

const WRITERS: { [E in ServerEventName]?: (payload: ServerPayload<E>) => string } = {
  pvpHealthUpdate: pvpHealthUpdateJson,
  battleTurnProcessed: turnProcessedJson,
};

function num(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

function text(value: string): string {
  return JSON.stringify(value);
}

/** A value of one of the hit messages' enums: lower-case letters only, so nothing to escape. */
type Word = BattleHit['by'] | BattleHit['kind'] | BattleTurnProcessedPayload['current_round'][Round];
type Round = 'result' | 'user_action' | 'opponent_action';

function word(value: Word): string {
  return `"${value}"`;
}

function hitJson(hit: BattleHit): string {
  return (
    `{"by":${word(hit.by)},"kind":${word(hit.kind)},"damage":${num(hit.damage)},"combo":${num(hit.combo)}` +
    `,"multiplier":${num(hit.multiplier)},"value":${num(hit.value)}` +
    `,"target_id":${hit.target_id === null ? 'null' : num(hit.target_id)},"super_attack":${hit.super_attack}}`
  );
}

function hitsJson(hits: readonly BattleHit[]): string {
  return `[${hits.map(hitJson).join(',')}]`;
}

function sideStatsJson(stats: BattleSideStats): string {
  return (
    `{"name":${text(stats.name)},"level":${num(stats.level)},"current_health":${num(stats.current_health)}` +
    `,"initial_health":${num(stats.initial_health)},"power":${num(stats.power)}` +
    `,"defense":${num(stats.defense)},"speed":${num(stats.speed)}}`
  );
}

export function pvpHealthUpdateJson(update: PvpHealthUpdatePayload): string {
  const json =
    `{"battle_id":${text(update.battle_id)},"your_health":${num(update.your_health)}` +
    `,"opponent_health":${num(update.opponent_health)},"your_taps":${num(update.your_taps)}` +
    `,"opponent_taps":${num(update.opponent_taps)},"your_max_health":${num(update.your_max_health)}` +
    `,"opponent_max_health":${num(update.opponent_max_health)},"hit":${hitJson(update.hit)}`;
  return update.earlier_hits === undefined
    ? `${json}}`
    : `${json},"earlier_hits":${hitsJson(update.earlier_hits)}}`;
}

export function turnProcessedJson(turn: BattleTurnProcessedPayload): string {
  const round = turn.current_round;
  const json =
    `{"battle_id":${text(turn.battle_id)},"user_stats":${sideStatsJson(turn.user_stats)}` +
    `,"opponent_stats":${sideStatsJson(turn.opponent_stats)},"round_number":${num(turn.round_number)}` +
    `,"current_round":{"result":${word(round.result)},"user_action":${word(round.user_action)}` +
    `,"opponent_action":${word(round.opponent_action)},"user_damage_dealt":${num(round.user_damage_dealt)}` +
    `,"opponent_damage_dealt":${num(round.opponent_damage_dealt)}},"hit":${hitJson(turn.hit)}`;
  return turn.earlier_hits === undefined
    ? `${json}}`
    : `${json},"earlier_hits":${hitsJson(turn.earlier_hits)}}`;
}
