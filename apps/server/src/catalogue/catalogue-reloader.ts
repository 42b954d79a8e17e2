import type { Clock } from '../core/clock.ts';
import type { Database, Tx } from '../db/database.ts';
import { type CatalogueLoad, loadCatalogue, readCatalogue } from './load-catalogue.ts';

export interface CatalogueReloaderDeps {
  database: Database;
  catalogueDir: string;
  /** The web app's public folder, where every picture the catalogue names must exist. */
  artDir: string | null;
  now: Clock;
}

/** A reload that changed the catalogue: entries per file and ids that left the shop. */
export interface CatalogueReload<T> extends CatalogueLoad {
  counts: Record<string, number>;
  /** What `within` answered (the operator's audit row). */
  value: T;
}

/**
 * C4: reloads catalogue/*.json on a running server (`npm run ops -- catalogue reload`). The files
 * are read and checked exactly as at start-up (readCatalogue) and written in one transaction
 * (loadCatalogue), so a bad file changes nothing and the CatalogueError lists why. Players see
 * the new rows at their next read: every shop, quest and battle read goes to the tables, and a
 * purchase reads its price inside its own balance change, so it pays the price it read (or, for
 * a row the reload took out of the shop, fails with `shop/not-for-sale`). Reloads run one at a time.
 */
export class CatalogueReloader {
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: CatalogueReloaderDeps) {}

  reload<T extends object>(within: (tx: Tx, load: CatalogueLoad) => Promise<T>): Promise<CatalogueReload<T>> {
    const run = this.last.then(
      () => this.run(within),
      () => this.run(within),
    );
    this.last = run.catch(() => {});
    return run;
  }

  private async run<T extends object>(
    within: (tx: Tx, load: CatalogueLoad) => Promise<T>,
  ): Promise<CatalogueReload<T>> {
    const { database, catalogueDir, artDir, now } = this.deps;
    const catalogue = await readCatalogue(catalogueDir, artDir);
    const answers: T[] = [];
    const load = await loadCatalogue(database, catalogue, {
      now: now(),
      within: async (tx, changed) => {
        answers.push(await within(tx, changed));
      },
    });
    const value = answers.pop();
    if (value === undefined) throw new Error('the catalogue reload did not run its last step');
    const counts = Object.fromEntries(Object.entries(catalogue).map(([name, rows]) => [name, rows.length]));
    return { ...load, counts, value };
  }
}
