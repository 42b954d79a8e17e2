/**
 * The one row a statement that must return a row returned (an insert or update `returning`, a
 * read of a row the transaction holds). Its absence is a bug, not a player's error: it throws.
 */
export function returnedRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`expected a ${what} row, got none`);
  return row;
}
