import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { SessionUser } from '../../../api/types';
import { edition2023Page, edition2025Page, nth, site } from '../../../test/content-data';
import { errorResponse, member, renderApp } from '../../../test/render-app';

// The first render loads the edition screen's code on demand (lazy routes):
// on a busy machine that can take longer than a find's default second.
const LOADING = { timeout: 5000 };

describe('SCULC 2025 page', () => {
  it.each([
    ['a presenter', '/sculc/congratulations-page', { ...member, applicant: true, presenter: true }, 'Congratulations!'],
    ['an applicant', '/sculc/view-submission', { ...member, applicant: true }, 'Thank You for Your Submission'],
  ])("'View Submission Status' takes %s to %s", async (_who, target, user: SessionUser, title) => {
    const view = renderApp('/sculc-2025', { user });

    const status = await screen.findByRole('link', { name: 'View Submission Status' }, LOADING);
    expect(status).toHaveAttribute('href', target);
    expect(status).toHaveClass('button');

    await view.user.click(status);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(target);
  });

  it.each([
    ['a visitor', null],
    ['a signed-in user without a submission', member],
  ])("shows %s no 'View Submission Status'", async (_who, user) => {
    const { fetchMock } = renderApp('/sculc-2025', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC 2025' }, LOADING)).toBeInTheDocument();
    // Wait for the session before checking that nothing appeared.
    await screen.findByRole('link', { name: user ? 'Profile' : 'Login' });
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'View Submission Status' })).not.toBeInTheDocument();
  });

  it('has a side menu whose links go to their sections and move focus to the heading', async () => {
    const { user, router } = renderApp('/sculc-2025');

    const menu = await screen.findByRole('navigation', { name: 'On this page' }, LOADING);
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      nth(edition2025Page.pages, 0).sections.map((section) => [section.menu_label, `/sculc-2025#${section.id}`]),
    );

    await user.click(within(menu).getByRole('link', { name: 'Program' }));
    expect(router.state.location.hash).toBe('#program');
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 2, name: 'Program' })).toHaveFocus();
    });
    expect(screen.getByRole('region', { name: 'Program' })).toHaveAttribute('id', 'program');
  });

  it('renders every section with its heading', async () => {
    renderApp('/sculc-2025');
    await screen.findByRole('heading', { level: 1, name: 'SCULC 2025' }, LOADING);
    for (const section of nth(edition2025Page.pages, 0).sections) {
      expect(screen.getByRole('region', { name: section.heading })).toBeInTheDocument();
    }
    expect(screen.getByText('Saturday 17 May 2025')).toBeInTheDocument();
    expect(screen.getByTitle('SCULC 2025 program')).toHaveAttribute('src', '/sculc-program.pdf');
    // Four slide decks, none loaded until opened.
    expect(screen.getAllByText(/^Presentation \d slides$/)).toHaveLength(4);
    expect(screen.queryByTitle('Presentation 1 slides')).not.toBeInTheDocument();
  });
});

describe("an edition's program PDF", () => {
  it('is the shared route while the edition is current, and its own address once a newer one is', async () => {
    renderApp('/sculc-2025', {
      api: {
        'GET /api/content/site': () =>
          Response.json({
            ...site,
            nav_editions: [2026, 2025, 2024, 2023, 2022],
            current_edition: { year: 2026, title: 'SCULC 2026', path: '/sculc-2026', call_open: false },
          }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'SCULC 2025' }, LOADING);
    await waitFor(() => {
      expect(screen.getByTitle('SCULC 2025 program')).toHaveAttribute('src', '/sculc-2025/program.pdf');
    });
  });
});

describe('edition pages from data', () => {
  it('an archive page has its sub-navigation and its own content', async () => {
    renderApp('/sculc-2023-schedule');
    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC 2023 Schedule' }, LOADING)).toBeInTheDocument();
    const subNav = screen.getByRole('navigation', { name: 'SCULC 2023' });
    expect(within(subNav).getAllByRole('link').map((link) => link.textContent)).toEqual(
      edition2023Page.pages.map((page) => page.nav_label),
    );
    expect(screen.getByText('Sample content for SCULC 2023 Schedule.')).toBeInTheDocument();
    // A one-page edition has no sub-navigation and a page without menu labels no side menu.
    expect(screen.queryByRole('navigation', { name: 'On this page' })).not.toBeInTheDocument();
  });

  it('a later edition needs only its data: /sculc-2026 and its sub-pages resolve', async () => {
    const edition2026 = {
      ...edition2023Page,
      year: 2026,
      title: 'SCULC 2026',
      pages: edition2023Page.pages.map((page) => ({ ...page, title: page.title.replace('2023', '2026') })),
    };
    renderApp('/sculc-2026-program', {
      api: { 'GET /api/content/editions/2026': () => Response.json(edition2026) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC 2026 Programs' }, LOADING)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'SCULC 2026' })).getByRole('link', { name: 'Photos' })).toHaveAttribute(
      'href',
      '/sculc-2026-photo',
    );
  });

  it.each([
    ['a year with no content', '/sculc-2019'],
    ['a page the edition does not have', '/sculc-2024-photo'],
  ])('%s is "Page not found"', async (_what, path) => {
    renderApp(path, {
      api: { 'GET /api/content/editions/2019': () => errorResponse(404, 'No such edition.') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOADING)).toBeInTheDocument();
  });
});
