import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { haptics } from '../lib/haptics.ts';

export interface TabItem<V> {
  value: V;
  label: ReactNode;
  /** The tab's React key when its value is not a string (defaults to String(value)). */
  key?: string;
}

export interface TabsProps<V> {
  /** The tab list's accessible name ("Categories"). */
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange(value: V): void;
  /** The list's layout (a scrolling row, a segmented control…). */
  className?: string;
  /** Each tab's look; the selected one is told apart by `selected`. */
  tabClassName(selected: boolean, value: V): string;
}

/** The index the key moves to, or null for a key tabs do not handle. */
function movedIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A row of tabs (WAI-ARIA tabs pattern): role tablist/tab, aria-selected, one tab in the Tab
 * order, arrow keys (and Home/End) move the selection and the focus, which follow each other.
 * A change ticks the selection haptic; choosing the selected tab again does nothing.
 */
export function Tabs<V>({ label, items, value, onChange, className, tabClassName }: TabsProps<V>) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (next: V) => {
    if (Object.is(next, value)) return;
    haptics.selection();
    onChange(next);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = movedIndex(event.key, index, items.length);
    const item = next === null ? undefined : items[next];
    if (next === null || !item) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    choose(item.value);
  };
  // With no tab selected the first one takes the focus, so the list stays reachable.
  const focusable = Math.max(
    0,
    items.findIndex((item) => Object.is(item.value, value)),
  );
  return (
    <div role="tablist" aria-label={label} className={className}>
      {items.map((item, index) => {
        const selected = Object.is(item.value, value);
        return (
          <button
            key={item.key ?? String(item.value)}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={index === focusable ? 0 : -1}
            onClick={() => choose(item.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClassName(selected, item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
