import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { countdownParts, useCountdown } from './use-countdown';

const target = new Date('2025-05-17T17:30:00Z');
const second = 1000;

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second while the target lies ahead', () => {
    vi.setSystemTime(target.getTime() - ((1 * 24 + 2) * 3600 + 3 * 60 + 5) * second);
    const { result } = renderHook(() => useCountdown(target));

    expect(result.current).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 5, done: false });
    expect(vi.getTimerCount()).toBe(1);

    act(() => {
      vi.advanceTimersByTime(second);
    });
    expect(result.current).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4, done: false });

    act(() => {
      vi.advanceTimersByTime(5 * second);
    });
    expect(result.current).toEqual({ days: 1, hours: 2, minutes: 2, seconds: 59, done: false });
    expect(vi.getTimerCount()).toBe(1);
  });

  it('clears its interval once the target passes', () => {
    vi.setSystemTime(target.getTime() - 2 * second);
    const { result } = renderHook(() => useCountdown(target));
    expect(result.current.seconds).toBe(2);
    expect(vi.getTimerCount()).toBe(1);

    act(() => {
      vi.advanceTimersByTime(second);
    });
    expect(result.current).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });

    act(() => {
      vi.advanceTimersByTime(second);
    });
    expect(result.current).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(vi.getTimerCount()).toBe(0);

    act(() => {
      vi.advanceTimersByTime(10 * second);
    });
    expect(result.current.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts no timer when the target is already past', () => {
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const { result } = renderHook(() => useCountdown(target));
    expect(result.current).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its interval on unmount', () => {
    vi.setSystemTime(target.getTime() - 60 * second);
    const { unmount } = renderHook(() => useCountdown(target));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('countdownParts', () => {
  it('rounds a part-second up so the last second reads 1, not 0', () => {
    expect(countdownParts(10_000, 9_500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
  });

  it('never goes negative', () => {
    expect(countdownParts(10_000, 20_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});
