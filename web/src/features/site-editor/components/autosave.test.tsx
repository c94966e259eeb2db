import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AUTOSAVE_AFTER_MS, useAutosave } from './autosave';
import { ProblemsContext, focusField, problemsByField, problemsOfFields } from './field-problems';
import { useEntryKeys } from './schema-form';

describe('autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves a moment after the last change, once, and says where the text stands', async () => {
    const save = vi.fn(() => Promise.resolve(true));
    const { result, rerender } = renderHook(({ value, saved }) => useAutosave({ value, saved, save }), {
      initialProps: { value: 'a', saved: 'a' },
    });
    expect(result.current.state).toBe('saved');
    rerender({ value: 'ab', saved: 'a' });
    expect(result.current.state).toBe('unsaved');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_AFTER_MS / 2));
    rerender({ value: 'abc', saved: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_AFTER_MS / 2));
    expect(save).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_AFTER_MS));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('abc');
    rerender({ value: 'abc', saved: 'abc' });
    expect(result.current.state).toBe('saved');
  });

  it('saves at once when asked (a link, a publication), and does not try a failed text again until it changes', async () => {
    const save = vi.fn(() => Promise.resolve(false));
    const { result, rerender } = renderHook(({ value }) => useAutosave({ value, saved: 'a', save }), {
      initialProps: { value: 'ab' },
    });
    let kept = true;
    await act(async () => {
      kept = await result.current.flush();
    });
    expect(kept).toBe(false);
    expect(result.current.state).toBe('failed');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_AFTER_MS * 3));
    expect(save).toHaveBeenCalledTimes(1);
    rerender({ value: 'abc' });
    expect(result.current.state).toBe('unsaved');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_AFTER_MS));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('waits while saving is held (a conflict to settle first)', async () => {
    const save = vi.fn(() => Promise.resolve(true));
    renderHook(() => useAutosave({ value: 'b', saved: 'a', save, enabled: false }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_AFTER_MS * 3));
    expect(save).not.toHaveBeenCalled();
  });
});

describe('problems by field', () => {
  it('groups the server’s problems by field, and reads a refused publication’s', () => {
    const byField = problemsByField([
      { field: 'gallery.0.original_alt', message: 'Photo 1: describe the picture for people who cannot see it' },
      { field: 'gallery.0.original_alt', message: 'Photo 1: another' },
    ]);
    expect(byField.get('gallery.0.original_alt')).toHaveLength(2);
    expect(problemsOfFields({ 'members.0.name': ['Member 1: every member needs a name'], page: ['Whole'] })).toEqual([
      { field: 'members.0.name', message: 'Member 1: every member needs a name' },
      { field: '', message: 'Whole' },
    ]);
  });

  it('leads to the field, opening what folds it away, or to the nearest entry that holds it', () => {
    render(
      <ProblemsContext.Provider value={new Map()}>
        <div id="field-gallery-0">
          <details>
            <summary>Image files</summary>
            <div id="field-gallery-0-srcset">
              <label>
                Sizes <input />
              </label>
            </div>
          </details>
          <button type="button">Upload</button>
        </div>
      </ProblemsContext.Provider>,
    );
    Element.prototype.scrollIntoView = vi.fn();
    expect(focusField('gallery.0.srcset')).toBe(true);
    expect(screen.getByLabelText('Sizes')).toHaveFocus();
    expect(document.querySelector('details')).toHaveProperty('open', true);
    expect(focusField('gallery.0.thumbnail')).toBe(true);
    expect(focusField('members.3.name')).toBe(false);
  });
});

describe('the keys of a list’s entries', () => {
  it('move with their entries, so an entry’s state (a photo’s message) stays with it', () => {
    const { result, rerender } = renderHook(({ length }) => useEntryKeys(length), { initialProps: { length: 3 } });
    const [a, b, c] = result.current.keys;
    act(() => {
      result.current.moved(2, 0);
    });
    expect(result.current.keys).toEqual([c, a, b]);
    act(() => {
      result.current.removed(1);
    });
    rerender({ length: 2 });
    expect(result.current.keys).toEqual([c, b]);
    act(() => {
      result.current.added();
    });
    rerender({ length: 3 });
    expect(result.current.keys.slice(0, 2)).toEqual([c, b]);
    expect(new Set(result.current.keys).size).toBe(3);
  });
});
