import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { balanceStore } from '../../lib/realtime/balance-store.ts';
import { ComboBadge } from './combo-badge.tsx';

describe('combo badge', () => {
  afterEach(() => {
    cleanup();
    balanceStore.setState({ combo: 0 });
  });

  test('hidden below 5, ×N from 5, COMBO! +10% from 10, SUPER COMBO! from 20, gone at reset', () => {
    balanceStore.setState({ combo: 4 });
    render(<ComboBadge />);
    expect(screen.queryByTestId('combo-badge')).toBeNull();

    act(() => balanceStore.setState({ combo: 5 }));
    expect(screen.getByTestId('combo-badge').textContent).toBe('×5combo');

    act(() => balanceStore.setState({ combo: 10 }));
    expect(screen.getByTestId('combo-badge').textContent).toBe('COMBO!×10+10%');

    act(() => balanceStore.setState({ combo: 20 }));
    expect(screen.getByTestId('combo-badge').dataset.level).toBe('super');
    expect(screen.getByText('SUPER COMBO!')).toBeTruthy();

    act(() => balanceStore.setState({ combo: 0 }));
    expect(screen.queryByTestId('combo-badge')).toBeNull();
  });
});
