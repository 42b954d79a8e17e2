/*
 * Cuts the faces the first screen waits for (app/load-fonts.ts) down to ASCII and the
 * punctuation the game prints, from the installed @fontsource files, into src/assets/fonts/ and
 * writes src/assets/fonts/first-screen-fonts.css: per face a rule for that core file and one for
 * Fontsource's whole latin file with the rest of its range, which the browser fetches only for a
 * page that shows one of those characters (an accented name). On Slow 4G the four latin files
 * (60 KB) shared the link with the app's script before the first render (decisions D-WEB-42).
 * Nunito is its variable face: one file draws every weight the game uses (600 to 900), where
 * three static faces took three of HTTP/1.1's six connections (decisions D-WEB-45).
 * Needs fontTools with Brotli (Debian: `apt-get install fonttools python3-brotli`).
 * Run: npx tsx apps/web/scripts/subset-fonts.ts
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const outDir = path.resolve(import.meta.dirname, '../src/assets/fonts');

/** ASCII and the punctuation the game's text uses (· × – — ‘ ’ “ ” • … ‹ › ↑ ↓ −). */
const CORE =
  'U+0020-007E,U+00A0,U+00B7,U+00D7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2039-203A,U+2191,U+2193,U+2212';
/** Fontsource's latin range without CORE: the whole latin file serves these. */
const REST =
  'U+0000-001F,U+007F-009F,U+00A1-00B6,U+00B8-00D6,U+00D8-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,' +
  'U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-2012,U+2015-2017,U+201A-201B,U+201E-2021,U+2023-2025,' +
  'U+2027-2038,U+203B-206F,U+20AC,U+2122,U+2215,U+FEFF,U+FFFD';

/**
 * The OpenType features kept: what browsers apply by themselves (with `rvrn`, which a variable
 * face needs) and the figures `tabular-nums` asks for. Fractions, superscripts and the like are
 * dropped: 2 KB of Nunito the game never draws.
 */
const FEATURES = 'ccmp,locl,mark,mkmk,kern,liga,clig,calt,rlig,rvrn,tnum,lnum,pnum';

const FACES = [
  { family: 'Lilita One', pkg: '@fontsource/lilita-one', file: 'lilita-one-latin-400-normal', weight: '400' },
  {
    family: 'Nunito',
    pkg: '@fontsource-variable/nunito',
    file: 'nunito-latin-wght-normal',
    weight: '200 1000',
  },
];

const rules: string[] = [];
for (const face of FACES) {
  const source = require.resolve(`${face.pkg}/files/${face.file}.woff2`);
  const core = `${face.file.replace('-latin-', '-')}-core.woff2`;
  execFileSync('pyftsubset', [
    source,
    `--unicodes=${CORE}`,
    `--layout-features=${FEATURES}`,
    '--flavor=woff2',
    `--output-file=${path.join(outDir, core)}`,
  ]);
  const descriptors = `font-family: '${face.family}';\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${face.weight};`;
  rules.push(
    `@font-face {\n  ${descriptors}\n  src: url(./${core}) format('woff2');\n  unicode-range: ${CORE};\n}`,
  );
  rules.push(
    `@font-face {\n  ${descriptors}\n  src: url(${face.pkg}/files/${face.file}.woff2) format('woff2');\n  unicode-range: ${REST};\n}`,
  );
}
const header = "/* Written by apps/web/scripts/subset-fonts.ts: the first screen's faces, split by range. */";
writeFileSync(path.join(outDir, 'first-screen-fonts.css'), `${header}\n${rules.join('\n')}\n`);
console.log(`wrote ${FACES.length} core faces and first-screen-fonts.css to ${outDir}`);
