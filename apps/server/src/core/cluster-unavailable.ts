import { NodeUnreachableError } from './errors.ts';

/** What ioredis says when a command could not reach Redis or got no answer in time. */
const UNREACHABLE_MESSAGES = [
  'Command timed out',
  'Connection is closed.',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  'connect ECONNREFUSED',
  'connect ETIMEDOUT',
];
/** Redis answering that it cannot serve now (loading, busy with a script, read-only replica, paused). */
const BUSY_REPLIES = /^(LOADING|BUSY|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/**
 * Whether an error means the cluster's coordination (Redis, or another process over the NodeBus)
 * is unavailable right now rather than a fault in the code (rules: CR5; decisions: D-CLUSTER-25):
 * the socket dispatcher answers those `server/unavailable` with a warning.
 */
export function isClusterUnavailable(error: unknown): boolean {
  if (error instanceof NodeUnreachableError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (error.name === 'ReplyError') return BUSY_REPLIES.test(error.message);
  return UNREACHABLE_MESSAGES.some((message) => error.message.startsWith(message));
}
