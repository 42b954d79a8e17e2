import { act, cleanup, render } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { holdDecorations, useDecorationsShown } from './decorations.ts';
import { useConnection } from './realtime/connection-store.ts';

function Picture() {
  return <span data-testid="picture">{useDecorationsShown() ? 'shown' : 'held'}</span>;
}

afterEach(() => {
  cleanup();
  useConnection.setState({ status: 'closed' });
});

test('W26 without the start holding them, pictures show at once', () => {
  const { getByTestId } = render(<Picture />);
  expect(getByTestId('picture').textContent).toBe('shown');
});

test('W26 held by the start: not in the first frame, then once the socket is connected', async () => {
  let committed = () => {};
  holdDecorations(new Promise<void>((resolve) => (committed = resolve)));
  const { getByTestId } = render(<Picture />);
  expect(getByTestId('picture').textContent).toBe('held');
  // Connected before the first commit: still held until that frame is painted.
  act(() => useConnection.getState().setStatus('connected'));
  expect(getByTestId('picture').textContent).toBe('held');
  committed();
  await vi.waitFor(() => expect(getByTestId('picture').textContent).toBe('shown'));
});

test('W26 held by the start, the socket still away: shown once the page is idle', async () => {
  let committed = () => {};
  holdDecorations(new Promise<void>((resolve) => (committed = resolve)));
  const { getByTestId } = render(<Picture />);
  committed();
  expect(getByTestId('picture').textContent).toBe('held');
  await vi.waitFor(() => expect(getByTestId('picture').textContent).toBe('shown'), { timeout: 5_000 });
});
