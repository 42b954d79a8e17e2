/**
 * The operator's ban and unban (decisions: D-BAN-1), documented in the README:
 *
 *   npm run ban -- <telegram id> "reason"
 *   npm run unban -- <telegram id>
 *
 * With DATABASE_URL the change is written to PostgreSQL directly; every running server process
 * polls ban_events and closes the player's sockets within a second. On the embedded database the
 * running server holds the data folder, so the command asks it (POST /admin/ban with ADMIN_TOKEN,
 * at TITANS_URL or http://127.0.0.1:$PORT), which applies the ban at once; with no server running
 * it opens the data folder itself.
 */
import { BanService } from '../../apps/server/src/bans/ban-service.ts';
import { ConfigError, loadConfig } from '../../apps/server/src/config/config.ts';
import { systemClock, systemScheduler } from '../../apps/server/src/core/clock.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';

function usage(): never {
  console.error('usage: npm run ban -- <telegram id> "reason"\n       npm run unban -- <telegram id>');
  process.exit(2);
}

const [mode, id, ...reasonParts] = process.argv.slice(2);
if ((mode !== 'ban' && mode !== 'unban') || !id || !/^\d{1,20}$/.test(id)) usage();
const banned = mode === 'ban';
const reason = reasonParts.join(' ').trim() || null;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = {
  info: () => {},
  warn: () => {},
  error: (object: unknown, message: string) => console.error(message, object),
} as never;

async function direct(): Promise<number> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const bans = new BanService({
      database,
      logger,
      apply: () => {},
      scheduler: systemScheduler(systemClock),
    });
    const change = await bans.set(id!, banned, reason);
    if (!change.ok) {
      console.error(`No account with Telegram id ${id}`);
      return 1;
    }
    console.log(
      `${banned ? 'Banned' : 'Unbanned'} ${id}${reason && banned ? ` (${reason})` : ''}: ` +
        (config.databaseUrl
          ? 'running servers apply it to open sockets within a second.'
          : 'written to the data folder (no server was running).'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function viaServer(): Promise<number | null> {
  const url = process.env.TITANS_URL ?? `http://127.0.0.1:${config.port}`;
  let response: Response;
  try {
    response = await fetch(`${url}/admin/${mode}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.adminToken ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify(banned && reason ? { telegram_user_id: id, reason } : { telegram_user_id: id }),
    });
  } catch {
    return null; // nothing listens: no server is running
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.status === 404 && !config.adminToken) {
    console.error('The running server holds the data folder: set ADMIN_TOKEN for it and for this command.');
    return 1;
  }
  if (!response.ok) {
    console.error(`${response.status}: ${body.message ?? 'failed'}`);
    return 1;
  }
  console.log(`${body.message} ${id}: applied to open sockets now.`);
  return 0;
}

const code = config.databaseUrl ? await direct() : ((await viaServer()) ?? (await direct()));
process.exit(code);
