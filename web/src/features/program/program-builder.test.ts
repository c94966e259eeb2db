import { describe, expect, it } from 'vitest';

import { added, itemTime, kindsFor, moved, nothingUnplaced, removed, timeRange, warningsFor } from './program-builder';

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

describe('itemTime', () => {
  it('shows a placed talk’s own time, and nothing for one publishing leaves out', () => {
    expect(itemTime({ starts_at: '2025-05-17T16:20:00Z', ends_at: '2025-05-17T16:40:00Z' })).toBe('9:20 AM – 9:40 AM');
    expect(itemTime({ starts_at: null, ends_at: null })).toBe('');
  });
});

describe('warningsFor', () => {
  it('keeps the warnings that name the session', () => {
    const both = { message: 'A and B clash', session_ids: ['a', 'b'] };
    const late = { message: 'C runs late', session_ids: ['c'] };
    expect(warningsFor([both, late], 'b')).toEqual([both]);
    expect(warningsFor([both, late], 'd')).toEqual([]);
  });
});

describe('nothingUnplaced', () => {
  it('says every confirmed presentation is placed only when one is confirmed', () => {
    expect(nothingUnplaced(0)).toBe('No presenter has confirmed yet: confirmed presentations appear here, ready to place.');
    expect(nothingUnplaced(3)).toBe('Every confirmed presentation is placed.');
  });
});
