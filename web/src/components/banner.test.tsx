import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Banner } from '../lib/content-types';
import { EditionBanner } from './banner';

// The spec's countdown target: 17 May 2025 09:30 "PST".
const target = new Date('2025-05-17T17:30:00Z');
const countdown2025: Banner = {
  year: 2025,
  title: 'SCULC 2025',
  path: '/sculc-2025',
  state: 'countdown',
  at: target.toISOString(),
};

function renderBanner(banner: Banner, at = '/') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <EditionBanner banner={banner} />
    </MemoryRouter>,
  );
}

function news() {
  return screen.getByRole('complementary', { name: 'Conference news' });
}

describe('Banner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down to the spec’s 09:30 PST each second, then says the day has come and stops ticking', () => {
    vi.useFakeTimers();
    vi.setSystemTime(target.getTime() - 2000);
    renderBanner(countdown2025);

    expect(news()).toHaveTextContent('SCULC 2025 starts in 0 days, 0 hours, 0 minutes, 2 seconds.');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('0 days, 0 hours, 0 minutes, 1 second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(news()).toHaveTextContent(/^SCULC 2025 is happening today — welcome!/);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('announces an open call with its deadline in Pacific time', () => {
    renderBanner({ year: 2026, title: 'SCULC 2026', path: '/sculc-2026', state: 'call_open', at: '2026-03-21T06:59:00Z' });

    expect(news()).toHaveTextContent(
      'The call for abstracts for SCULC 2026 is open until March 20, 2026, 11:59 PM PDT. See the conference page',
    );
    expect(screen.getByRole('link', { name: 'See the conference page' })).toHaveAttribute('href', '/sculc-2026');
  });

  it('announces when a call will open', () => {
    renderBanner({ year: 2026, title: 'SCULC 2026', path: '/sculc-2026', state: 'call_opens', at: '2025-09-01T07:00:00Z' });

    expect(news()).toHaveTextContent(/^The call for abstracts for SCULC 2026 opens on September 1, 2025, 12:00 AM PDT\./);
  });

  it('welcomes on the day and thanks in the weeks after, without a timer', () => {
    vi.useFakeTimers();
    renderBanner({ ...countdown2025, state: 'on_the_day', at: '2025-05-18T00:30:00Z' });
    expect(news()).toHaveTextContent(/^SCULC 2025 is happening today — welcome!/);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says the conference has just concluded', () => {
    renderBanner({ ...countdown2025, state: 'concluded', at: null }, '/board');

    expect(news()).toHaveTextContent('SCULC 2025 has just concluded — thank you for joining us! See the conference page');
    expect(screen.getByRole('link', { name: 'See the conference page' })).toHaveAttribute('href', '/sculc-2025');
  });

  it('does not link to the page it is shown on', () => {
    renderBanner({ ...countdown2025, state: 'concluded', at: null }, '/sculc-2025');

    expect(news()).toHaveTextContent(/^SCULC 2025 has just concluded — thank you for joining us!$/);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
