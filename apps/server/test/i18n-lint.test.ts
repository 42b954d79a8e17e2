import { describe, expect, it } from 'vitest';
import { findingsIn, looksLikeText } from '../../../scripts/i18n-lint.ts';

// The web app's i18n lint run by `npm run lint` (scripts/i18n-lint.ts), ceiling 0.

const texts = (source: string, file = 'feature.tsx') =>
  findingsIn(file, source).map((finding) => finding.text);

describe('looksLikeText', () => {
  it('takes capitalised words and lower-case phrases for texts', () => {
    for (const text of ['Live', 'Energy is full', 'per tap', 'Free: no stake · First win +'])
      expect(looksLikeText(text), text).toBe(true);
  });

  it('leaves ids, class lists, CSS, addresses, message ids and log lines alone', () => {
    for (const text of [
      'connected',
      'weapon',
      'flex items-center gap-2 rounded-full',
      'bottom-7 start-3 size-12 [animation-delay:1.2s]',
      'translate(-50%, -50%) scale(1.1)',
      'transform 55ms ease-out',
      'https://t.me/titans?startapp=x',
      '../../assets/emoji/x.webp',
      'taskCard.claimed',
      '[api] failed',
      '[data-testid="task-1"]',
    ])
      expect(looksLikeText(text), text).toBe(false);
  });
});

describe('findingsIn', () => {
  it('finds texts in object properties, arrays, variables, assignments, returns and templates', () => {
    const source = [
      "const LABEL = { connected: 'Live' };",
      "const TABS = ['Weapons'];",
      "let status = 'Energy is full';",
      "status = 'Fill your energy';",
      "function name() { return 'Player'; }",
      `const line = \`Free: no stake · First win +\${reward}\`;`,
    ].join('\n');
    expect(texts(source)).toEqual([
      'Live',
      'Weapons',
      'Energy is full',
      'Fill your energy',
      'Player',
      'Free: no stake · First win +',
    ]);
  });

  it('skips non-text properties, call arguments, getters reading the catalogue and fenced values', () => {
    const source = [
      "const A = { key: 'Weapons', className: 'Big Title', icon: 'Sword' };",
      `console.warn(\`[api] took \${ms} ms\`);`,
      `throw new Error(\`Not an Adsgram block id: \${id}\`);`,
      "const B = { get label() { return t('shopCategories.weapons'); } };",
      '// i18n-lint-ignore: chord names, not words',
      "const CHORDS = ['Am', 'F'];",
      "this.name = 'ApiError';",
    ].join('\n');
    expect(texts(source)).toEqual([]);
  });

  it('leaves the development-only mock environment alone', () => {
    expect(texts("const TITLE = 'Confirm Your Purchase';", 'app/mock-invoice-sheet.ts')).toEqual([]);
  });

  it('still finds JSX text and a message read at module load', () => {
    expect(texts('const x = <p>Hello there</p>;')).toEqual(['Hello there']);
    // A prop a player reads (the HUD's line under a hero), as title and aria-label are.
    expect(texts('const z = <HealthBar player="You" side="left" />;')).toEqual(['You']);
    expect(texts("const y = t('a.b');")[0]).toContain('runs once at load');
  });
});
