import { describe, expect, it } from 'vitest';
import { type FolderEdge, folderCycles, folderOf } from '../../../scripts/layer-check.ts';

// The layer check run by `npm run lint` (scripts/layer-check.ts): its own folder logic; the
// import rules are dependency-cruiser's.

const edge = (from: string, to: string): FolderEdge => ({
  from,
  to,
  imports: [`${from}/a.ts -> ${to}/b.ts`],
});

describe('layer check', () => {
  it('names a file by the first folder under apps/server/src', () => {
    expect(folderOf('apps/server/src/money/balance-gateway.ts')).toBe('money');
    expect(folderOf('apps/server/src/platform/socket.io/x.ts')).toBe('platform');
    expect(folderOf('apps/server/src/server.ts')).toBe('(entry)');
    expect(folderOf('packages/shared/src/constants.ts')).toBeNull();
  });

  it('finds every ring of folders, and none in a layered graph', () => {
    expect(folderCycles([edge('taps', 'core'), edge('money', 'core'), edge('money', 'ledger')])).toEqual([]);
    const rings = folderCycles([
      edge('money', 'taps'),
      edge('taps', 'cluster'),
      edge('cluster', 'money'),
      edge('http', 'auth'),
      edge('auth', 'http'),
      edge('app', 'money'),
    ]);
    expect(rings).toEqual(
      expect.arrayContaining([
        ['cluster', 'money', 'taps'],
        ['auth', 'http'],
      ]),
    );
    expect(rings).toHaveLength(2);
  });
});
