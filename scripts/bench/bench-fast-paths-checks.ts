/**
 * The checks of bench-fast-paths after each window, as bench-taps makes them: while the server
 * runs, every tap answered and confirmed durable, coins pushed = coins stored = the player's start +
 * what the replies accepted, and the server's own counts the same; after it stopped, the ledger and
 * total_taps grown by exactly that, and each purchaser's coins, ledger and levels as answered.
 */
import type { BenchDatabase, LedgerTotals } from './bench-database.ts';
import { readBalances } from './bench-users.ts';
import type { PurchaseDriver } from './purchase-driver.ts';
import type { ServerChild } from './server-child.ts';
import type { ClientIdentity, TapHarness } from './tap-harness.ts';

/** Coins each purchaser starts with: more than every upgrade level costs (D-BOOST-1). */
export const PURCHASER_FUNDS = 5_000_000;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** What the window's replies accepted, to be found in the ledger after the server stopped. */
export interface Tally {
  coins: number;
  taps: number;
}

/** While the server runs: every reply confirmed durable, coins pushed = stored = start + accepted. */
export async function checkTaps(
  server: ServerChild,
  harness: TapHarness,
  tappers: ClientIdentity[],
  startCoins: number[],
  tally: Tally,
  problems: string[],
) {
  const clients = harness.clients;
  const settled = await harness.waitFor(clients, 15_000, true);
  if (settled.unreplied > 0 || settled.unconfirmed > 0)
    problems.push(
      `${settled.unreplied} tap events unanswered, ${settled.unconfirmed} batches not durable after 15 s`,
    );
  tally.coins = sum(clients.map((client) => client.valueSum));
  tally.taps = sum(clients.map((client) => client.acceptedSum));
  const expected = clients.map((client, i) => (startCoins[i] ?? 0) + client.valueSum);
  const pushedWrong = clients.filter((client, i) => client.coins !== expected[i]).length;
  if (pushedWrong > 0) problems.push(`${pushedWrong} players' coinsUpdated ≠ their start + accepted value`);
  const stored = await readBalances(server.url, tappers);
  const storedWrong = stored.filter((balance, i) => balance.coins !== expected[i]).length;
  if (storedWrong > 0)
    problems.push(`${storedWrong} players' GET /v1/user coins ≠ their start + accepted value`);
  const counted = (await server.metrics()).taps;
  if (counted.coinsAccepted !== tally.coins || counted.tapsAccepted !== tally.taps)
    problems.push(
      `server counted ${counted.tapsAccepted} taps / ${counted.coinsAccepted} coins, replies carried ${tally.taps} / ${tally.coins}`,
    );
  if ((counted.flushFailures ?? 0) > 0) problems.push(`${counted.flushFailures} flush failures`);
  if (harness.serverErrors > 0 || harness.disconnects > 0)
    problems.push(
      `${harness.serverErrors} socket errors, ${harness.disconnects} disconnects: ${harness.problems.slice(0, 2).join('; ')}`,
    );
}

/** After the server stopped: the ledger grew by what was accepted; each purchaser's coins, ledger and levels agree. */
export async function checkLedger(
  db: BenchDatabase,
  before: LedgerTotals,
  tally: Tally,
  driver: PurchaseDriver | null,
  problems: string[],
) {
  const after = await db.totals();
  if (after.ledgerTapCoins - before.ledgerTapCoins !== tally.coins)
    problems.push(
      `ledger tap coins grew by ${after.ledgerTapCoins - before.ledgerTapCoins}, replies accepted ${tally.coins}`,
    );
  if (after.totalTaps - before.totalTaps !== tally.taps)
    problems.push(`total_taps grew by ${after.totalTaps - before.totalTaps}, replies accepted ${tally.taps}`);
  if (!driver) return after;
  const balances = await db.balances(driver.players.map((player) => player.telegramId));
  const wrong = driver.players.filter((player) => {
    const stored = balances.get(player.telegramId);
    const bought = Object.values(driver.bought.get(player.telegramId) ?? {});
    const left = PURCHASER_FUNDS - driver.spentBy(player.telegramId);
    return (
      !stored ||
      stored.coins !== left ||
      stored.ledger !== left ||
      stored.levels.some((level, i) => level !== bought[i])
    );
  });
  if (wrong.length > 0)
    problems.push(`${wrong.length} purchasers' coins, ledger or levels ≠ what their answers said`);
  const stats = driver.stats();
  if (stats.failures > 0)
    problems.push(`${stats.failures} REST failures: ${stats.failureSamples.join(' | ')}`);
  return after;
}
