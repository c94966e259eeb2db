import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { protectedRoutes } from '../config/protected-routes';
import { archiveNavigation, documentTitle, routeList, routes } from '../config/routes';
import { site } from '../test/content-data';
import { admin, renderApp } from '../test/render-app';
import { createQueryClient } from './providers';
import { prefetchRoute } from './router';

describe('routes', () => {
  it.each(routeList)('$path renders "$title" as its h1 and document title', async ({ id, path, title }) => {
    // Protected pages are seen signed in (as an admin, for /user-data, and a
    // reviewer too, for /review); the others as a visitor, since /login sends
    // a signed-in user on.
    renderApp(path, { user: id in protectedRoutes ? { ...admin, roles: ['admin', 'reviewer'] } : null });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // Set by an effect, which may run just after the heading appears.
    await waitFor(() => {
      expect(document.title).toBe(documentTitle(title));
    });
  });

  it('titles pages "<title> · <society>"', () => {
    expect(documentTitle(routes.login.title)).toBe('Sign In · Undergraduate Linguistics Society');
    expect(documentTitle(routes.home.title)).toBe('Undergraduate Linguistics Society');
  });

  it('shows "Page not found" with a link home for an unknown path', async () => {
    const { user } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Page not found · Undergraduate Linguistics Society');
    });
    // Search engines that run the app are told to drop it, as the server's 404 does.
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/');

    await user.click(home);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Undergraduate Linguistics Society' }),
    ).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it.each([
    ['/sculc-2023-schedule', 2023, 'Schedule'],
    ['/sculc-2022-photo', 2022, 'Photos'],
  ] as const)('%s has the SCULC %i sub-navigation with %s current', async (path, year, current) => {
    renderApp(path);

    const subNav = await screen.findByRole('navigation', { name: `SCULC ${year}` });
    const links = within(subNav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      archiveNavigation[year].map(({ label, id }) => [label, routes[id].path]),
    );
    for (const link of links) {
      if (link.textContent === current) expect(link).toHaveAttribute('aria-current', 'page');
      else expect(link).not.toHaveAttribute('aria-current');
    }
  });

  it('labels the 2023 archive links Home, Programs, Schedule, Presentation, Photos', () => {
    expect(archiveNavigation[2023].map((link) => link.label)).toEqual([
      'Home',
      'Programs',
      'Schedule',
      'Presentation',
      'Photos',
    ]);
    expect(archiveNavigation[2022].map((link) => link.label)).toEqual(['Home', 'Programs', 'Presentation', 'Photos']);
  });
});

describe('frame', () => {
  it('has a skip link to the main content, a banner and a footer', async () => {
    renderApp('/board');
    await screen.findByRole('heading', { level: 1, name: 'Our Board' });

    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('complementary', { name: 'Conference news' })).toHaveTextContent(
      /SCULC 2025 has just concluded/,
    );

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2025 Undergraduate Linguistics Society');
    // Location and e-mail are the site content's.
    expect(await within(footer).findByRole('link', { name: site.footer.email })).toHaveAttribute(
      'href',
      `mailto:${site.footer.email}`,
    );
    expect(footer).toHaveTextContent(site.footer.location);
  });
});

describe('a page whose code is here already', () => {
  it('renders in the first commit, without the loading fallback (which React would hold for 300 ms)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ user: null }))));
    await prefetchRoute(createQueryClient(), { pathname: routes.register.path, search: '' });

    renderApp(routes.register.path);

    // getBy, not findBy: no waiting.
    expect(screen.getByRole('heading', { level: 1, name: routes.register.title })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
  });
});
