import { describe, expect, it } from 'vitest';

import { fromPacificInput, toPacificInput } from './pacific-time';

describe('Pacific time in the edition form', () => {
  it('shows a UTC instant as the Pacific wall clock, in summer and in winter', () => {
    expect(toPacificInput('2025-03-22T06:59:00Z')).toBe('2025-03-21T23:59'); // PDT, UTC-7
    expect(toPacificInput('2025-01-15T08:00:00Z')).toBe('2025-01-15T00:00'); // PST, UTC-8
    expect(toPacificInput(null)).toBe('');
  });

  it('reads a Pacific wall clock back as UTC', () => {
    expect(fromPacificInput('2025-03-21T23:59')).toBe('2025-03-22T06:59:00Z');
    expect(fromPacificInput('2025-12-31T23:59')).toBe('2026-01-01T07:59:00Z');
    // Either side of the switch to PDT on 9 March 2025 at 2 AM.
    expect(fromPacificInput('2025-03-09T01:30')).toBe('2025-03-09T09:30:00Z');
    expect(fromPacificInput('2025-03-09T03:30')).toBe('2025-03-09T10:30:00Z');
  });

  it('answers null for an empty field and undefined for a malformed one', () => {
    expect(fromPacificInput('')).toBeNull();
    expect(fromPacificInput('21/03/2025 11:59 PM')).toBeUndefined();
  });

  it('round-trips', () => {
    for (const time of ['2025-04-16T06:59:00Z', '2026-11-02T08:00:00Z', '2024-02-29T20:15:00Z']) {
      expect(fromPacificInput(toPacificInput(time))).toBe(time);
    }
  });
});
