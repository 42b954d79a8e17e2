import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@titans/shared/errors';
import { LANGUAGES } from '@titans/shared/i18n/languages';
import { messageKeysIn, readCatalogue } from '../apps/web/build/i18n-messages.ts';
import { CLIENT_ERROR_TEXTS } from '../apps/web/src/lib/api-error.ts';
import { errorMessageKey } from '../apps/web/src/lib/i18n/i18n.ts';

/**
 * The web app's catalogues (apps/web/src/locales/<language>.json, ICU MessageFormat in flat JSON,
 * the form translation services import): finds the message ids the source names, drops English
 * messages nothing names any more (and their translations), writes every catalogue sorted, and
 * lists what each language still lacks. English is the source: a new text is added to en.json
 * with its id, then named in the source with t('id'). The error codes' texts (errors.*) are
 * written from the shared ERRORS and the client's own codes: the web shows them translated.
 *
 *   npm run i18n:extract             write the catalogues, report
 *   npm run i18n:extract -- --check  write nothing; exit 1 if a catalogue is out of date
 */

const WEB_SRC = path.join(import.meta.dirname, '../apps/web/src');
const LOCALES = path.join(WEB_SRC, 'locales');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function sorted(catalogue: Record<string, string>): string {
  const entries = Object.entries(catalogue).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}

function main() {
  const check = process.argv.includes('--check');
  const errorTexts = [
    ...Object.entries(ERRORS).map(([code, { message }]) => [errorMessageKey(code), message] as const),
    ...Object.entries(CLIENT_ERROR_TEXTS).map(([code, message]) => [errorMessageKey(code), message] as const),
  ];
  const english = { ...readCatalogue(LOCALES, 'en'), ...Object.fromEntries(errorTexts) };
  const used = new Set([
    ...sourceFiles(WEB_SRC).flatMap((file) => messageKeysIn(fs.readFileSync(file, 'utf8'), english)),
    ...errorTexts.map(([key]) => key),
  ]);
  const unused = Object.keys(english).filter((key) => !used.has(key));
  let stale = unused.length > 0;
  for (const language of LANGUAGES) {
    const file = path.join(LOCALES, `${language}.json`);
    if (language !== 'en' && !fs.existsSync(file)) {
      console.log(`${language}: no catalogue yet (English is shown)`);
      continue;
    }
    const catalogue = language === 'en' ? english : readCatalogue(LOCALES, language);
    const kept = Object.fromEntries(
      Object.entries(catalogue).filter(([key]) => used.has(key) && key in english),
    );
    const text = sorted(kept);
    if (fs.readFileSync(file, 'utf8') !== text) stale = true;
    if (!check) fs.writeFileSync(file, text);
    const missing = Object.keys(english).filter((key) => used.has(key) && !(key in kept));
    console.log(`${language}: ${Object.keys(kept).length} messages, ${missing.length} missing`);
  }
  if (unused.length > 0)
    console.log(`unused English messages${check ? '' : ' (dropped)'}: ${unused.join(', ')}`);
  if (check && stale) {
    console.log('The catalogues are out of date: run npm run i18n:extract');
    process.exitCode = 1;
  }
}

main();
