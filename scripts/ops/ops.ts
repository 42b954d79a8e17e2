/**
 * `npm run ops -- <command>`: the operator's command line (docs/operations.md). It talks to the
 * running server's admin API at TITANS_URL (or http://127.0.0.1:$PORT) with ADMIN_TOKEN, both
 * read like the server reads them; OPS_ACTOR (or --actor, or the login name) is recorded as who acted.
 * `--help`, `-h`, `help` or no command print the usage without either.
 */
import os from 'node:os';
import { ConfigError, loadConfig } from '../../apps/server/src/config/config.ts';
import { asksForUsage, runOps, USAGE } from './ops-commands.ts';

// Help needs no server and no token (OPS8).
const usage = asksForUsage(process.argv.slice(2));
if (usage) {
  (usage.exitCode === 0 ? console.log : console.error)(USAGE);
  process.exit(usage.exitCode);
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
if (!config.adminToken) {
  console.error("Set ADMIN_TOKEN to the running server's: every operator command needs it.");
  process.exit(1);
}
const code = await runOps(process.argv.slice(2), {
  url: (process.env.TITANS_URL ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, ''),
  token: config.adminToken,
  actor: process.env.OPS_ACTOR || os.userInfo().username || 'operator',
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
