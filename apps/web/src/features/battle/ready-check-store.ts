import type { MatchFoundPayload } from '@titans/shared/battle/schemas';
import { create } from 'zustand';
import { t } from '../../lib/i18n/i18n.ts';
import { type BattleMessage, onBattleMessage } from '../../lib/realtime/battle-channel.ts';
import { acceptMatch, declineMatch } from './api/battle-commands.ts';

/*
 * The PvP ready check on this device (F51, D-BATTLE-21): the match found and its countdown, then
 * why it started no battle. A store of its own, apart from the Arena's, so the app shell can show
 * it on any screen without loading the Arena.
 */

export interface ReadyCheckState {
  /** The match waiting for this player's answer; `deadline` in this device's ms. */
  check: {
    matchId: string;
    deadline: number;
    /** The check's whole time, ms (the countdown bar's 100 %). */
    total: number;
    opponent: MatchFoundPayload['opponent'];
    accepted: boolean;
  } | null;
  /** Why the last check started no battle (both players read why: F52, F53), until dismissed. */
  ended: { matchId: string | null; message: string; requeued: boolean } | null;
}

export type ReadyCheckEvent =
  | BattleMessage
  | { event: 'accept' }
  | { event: 'decline' }
  | { event: 'dismiss' };

/** The connection dropped during the check: the server took it as a departure (F50). */
export const CONNECTION_LOST_TEXT = () => t('readyCheckStore.theConnectionDroppedSo');

export function initialReadyCheck(): ReadyCheckState {
  return { check: null, ended: null };
}

/** One step of the ready check, pure: `now` is the device's time. */
export function readyCheckReducer(
  state: ReadyCheckState,
  event: ReadyCheckEvent,
  now: number,
): ReadyCheckState {
  switch (event.event) {
    case 'matchFound': {
      const { match_id, deadline, server_now, opponent } = event.payload;
      return {
        check: {
          matchId: match_id,
          deadline: now + (deadline - server_now),
          total: deadline - server_now,
          opponent,
          accepted: false,
        },
        ended: null,
      };
    }
    case 'matchCancelled': {
      const { match_id, message, requeued } = event.payload;
      const check = state.check?.matchId === match_id ? null : state.check;
      return { check, ended: { matchId: match_id, message, requeued } };
    }
    case 'battleStarted':
      return initialReadyCheck();
    case 'connect':
      // Back from a dropped connection: a check shown before it was called off by the server.
      return state.check
        ? { check: null, ended: { matchId: null, message: CONNECTION_LOST_TEXT(), requeued: false } }
        : state;
    case 'accept':
      return state.check ? { ...state, check: { ...state.check, accepted: true } } : state;
    case 'decline':
      return { ...state, check: null };
    case 'dismiss':
      return { ...state, ended: null };
    default:
      return state;
  }
}

export const useReadyCheck = create<ReadyCheckState>(() => initialReadyCheck());

function dispatch(event: ReadyCheckEvent) {
  useReadyCheck.setState(readyCheckReducer(useReadyCheck.getState(), event, Date.now()), true);
}

let subscribed = false;

/** Starts listening to the socket's ready checks (once per page; the app shell calls it). */
export function subscribeReadyCheck() {
  if (subscribed) return;
  subscribed = true;
  onBattleMessage(dispatch);
}

/** Accept: the battle starts once the opponent accepts too; nothing is taken before (F51). */
export function acceptReadyCheck() {
  const { check } = useReadyCheck.getState();
  if (!check || check.accepted) return;
  if (acceptMatch(check.matchId)) dispatch({ event: 'accept' });
}

/** Decline: no battle, nothing paid; the server says so with `matchCancelled` (F52). */
export function declineReadyCheck() {
  const { check } = useReadyCheck.getState();
  if (!check) return;
  declineMatch(check.matchId);
  dispatch({ event: 'decline' });
}

export function dismissReadyCheckNotice() {
  dispatch({ event: 'dismiss' });
}
