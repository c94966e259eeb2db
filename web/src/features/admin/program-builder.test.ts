import { describe, expect, it } from 'vitest';

import { added, kindsFor, moved, removed, timeRange } from './program-builder';

describe('the program builder', () => {
  it('moves a presentation up or down by one place, and not past an end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('adds a presentation at the end once, and removes it', () => {
    expect(added(['a'], 'b')).toEqual(['a', 'b']);
    expect(added(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(removed(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('offers talks sessions to talks and posters sessions to posters', () => {
    expect(kindsFor('talk')).toEqual(['talks']);
    expect(kindsFor('poster')).toEqual(['posters']);
    expect(kindsFor('both')).toEqual(['talks', 'posters']);
    expect(kindsFor(null)).toEqual([]);
  });

  it('shows session times in conference time', () => {
    expect(timeRange('2025-05-17T16:00:00Z', '2025-05-17T17:30:00Z')).toBe('9:00 AM – 10:30 AM');
  });
});
