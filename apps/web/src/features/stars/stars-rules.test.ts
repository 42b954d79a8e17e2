import { describe, expect, it } from 'vitest';
import { matchesPackageSearch } from './package-search.tsx';
import { shortHash } from './purchase-result-dialogs.tsx';
import { transactionCurrencyText, transactionStatusText } from './transaction-list.tsx';

describe('Stars screen rules', () => {
  const pkg = { name: 'Hoard of Stars', description: "A dragon's hoard of Stars at 20% off" };

  it('package search is case-insensitive on name or description', () => {
    expect(matchesPackageSearch(pkg, 'HOARD')).toBe(true);
    expect(matchesPackageSearch(pkg, 'dragon')).toBe(true);
    expect(matchesPackageSearch(pkg, '  ')).toBe(true);
    expect(matchesPackageSearch(pkg, 'vault')).toBe(false);
  });

  it('a hash longer than 13 characters shows its first 6 and last 6', () => {
    expect(shortHash('abcdefghijklm')).toBe('abcdefghijklm');
    expect(shortHash('abcdef1234567890uvwxyz')).toBe('abcdef...uvwxyz');
  });

  it("a transaction's status and currency read from the catalogue, not the server's codes", () => {
    expect(transactionStatusText('completed')).toBe('Completed');
    expect(transactionStatusText('not credited')).toBe('Not credited');
    expect(transactionStatusText('refunded')).toBe('Refunded');
    expect(transactionStatusText('held')).toBe('held');
    expect(transactionCurrencyText('XTR')).toBe('Telegram Stars');
    expect(transactionCurrencyText('gems')).toBe('Stars');
    expect(transactionCurrencyText('coins')).toBe('Coins');
    expect(transactionCurrencyText('TON')).toBe('TON');
  });
});
