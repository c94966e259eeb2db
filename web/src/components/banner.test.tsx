import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CurrentEdition } from '../lib/content-types';
import { EditionBanner } from './banner';

const target = new Date('2025-05-17T17:30:00Z');
const sculc2025: CurrentEdition = {
  year: 2025,
  title: 'SCULC 2025',
  path: '/sculc-2025',
  countdown_to: target.toISOString(),
  call_open: false,
};

function renderBanner(edition: CurrentEdition = sculc2025) {
  render(
    <MemoryRouter>
      <EditionBanner edition={edition} />
    </MemoryRouter>,
  );
}

describe('Banner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the conference has concluded once the countdown is over', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    renderBanner();

    expect(screen.getByText(/SCULC 2025 has just concluded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the conference page' })).toHaveAttribute('href', '/sculc-2025');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts down while the conference lies ahead, then switches to the concluded text', () => {
    vi.useFakeTimers();
    vi.setSystemTime(target.getTime() - 2000);
    renderBanner();

    expect(screen.getByText('0 days, 0 hours, 0 minutes, 2 seconds')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('0 days, 0 hours, 0 minutes, 1 second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText(/SCULC 2025 has just concluded/)).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('announces the next edition’s open call before its day is known', () => {
    renderBanner({ year: 2026, title: 'SCULC 2026', path: '/sculc-2026', countdown_to: null, call_open: true });

    expect(screen.getByText(/The call for abstracts for SCULC 2026 is open\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the conference page' })).toHaveAttribute('href', '/sculc-2026');
  });
});
