/**
 * How the server process is started: by `npm run serve` (package.json, checked against this by
 * test/server-launch.test.ts), the benches, the soak and the tests that run the real server.
 *
 * `--max-semi-space-size=64`: V8's young generation may grow to 64 MB per half instead of 16. A
 * loaded server allocates tens of megabytes a second (socket packets, replies, rows), and with the
 * default every scavenge finds more of it still alive and copies it (the gain, measured with
 * alternating runs, is in docs/benchmarks.md; decisions: D-PERF-2).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** Node's arguments for the server, from the repository root: its flags, tsx, then the entry. */
export const SERVER_NODE_ARGS: readonly string[] = [
  ...SERVER_NODE_FLAGS,
  '--import',
  'tsx',
  'apps/server/src/server.ts',
];
