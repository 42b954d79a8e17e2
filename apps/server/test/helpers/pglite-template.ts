import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
const require = createRequire(import.meta.url);

/**
 * Gives a new data folder a migrated PGlite database, copied from a template, before a test server
 * opens it. Creating a PGlite database (its initdb) costs 3–8 s of CPU on the 2-core CI machine and
 * the suites start about sixty servers; a copy of the 40 MB folder and opening it cost about 1.5 s.
 * The template is made once per machine and migration set, by the app's own `openDatabase` on an
 * empty folder (initdb and every migration, as `npm start` does on a fresh machine), then moved
 * into place in one rename, so test processes racing to make it never see half of one. The server
 * still runs its migrations on the copy: none are left to apply.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pglite');
  if (fs.existsSync(target)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(await pgliteTemplate(), target, { recursive: true });
}

/** The app's own PGlite database in a fresh seeded temp folder; `close` removes the folder too. */
export async function openTestPglite(
  prefix: string,
): Promise<{ database: Database; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await seedPgliteDataDir(dir);
  // FAST_PATHS=off in the test run's stock pass, as the app would read it.
  const { fastPaths } = loadConfig({ TELEGRAM_BOT_TOKEN: '1:template', FAST_PATHS: process.env.FAST_PATHS });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, poolSize: 1, fastPaths });
  return {
    database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let template: Promise<string> | null = null;

function pgliteTemplate(): Promise<string> {
  template ??= makeTemplate().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

async function makeTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `titans-pglite-template-${fingerprint()}`);
  if (isDataFolder(dir)) return dir;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'titans-pglite-template-build-'));
  try {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: scratch, poolSize: 1 });
    await database.close();
    try {
      fs.renameSync(path.join(scratch, 'pglite'), dir);
    } catch (error) {
      // Another test process put its template there first.
      if (!isDataFolder(dir)) throw error;
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}

const isDataFolder = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** The installed PGlite's version (its package.json is not exported: found from its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name, version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    dir = path.dirname(dir);
  }
  throw new Error('cannot find the installed @electric-sql/pglite version');
}

/** The migrations and the PGlite version the template was made with (the PostgreSQL template's name too). */
export function fingerprint(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}
