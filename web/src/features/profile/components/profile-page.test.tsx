import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, findMessage, member, renderApp } from '../../../test/render-app';

describe('profile page', () => {
  it('welcomes the user by first name', async () => {
    renderApp('/profile', { user: member });

    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Ada!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeEnabled();
  });

  it('welcomes a user without a first name as Guest', async () => {
    renderApp('/profile', { user: { ...member, first_name: '' } });

    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Guest!' })).toBeInTheDocument();
  });

  it("says 'Error fetching user data' when the profile cannot be loaded", async () => {
    renderApp('/profile', { user: member, api: { 'GET /api/me': () => errorResponse(500, 'Internal server error') } });

    await findMessage('alert', 'Error fetching user data');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('logs out and goes to /', async () => {
    const { user, router, requestsTo } = renderApp('/profile', {
      user: member,
      api: {
        'POST /api/accounts/logout': (_request, server) => {
          server.user = null;
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Undergraduate Linguistics Society' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requestsTo('POST /api/accounts/logout')).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('stays when logging out fails', async () => {
    const { user, router } = renderApp('/profile', {
      user: member,
      api: { 'POST /api/accounts/logout': () => errorResponse(500, 'Internal server error') },
    });
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    await findMessage('alert', 'Failed to log out. Please try again.');
    expect(router.state.location.pathname).toBe('/profile');
  });
});
