import type { Page } from 'playwright-core';

/**
 * Why `element` cannot be seen and tapped whole, or null: it is off screen, or the element at
 * its centre (or just inside its top or bottom edge) is not it or inside it: the navigation, a
 * sticky panel, a dialog's backdrop or any other element drawn over it. With `scroll` it is first
 * scrolled into view the least way (block 'nearest'), as a player scrolls to reach it.
 */
export function exposure(elements: Element[], scroll: boolean): Array<string | null> {
  const describe = (node: Element | null) => {
    if (!node) return 'nothing';
    const label = node.getAttribute('aria-label') ?? node.getAttribute('data-testid') ?? '';
    const text = (node.textContent ?? '').trim().slice(0, 30);
    return `<${node.tagName.toLowerCase()}${label ? ` "${label}"` : ''}> ${JSON.stringify(text)}`;
  };
  const verdict = (element: Element) => {
    if (scroll) element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return 'has no size';
    const x = box.left + box.width / 2;
    const inset = Math.min(4, box.height / 4);
    for (const y of [box.top + box.height / 2, box.top + inset, box.bottom - inset]) {
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
        return `is off screen at (${Math.round(x)}, ${Math.round(y)})`;
      }
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === element || element.contains(hit))) {
        return `is covered at (${Math.round(x)}, ${Math.round(y)}) by ${describe(hit)}`;
      }
    }
    return null;
  };
  return elements.map(verdict);
}

/** Waits for every finite animation (a dialog rising, a page fading in) to end. */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
