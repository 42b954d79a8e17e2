/**
 * Values that a lower layer needs from a feature: kept here so that the lower layer does not import
 * the feature (the cluster schedules the Arena's sweeper; the socket server names a socket's own
 * tap client).
 */

/** How often the cluster's sweeper looks for dead hosts and queues (D-CLUSTER-18). */
export const ARENA_SWEEP_MS = 2_000;

/** Client ids with this prefix belong to one socket and are never persisted. */
export const EPHEMERAL_CLIENT = 'socket:';
