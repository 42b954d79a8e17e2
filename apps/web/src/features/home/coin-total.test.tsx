import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { balanceStore, initialBalanceState } from '../../lib/realtime/balance-store.ts';
import { COUNT_DOWN_MS } from '../../lib/use-counted-number.ts';
import { CoinTotal } from './coin-total.tsx';

describe('coin total and pending badge', () => {
  afterEach(() => {
    cleanup();
    balanceStore.setState(initialBalanceState());
  });

  test('shows the total with separators; the pending badge shows only while coins are pending', () => {
    balanceStore.setState({ coins: 12_345, durableCoins: 12_345, pending: 0 });
    render(<CoinTotal />);
    expect(screen.getByTestId('coin-total').textContent).toBe('12,345');
    const badge = screen.getByTestId('pending-badge');
    expect(badge.className).toContain('invisible');

    act(() => balanceStore.setState({ coins: 12_395, pending: 50 }));
    expect(screen.getByTestId('coin-total').textContent).toBe('12,395');
    expect(badge.className).not.toContain('invisible');
    expect(badge.textContent).toBe('+50pending');

    act(() => balanceStore.setState({ durableCoins: 12_395, pending: 0 }));
    expect(badge.className).toContain('invisible');
  });

  test('W12: a lower total from the server counts down to it; a rise shows at once', async () => {
    balanceStore.setState({ coins: 7_009, durableCoins: 7_009, pending: 0 });
    render(<CoinTotal />);
    const total = screen.getByTestId('coin-total');
    act(() => balanceStore.setState({ coins: 2_009, durableCoins: 2_009 }));
    // Not a jump: the number is still on its way down.
    expect(total.textContent).not.toBe('2,009');
    await act(() => new Promise((resolve) => setTimeout(resolve, COUNT_DOWN_MS + 200)));
    expect(total.textContent).toBe('2,009');
    act(() => balanceStore.setState({ coins: 2_019, pending: 10 }));
    expect(total.textContent).toBe('2,019');
  });
});
