import { beforeAll, describe, expect, test, vi } from 'vitest';
import { applyStylesheets } from './stylesheets.ts';

// The test fires the links' load and error events itself: happy-dom must not fetch them.
beforeAll(() => {
  const happyDom = (window as unknown as { happyDOM?: { settings: { disableCSSFileLoading: boolean } } })
    .happyDOM;
  if (!happyDom) throw new Error('these tests run in happy-dom');
  happyDom.settings.disableCSSFileLoading = true;
});

function pageWithPreloads(hrefs: string[]): Document {
  const doc = document.implementation.createHTMLDocument('titans');
  for (const href of hrefs) {
    const preload = doc.createElement('link');
    preload.rel = 'preload';
    preload.as = 'style';
    preload.crossOrigin = 'anonymous';
    preload.href = href;
    doc.head.append(preload);
  }
  return doc;
}

const stylesheets = (doc: Document) =>
  Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));

describe('applyStylesheets: the preloaded stylesheet is applied by the entry script', () => {
  test('each preload gets a stylesheet with its address and credentials mode, right after it', async () => {
    const doc = pageWithPreloads(['/assets/index-a.css', '/assets/other-b.css']);
    let settled = false;
    const applied = applyStylesheets(doc).then(() => {
      settled = true;
    });
    const links = stylesheets(doc);
    expect(links.map((link) => new URL(link.href).pathname)).toEqual([
      '/assets/index-a.css',
      '/assets/other-b.css',
    ]);
    expect(links.map((link) => link.crossOrigin)).toEqual(['anonymous', 'anonymous']);
    expect(links[0]?.previousElementSibling?.getAttribute('rel')).toBe('preload');
    // Nothing renders until every stylesheet has loaded.
    links[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    links[1]?.dispatchEvent(new Event('load'));
    await applied;
    expect(settled).toBe(true);
  });

  test('a stylesheet that fails still lets the app start, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const doc = pageWithPreloads(['/assets/index-a.css']);
    const applied = applyStylesheets(doc);
    stylesheets(doc)[0]?.dispatchEvent(new Event('error'));
    await applied;
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('index-a.css did not load'));
    warn.mockRestore();
  });

  test('applied once per page: the entry script and start.tsx share one promise', async () => {
    const doc = pageWithPreloads(['/assets/index-a.css']);
    const first = applyStylesheets(doc);
    expect(applyStylesheets(doc)).toBe(first);
    expect(stylesheets(doc)).toHaveLength(1);
  });

  test('without preloads (the development server) there is nothing to wait for', async () => {
    const doc = pageWithPreloads([]);
    await applyStylesheets(doc);
    expect(stylesheets(doc)).toHaveLength(0);
  });
});
