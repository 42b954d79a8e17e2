import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:titans-i18n/';
const RESOLVED = `\0${PREFIX}`;
/** A message id as it appears in source: a quoted literal such as 'profile.title'. */
const KEY_LITERAL = /(['"`])([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+)\1/g;

type Catalogue = Record<string, string>;

export function readCatalogue(localesDir: string, language: string): Catalogue {
  const file = join(localesDir, `${language}.json`);
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${file}: not an object`);
  const catalogue: Catalogue = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') catalogue[key] = value;
  return catalogue;
}

/** The message ids a module's source names (every literal that is an English message's id). */
export function messageKeysIn(source: string, english: Catalogue): string[] {
  const keys = new Set<string>();
  for (const match of source.matchAll(KEY_LITERAL)) {
    const key = match[2];
    if (key !== undefined && key in english) keys.add(key);
  }
  return [...keys].sort();
}

/**
 * The catalogues, compiled at build time with messageformat (ICU MessageFormat) into functions:
 * no parser ships. English: each source module that names message ids imports a generated module
 * with just those messages, so they travel in that module's chunk. Another language: one chunk
 * with all of its messages (those English has), imported when a player reads it (lib/i18n).
 */
export function i18nMessages(): Plugin {
  let root = '';
  let localesDir = '';
  const keySets = new Map<string, string[]>();
  const english = () => readCatalogue(localesDir, 'en');
  return {
    name: 'titans:i18n-messages',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      localesDir = join(root, 'src/locales');
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      const source = english();
      this.addWatchFile(join(localesDir, 'en.json'));
      if (name.startsWith('en/')) {
        const keys = keySets.get(name.slice(3)) ?? [];
        const messages = Object.fromEntries(keys.map((key) => [key, source[key] ?? key]));
        const code = compileModule(new MessageFormat('en'), messages);
        const register = `import { addEnglishMessages } from ${JSON.stringify(join(root, 'src/lib/i18n/i18n.ts'))};`;
        return `${register}\n${code.replace('export default', 'addEnglishMessages(')});\n`;
      }
      if (!/^[a-z]{2,3}(?:-[A-Z]{2})?$/.test(name)) throw new Error(`No language ${name}`);
      this.addWatchFile(join(localesDir, `${name}.json`));
      const translated = readCatalogue(localesDir, name);
      const messages = Object.fromEntries(Object.entries(translated).filter(([key]) => key in source));
      return compileModule(new MessageFormat(name), messages);
    },
    transform(code, id) {
      if (!id.startsWith(join(root, 'src/')) || !/\.tsx?$/.test(id) || /\.test\.tsx?$/.test(id))
        return undefined;
      if (id.includes('/src/lib/i18n/')) return undefined;
      const keys = messageKeysIn(code, english());
      if (keys.length === 0) return undefined;
      const hash = createHash('sha256').update(keys.join('\n')).digest('hex').slice(0, 12);
      keySets.set(hash, keys);
      return { code: `import '${PREFIX}en/${hash}';\n${code}`, map: null };
    },
  };
}
