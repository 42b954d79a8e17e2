import { describe, expect, it } from 'vitest';
import { matchesPackageSearch } from './package-search.tsx';
import { shortHash } from './purchase-result-dialogs.tsx';

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
});
