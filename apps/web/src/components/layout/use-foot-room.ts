import { useLayoutEffect, useState } from 'react';

/**
 * Keeps the page's scroll area told how much of its foot an element covers (a pinned row, a
 * sticky price panel): the area's scroll padding (index.css `.page-scroll`) then brings anything
 * scrolled into view (a focused button, the quiz's feedback) out from under it (decisions:
 * D-UI-1). A sticky element hanging below the area's content box (a `bottom` below minus the
 * area's bottom padding) covers that much less.
 * Returns the ref callback to put on the covering element.
 */
export function useFootRoom(): (element: HTMLElement | null) => void {
  const [covering, setCovering] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const area = covering?.closest('.page-scroll') ?? document.querySelector('.page-scroll');
    if (!covering || !(area instanceof HTMLElement)) return;
    const measure = () => {
      // A sticky element keeps `bottom` from the area's padding edge, not from its foot.
      const bottom = Number.parseFloat(getComputedStyle(covering).bottom) || 0;
      const padding = Number.parseFloat(getComputedStyle(area).paddingBottom) || 0;
      const hanging = covering.parentElement === area.parentElement ? -bottom : -bottom - padding;
      area.style.setProperty('--foot-room', `${Math.max(0, covering.offsetHeight - Math.max(0, hanging))}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(covering);
    return () => {
      observer.disconnect();
      area.style.removeProperty('--foot-room');
    };
  }, [covering]);
  return setCovering;
}
