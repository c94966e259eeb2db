import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import type { SessionUser } from '../api/types';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/router';

export const visitor = null;

export const member: SessionUser = {
  id: '0b7c6a52-1d5e-4a38-9f0e-5c1d2e3f4a5b',
  email: 'ada@example.edu',
  first_name: 'Ada',
  last_name: 'Lovelace',
  admin: false,
  applicant: false,
  presenter: false,
};

export const admin: SessionUser = { ...member, id: 'c2f1e0d9-8b7a-4c6d-9e5f-4a3b2c1d0e9f', admin: true };

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Renders the whole app (frame and routes) at `path`, with fetch answering
 * GET /api/session as the server would for `user`.
 */
export function renderApp(path: string, { user = visitor }: { user?: SessionUser | null } = {}) {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const response = urlOf(input).endsWith('/api/session')
      ? Response.json({ user })
      : Response.json({ error: 'Not found' }, { status: 404 });
    return Promise.resolve(response);
  });
  vi.stubGlobal('fetch', fetchMock);

  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const events = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, fetchMock, user: events };
}
