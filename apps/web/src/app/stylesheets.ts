const applied = new WeakMap<Document, Promise<void>>();

/**
 * Applies the app's stylesheets, which the built index.html only preloads (vite.config.ts): a
 * stylesheet in the page would hold the splash's first paint until it arrived, a second on a slow
 * phone network, while the splash needs nothing but index.html's inline style. Resolves once each
 * has loaded (or failed: the app then renders as it can rather than not at all). Idempotent; in
 * development the stylesheets come with the modules and there is nothing to apply.
 */
export function applyStylesheets(doc: Document = document): Promise<void> {
  let done = applied.get(doc);
  if (!done) {
    const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]');
    done = Promise.all(Array.from(preloads, (preload) => applyStylesheet(doc, preload))).then(
      () => undefined,
    );
    applied.set(doc, done);
  }
  return done;
}

function applyStylesheet(doc: Document, preload: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    // The same request as the preload (URL and credentials mode), so it takes the preload's response.
    if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
    link.href = preload.href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        console.warn(`[start] the stylesheet ${preload.href} did not load`);
        resolve();
      },
      { once: true },
    );
    preload.after(link);
  });
}
