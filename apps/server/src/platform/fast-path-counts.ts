/**
 * How many times each fast path behind the fence was taken in this process. The contract test
 * (test/platform-contract.test.ts) reads them to tell that a path is still taken on the pinned
 * versions: a path that silently falls back to the stock one leaves its count at 0.
 */
export const fastPathCounts = {
  /** A socket.io packet taken from engine.io ahead of socket.io's decoder (socket.io/direct-events.ts). */
  directPacket: 0,
  /** A frame written straight to ws's frame writer (ws/write-frame.ts). */
  frameWritten: 0,
  /** A frame queued in engine.io as a pre-encoded frame (engine.io/send-packet-text.ts). */
  preEncodedFrame: 0,
  /** A socket payload accepted by a check read off its zod schema (zod/quick-check.ts). */
  quickCheck: 0,
  /** A PGlite statement run as a prepared statement in one call (pglite/prepared-statements.ts). */
  preparedStatement: 0,
  /** A push published to other processes as the Redis adapter's own broadcast (redis-adapter/broadcast.ts). */
  adapterBroadcast: 0,
};

export type FastPath = keyof typeof fastPathCounts;
