import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';

/**
 * The server's layers, checked by `npm run lint` with dependency-cruiser (docs/architecture.md,
 * "Layers"). A folder is the first path segment under apps/server/src; files directly in it
 * (server.ts, app.ts) are the entry. Two checks, both with a ceiling of 0:
 *
 *   - no run-time import cycle between folders (type-only imports vanish at run time and are
 *     left out: a type may point back up, a value may not);
 *   - core imports nothing of the server; db, cluster, money, ledger, realtime and config import
 *     no game feature at run time (they get what they need from core, or it is handed to them
 *     by app/).
 *
 *   tsx scripts/layer-check.ts             exit 1 and list the offending imports if any
 */

export const SERVER_SRC = 'apps/server/src/';

/** The folders below the game features, and the only server folders they may import at run time. */
export const LOWER_LAYERS = ['core', 'config', 'db', 'cluster', 'money', 'ledger', 'realtime'] as const;
export const INFRASTRUCTURE = [...LOWER_LAYERS, 'platform', 'http', 'hardening', 'auth', 'metrics'] as const;

const folderGroup = (names: readonly string[]) => `^${SERVER_SRC}(${names.join('|')})/`;

export const RULES: IFlattenedRuleSet = {
  forbidden: [
    {
      name: 'core-imports-no-server-code',
      comment: 'core holds what every layer shares; it imports only packages/shared and libraries.',
      severity: 'error',
      from: { path: `^${SERVER_SRC}core/` },
      to: { path: `^${SERVER_SRC}`, pathNot: `^${SERVER_SRC}core/` },
    },
    {
      name: 'lower-layers-import-no-feature',
      comment:
        'db, cluster, money, ledger, realtime and config never import a game feature at run time: ' +
        'put the shared piece in core or let app/ hand it in.',
      severity: 'error',
      from: { path: folderGroup(LOWER_LAYERS) },
      to: {
        path: `^${SERVER_SRC}[^/]+/`,
        pathNot: folderGroup(INFRASTRUCTURE),
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
};

/** The folder of a server file, `(entry)` for files directly in src, null outside the server. */
export function folderOf(file: string): string | null {
  if (!file.startsWith(SERVER_SRC)) return null;
  const rest = file.slice(SERVER_SRC.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? '(entry)' : rest.slice(0, slash);
}

export interface FolderEdge {
  from: string;
  to: string;
  /** The file-level imports behind the edge, `a.ts -> b.ts`. */
  imports: string[];
}

/** Run-time imports between different server folders, one edge per pair of folders. */
export function runtimeFolderEdges(result: ICruiseResult): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const module of result.modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      if (dependency.dependencyTypes.some((type) => type === 'type-only' || type === 'type-import')) continue;
      const key = `${from}>${to}`;
      const edge = edges.get(key) ?? { from, to, imports: [] };
      edge.imports.push(
        `${module.source.slice(SERVER_SRC.length)} -> ${dependency.resolved.slice(SERVER_SRC.length)}`,
      );
      edges.set(key, edge);
    }
  }
  return [...edges.values()];
}

/** The groups of folders that import each other in a ring (strongly connected, two or more). */
export function folderCycles(edges: readonly FolderEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (folder: string): void => {
    index.set(folder, counter);
    low.set(folder, counter);
    counter++;
    stack.push(folder);
    onStack.add(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(folder, Math.min(low.get(folder) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const folder of [...next.keys()].sort()) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** The check's findings as lines; empty when the layers hold. */
export function findings(result: ICruiseResult): string[] {
  const out: string[] = [];
  for (const violation of result.summary.violations)
    out.push(`${violation.rule.name}: ${violation.from} -> ${violation.to}`);
  const edges = runtimeFolderEdges(result);
  for (const cycle of folderCycles(edges)) {
    out.push(`run-time import cycle between folders: ${cycle.join(', ')}`);
    const members = new Set(cycle);
    for (const edge of edges)
      if (members.has(edge.from) && members.has(edge.to))
        for (const line of edge.imports) out.push(`    ${line}`);
  }
  return out;
}

export async function check(root: string): Promise<ICruiseResult> {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const { output } = await cruise([SERVER_SRC], {
      validate: true,
      ruleSet: RULES,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules|^packages/' },
      exclude: { path: '\\.test\\.ts$' },
    });
    if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
    return output;
  } finally {
    process.chdir(previous);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await check(path.resolve(import.meta.dirname, '..'));
  const lines = findings(result);
  const folders = new Set(result.modules.map((module) => folderOf(module.source)).filter(Boolean)).size;
  if (lines.length === 0) {
    console.log(`Layers: ${folders} server folders, no run-time cycle, no lower layer importing a feature.`);
  } else {
    console.error(`Layer check failed (ceiling 0; docs/architecture.md "Layers"):\n${lines.join('\n')}`);
    process.exitCode = 1;
  }
}
