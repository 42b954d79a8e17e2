import type { z } from 'zod';
import {
  acceptMatchPayloadSchema,
  battleActionPayloadSchema,
  battleActivePayloadSchema,
  battleAutoResolvePayloadSchema,
  battleCompletedPayloadSchema,
  battleEventPayloadSchema,
  battleStartedPayloadSchema,
  battleTurnProcessedPayloadSchema,
  cancelMatchmakingPayloadSchema,
  declineMatchPayloadSchema,
  findMatchPayloadSchema,
  forfeitBattlePayloadSchema,
  matchCancelledPayloadSchema,
  matchFoundPayloadSchema,
  matchmakingCancelledPayloadSchema,
  matchmakingPayloadSchema,
  pvpBattleResultPayloadSchema,
  pvpHealthUpdatePayloadSchema,
  pvpTapPayloadSchema,
  rejoinBattlePayloadSchema,
  skipIntroPayloadSchema,
  waitingForOpponentPayloadSchema,
} from '../battle/schemas.ts';
import { referralJoinedPayloadSchema } from '../referrals/schemas.ts';
import { offerRematchPayloadSchema } from '../reminders/schemas.ts';
import {
  errorPayloadSchema,
  initUserPayloadSchema,
  statusPayloadSchema,
  tapPayloadSchema,
  tapRegisteredPayloadSchema,
} from '../taps/schemas.ts';

/**
 * Socket.io events, client to server: the one record of every event the server accepts and the
 * schema its payload must pass. The server's dispatcher validates each message with it; the
 * typed event map below is derived from it. The spec's names are kept; the ones it left unnamed
 * are chosen here once (docs/decisions.md D-SOCKET-1).
 */
export const CLIENT_EVENT_SCHEMAS = {
  initUser: initUserPayloadSchema,
  tap: tapPayloadSchema,
  // Arena (decisions D-BATTLE-9)
  findMatch: findMatchPayloadSchema,
  cancelMatchmaking: cancelMatchmakingPayloadSchema,
  // The ready check before a PvP stake (F51, D-BATTLE-21)
  acceptMatch: acceptMatchPayloadSchema,
  declineMatch: declineMatchPayloadSchema,
  battleAction: battleActionPayloadSchema,
  pvpTap: pvpTapPayloadSchema,
  rejoinBattle: rejoinBattlePayloadSchema,
  forfeitBattle: forfeitBattlePayloadSchema,
  skipIntro: skipIntroPayloadSchema,
  // Bot reminders: a PvP fighter pressed Rematch (BR13)
  offerRematch: offerRematchPayloadSchema,
} as const;

/** Socket.io events, server to client, with the schema of each payload. */
export const SERVER_EVENT_SCHEMAS = {
  tapRegistered: tapRegisteredPayloadSchema,
  statusUpdated: statusPayloadSchema,
  energyUpdated: statusPayloadSchema,
  coinsUpdated: statusPayloadSchema,
  error: errorPayloadSchema,
  referralJoined: referralJoinedPayloadSchema,
  // Arena (decisions D-BATTLE-9)
  matchmakingStarted: matchmakingPayloadSchema,
  matchmakingUpdate: matchmakingPayloadSchema,
  matchmakingCancelled: matchmakingCancelledPayloadSchema,
  matchFound: matchFoundPayloadSchema,
  matchCancelled: matchCancelledPayloadSchema,
  battleStarted: battleStartedPayloadSchema,
  battleTurnProcessed: battleTurnProcessedPayloadSchema,
  pvpHealthUpdate: pvpHealthUpdatePayloadSchema,
  battleEvent: battleEventPayloadSchema,
  battleCompleted: battleCompletedPayloadSchema,
  pvpBattleResult: pvpBattleResultPayloadSchema,
  waitingForOpponent: waitingForOpponentPayloadSchema,
  battleAutoResolve: battleAutoResolvePayloadSchema,
  battleActive: battleActivePayloadSchema,
} as const;

export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;
export type ServerEventName = keyof typeof SERVER_EVENT_SCHEMAS;
export type ClientPayload<E extends ClientEventName> = z.infer<(typeof CLIENT_EVENT_SCHEMAS)[E]>;
export type ServerPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENT_SCHEMAS)[E]>;

/** The socket handshake's `auth`: signed init data and a per-page-load client id for tap batches. */
export interface HandshakeAuth {
  initData: string;
  clientId?: string;
}

/** Every client event may carry an acknowledgement callback; the server answers it with the event's reply. */
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientPayload<E>, ack?: (reply: unknown) => void) => void;
};

export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: ServerPayload<E>) => void;
};
