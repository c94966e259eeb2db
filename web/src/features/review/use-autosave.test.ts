import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AUTOSAVE_DELAY_MS, useAutosave } from './use-autosave';

/** A save whose answers the test releases one by one. */
function heldSave() {
  const calls: { value: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = vi.fn(
    (value: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ value, resolve, reject });
      }),
  );
  return { save, calls };
}

describe('autosave of a draft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, the last value, after typing pauses', async () => {
    const { save, calls } = heldSave();
    const { result } = renderHook(() => useAutosave(save));
    expect(result.current.status).toBe('idle');

    act(() => {
      result.current.changed('a');
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    act(() => {
      result.current.changed('ab');
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.status).toBe('unsaved');

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]?.value).toBe('ab');
    expect(result.current.status).toBe('saving');

    await act(async () => {
      calls[0]?.resolve();
      await Promise.resolve();
    });
    expect(result.current.status).toBe('saved');
  });

  it('saves a change made during a save after it, in order, never two at once', async () => {
    const { save, calls } = heldSave();
    const { result } = renderHook(() => useAutosave(save));
    act(() => {
      result.current.changed('first');
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    act(() => {
      result.current.changed('second');
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    // The second waits for the first's answer.
    expect(save).toHaveBeenCalledTimes(1);

    await act(async () => {
      calls[0]?.resolve();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]?.value).toBe('second');
    expect(result.current.status).toBe('saving');
    await act(async () => {
      calls[1]?.resolve();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.status).toBe('saved');
  });

  it('reports a failed save and tries the same value again on flush', async () => {
    const { save, calls } = heldSave();
    const { result } = renderHook(() => useAutosave(save));
    act(() => {
      result.current.changed('draft');
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    await act(async () => {
      calls[0]?.reject(new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.status).toBe('error');
    expect(result.current.error).toEqual(new Error('offline'));

    let flushed: Promise<void> = Promise.resolve();
    act(() => {
      flushed = result.current.flush();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      calls[1]?.resolve();
      await flushed;
    });
    expect(calls[1]?.value).toBe('draft');
    expect(result.current.status).toBe('saved');
  });

  it('flush saves at once; discard drops what waits', async () => {
    const { save, calls } = heldSave();
    const { result } = renderHook(() => useAutosave(save));
    act(() => {
      result.current.changed('now');
    });
    act(() => {
      void result.current.flush();
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]?.resolve();

    act(() => {
      result.current.changed('dropped');
      result.current.discard();
    });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
