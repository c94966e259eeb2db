import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { SessionUser } from '../api/types';
import { protectedRoutes } from '../config/protected-routes';
import type { RouteId } from '../config/routes';
import { allowSlowPageLoads, grace, noam, usersApi } from '../test/admin-data';
import { admin, member, renderApp, type SentRequest } from '../test/render-app';
import { createQueryClient } from './providers';
import { prefetchRouteData, routeData } from './route-data';
import { prefetchRoute } from './router';

allowSlowPageLoads();

/** How many GET requests went to `path`. */
function count(requests: readonly SentRequest[], path: string): number {
  return requests.filter((request) => request.method === 'GET' && request.path === path).length;
}

/**
 * Stubs fetch with a server where `user` is signed in, answering every other
 * request with an empty 200; returns the paths asked, in order.
 */
function stubServer(user: SessionUser | null): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const { pathname } = new URL(request.url);
      asked.push(pathname);
      return Promise.resolve(Response.json(pathname === '/api/session' ? { user } : user));
    }),
  );
  return asked;
}

describe('the start-up asks for a signed-in page’s data beside its code', () => {
  it('asks for the session and then the data of /profile before anything renders', async () => {
    const asked = stubServer(member);

    void prefetchRoute(createQueryClient(), { pathname: '/profile', search: '' });

    await waitFor(() => {
      expect(asked).toEqual(['/api/session', '/api/me']);
    });
  });

  it('/profile uses the answer fetched at start-up: one request for the profile, one for the session', async () => {
    const { requests } = renderApp('/profile', { user: member, prefetch: true, strict: false });

    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Ada!' })).toBeInTheDocument();
    expect(count(requests, '/api/me')).toBe(1);
    expect(count(requests, '/api/session')).toBe(1);
  });

  it('/sculc/view-submission asks for the user’s submissions once', async () => {
    const { requests } = renderApp('/sculc/view-submission', {
      user: member,
      prefetch: true,
      strict: false,
      api: { 'GET /api/submissions': () => Response.json({ submissions: [] }) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Submission' })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('Loading your submissions…')).not.toBeInTheDocument();
    });
    expect(count(requests, '/api/submissions')).toBe(1);
  });

  it('/user-data asks for the page of the table its address names, and the editions, once each', async () => {
    const { requests } = renderApp('/user-data?sort=email&dir=desc&page=1', {
      user: admin,
      prefetch: true,
      strict: false,
      api: usersApi([grace, noam]),
    });

    expect(await screen.findByRole('table')).toBeInTheDocument();
    const tableReads = requests.filter((request) => request.path === '/api/admin/users');
    expect(tableReads.map(({ url }) => [url.searchParams.get('sort'), url.searchParams.get('dir')])).toEqual([
      ['email', 'desc'],
    ]);
    expect(count(requests, '/api/admin/editions')).toBe(1);
  });

  it.each<[string, RouteId, SessionUser | null]>([
    ['a visitor', 'profile', null],
    ['a member who is not an admin', 'userData', member],
    ['a member who is not a reviewer', 'review', member],
    ['a user whose profile is not complete', 'profile', { ...member, profile_complete: false }],
  ])('asks nothing but the session for %s on %s, whom the page would refuse', async (_who, id, user) => {
    const asked = stubServer(user);

    await prefetchRouteData(createQueryClient(), id, '');

    expect(asked).toEqual(['/api/session']);
  });

  it('fetches data only for pages that the guards protect', () => {
    for (const id of Object.keys(routeData)) expect(protectedRoutes).toHaveProperty(id);
  });
});
