/**
 * Player-id routing (decisions: D-CLUSTER-12). A load balancer in front of several server
 * processes hashes on the player's Telegram id, so each player keeps reaching one process. The
 * Mini App sends the id on every REST call (header) and in the socket handshake (query parameter,
 * as browsers cannot set headers on a WebSocket); the server refuses an id that is not the
 * verified caller's, so nobody can steer another player's traffic.
 */
export const PLAYER_ROUTE_HEADER = 'x-titans-player';
export const PLAYER_ROUTE_QUERY = 'player';

/** The Telegram user id in raw init data (`user={"id":…}`), as text; undefined when absent or malformed. */
export function playerRouteOf(rawInitData: string | null | undefined): string | undefined {
  if (!rawInitData) return undefined;
  try {
    const field = rawInitData.split('&').find((pair) => pair.startsWith('user='));
    if (!field) return undefined;
    const user = decodeURIComponent(field.slice('user='.length).replace(/\+/g, ' '));
    const parsed: unknown = JSON.parse(user);
    const id = typeof parsed === 'object' && parsed !== null && 'id' in parsed ? parsed.id : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
