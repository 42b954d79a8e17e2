import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Tabs } from './tabs.tsx';

afterEach(cleanup);

type Fruit = 'apple' | 'pear' | 'plum';
const ITEMS = [
  { value: 'apple' as const, label: 'Apple' },
  { value: 'pear' as const, label: 'Pear' },
  { value: 'plum' as const, label: 'Plum' },
];

function Harness({ initial = 'apple', onChange }: { initial?: Fruit; onChange?: (value: Fruit) => void }) {
  const [value, setValue] = useState<Fruit>(initial);
  return (
    <Tabs
      label="Fruit"
      items={ITEMS}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
      tabClassName={(selected) => (selected ? 'on' : 'off')}
    />
  );
}

const selectedName = () => screen.getByRole('tab', { selected: true }).textContent;

describe('Tabs', () => {
  test('a named tablist of tabs; only the selected one is selected, styled and in the Tab order', () => {
    render(<Harness initial="pear" />);
    expect(screen.getByRole('tablist', { name: 'Fruit' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(tabs.map((tab) => tab.className)).toEqual(['off', 'on', 'off']);
  });

  test('a click selects; clicking the selected tab again changes nothing', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Plum' }));
    expect(selectedName()).toBe('Plum');
    fireEvent.click(screen.getByRole('tab', { name: 'Plum' }));
    expect(onChange.mock.calls).toEqual([['plum']]);
  });

  test('arrow keys move selection and focus together, wrapping; Home and End jump to the ends', () => {
    render(<Harness />);
    const apple = screen.getByRole('tab', { name: 'Apple' });
    apple.focus();
    fireEvent.keyDown(apple, { key: 'ArrowRight' });
    expect(selectedName()).toBe('Pear');
    expect(document.activeElement?.textContent).toBe('Pear');
    fireEvent.keyDown(document.activeElement ?? apple, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement ?? apple, { key: 'ArrowRight' });
    expect(selectedName()).toBe('Apple');
    fireEvent.keyDown(document.activeElement ?? apple, { key: 'ArrowLeft' });
    expect(selectedName()).toBe('Plum');
    fireEvent.keyDown(document.activeElement ?? apple, { key: 'Home' });
    expect(selectedName()).toBe('Apple');
    fireEvent.keyDown(document.activeElement ?? apple, { key: 'End' });
    expect(selectedName()).toBe('Plum');
    expect(document.activeElement?.textContent).toBe('Plum');
  });

  test('with no tab selected the first stays reachable with Tab', () => {
    render(<Tabs label="Fruit" items={ITEMS} value={'none'} onChange={() => {}} tabClassName={() => ''} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });
});
