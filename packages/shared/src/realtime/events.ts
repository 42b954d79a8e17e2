import type {
  ErrorPayload,
  InitUserPayload,
  StatusPayload,
  TapPayload,
  TapRegisteredPayload,
} from '../taps/schemas.ts';

/** Socket.io event names. The spec's names are kept; the ones it left unnamed are chosen here once. */
export const CLIENT_EVENTS = {
  initUser: 'initUser',
  tap: 'tap',
} as const;

export const SERVER_EVENTS = {
  tapRegistered: 'tapRegistered',
  statusUpdated: 'statusUpdated',
  energyUpdated: 'energyUpdated',
  coinsUpdated: 'coinsUpdated',
  error: 'error',
} as const;

/** The socket handshake's `auth`: signed init data and a per-page-load client id for tap batches. */
export interface HandshakeAuth {
  initData: string;
  clientId?: string;
}

export interface ClientToServerEvents {
  initUser(payload: InitUserPayload): void;
  tap(payload: TapPayload): void;
}

export interface ServerToClientEvents {
  tapRegistered(payload: TapRegisteredPayload): void;
  statusUpdated(payload: StatusPayload): void;
  energyUpdated(payload: StatusPayload): void;
  coinsUpdated(payload: StatusPayload): void;
  error(payload: ErrorPayload): void;
}
