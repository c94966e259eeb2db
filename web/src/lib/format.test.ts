import { describe, expect, it } from 'vitest';

import { formatConferenceTime } from './format';
import { formatSlotTime } from './format-clock';
import { formatFileSize } from './format-size';

describe('formatConferenceTime', () => {
  it('shows a time in Pacific time with its zone name', () => {
    // The 2025 deadline: 21 March 11:59 PM, daylight saving time by then.
    expect(formatConferenceTime('2025-03-22T06:59:00Z')).toBe('March 21, 2025, 11:59 PM PDT');
    expect(formatConferenceTime('2025-01-10T18:05:00Z')).toBe('January 10, 2025, 10:05 AM PST');
  });

  it('leaves a time it cannot read as it is', () => {
    expect(formatConferenceTime('soon')).toBe('soon');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1536, '1.5 KB'],
    [250_880, '245 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [1_572_864, '1.5 MB'],
  ])('%i bytes read "%s"', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('formatSlotTime', () => {
  it('reads a talk as its day, start and end in conference time, whatever the ICU version', () => {
    expect(formatSlotTime('2025-05-17T16:30:00Z', '2025-05-17T16:50:00Z')).toBe(
      'Saturday, May 17, 9:30 AM – 9:50 AM PDT',
    );
    expect(formatSlotTime('2026-01-10T20:00:00Z', '2026-01-10T21:15:00Z')).toBe(
      'Saturday, January 10, 12:00 PM – 1:15 PM PST',
    );
  });
});
