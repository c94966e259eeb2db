import { describe, expect, it } from 'vitest';

import { formatClock, formatEventDate, formatTimeRange } from './format-event';

describe('competition times', () => {
  it.each([
    ['09:00', '9AM'],
    ['08:30', '8:30AM'],
    ['12:00', '12PM'],
    ['00:15', '12:15AM'],
    ['17:30', '5:30PM'],
  ])('%s reads %s', (time, expected) => {
    expect(formatClock(time)).toBe(expected);
  });

  it('writes a range as the spec does', () => {
    expect(formatTimeRange('09:00', '12:00')).toBe('9AM-12PM');
  });

  it('gives the weekday of the calendar date', () => {
    expect(formatEventDate('2025-01-23')).toBe('Thursday, 23 Jan 2025');
    expect(formatEventDate('2025-05-17')).toBe('Saturday, 17 May 2025');
  });
});
