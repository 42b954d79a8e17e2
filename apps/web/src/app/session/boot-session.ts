import type { QueryClient } from '@tanstack/react-query';
import { deferSchemaLoads } from '../../lib/lazy-schema.ts';
import { connectedOrAfter } from '../../lib/realtime/connection-store.ts';
import { takeEarlySocket } from '../../lib/realtime/early-socket.ts';
import { getLaunchContext } from '../../lib/telegram/launch-context.ts';
import { startEarlyPlayerSession } from './use-realtime-session.ts';
import { seedSavedUser, sessionQueryOptions } from './use-session.ts';

/** How long, at most, a player known on the device lets the socket go before zod (D-WEB-44). */
const SOCKET_FIRST_MS = 1_000;

/**
 * Starts, before the first render, the two round trips the first screen waits for: registration
 * (POST /user/register) and the socket's handshake. On a slow phone network each is over half a
 * second; started here they overlap with the fonts, the script's evaluation and the first render
 * instead of following them. The app's hooks (useSession, useRealtimeSession) take over what is
 * in flight. Runs after initApp (the launch data) and after the referral code is captured.
 * Returns the registration when the first screen waits for it (no account saved on this device),
 * settled either way; null when Home can show from the saved account.
 */
export function bootSession(queryClient: QueryClient): Promise<void> | null {
  const { player } = getLaunchContext();
  if (!player) {
    // Nobody to play: a socket opened first thing (early-socket.ts) is not needed.
    takeEarlySocket()?.disconnect();
    return null;
  }
  const knownOnDevice = seedSavedUser(queryClient, player);
  // Home shows from the saved account at once; zod, which the answers of its first calls need,
  // is evaluated once the socket has connected, not between its handshake's frames (D-WEB-44).
  if (knownOnDevice) deferSchemaLoads(connectedOrAfter(SOCKET_FIRST_MS));
  const registration = sessionQueryOptions(queryClient, player, knownOnDevice);
  const registered = queryClient.prefetchQuery(registration);
  // The socket announces the player once registration has answered (a new account exists only
  // then); a failed registration is asked again at the next connect.
  startEarlyPlayerSession(queryClient, player.id, () => queryClient.fetchQuery(registration));
  return knownOnDevice ? null : registered;
}
