import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useLoadingProgress } from './use-loading-progress.ts';

describe('loading bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  test('rises 5 points every 100 ms, stops at 95, and shows 100 when loading ends', () => {
    const { result, rerender } = renderHook(({ done }) => useLoadingProgress(done), {
      initialProps: { done: false },
    });
    expect(result.current).toBe(0);

    act(() => vi.advanceTimersByTime(99));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(30);
    act(() => vi.advanceTimersByTime(1_300));
    expect(result.current).toBe(95);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(95);

    rerender({ done: true });
    expect(result.current).toBe(100);
  });

  test('loading that ends early jumps straight to 100', () => {
    const { result, rerender } = renderHook(({ done }) => useLoadingProgress(done), {
      initialProps: { done: false },
    });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe(15);
    rerender({ done: true });
    expect(result.current).toBe(100);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(100);
  });
});
