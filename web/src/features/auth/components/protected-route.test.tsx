import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { findMessage, member, renderApp } from '../../../test/render-app';

async function signIn(user: UserEvent) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.edu');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('protected routes', () => {
  it.each([
    ['/sculc/submit-abstract', 'You Must Log In to Submit an Abstract'],
    ['/complete-profile', 'You need to register first.'],
    ['/profile', 'Please sign in to continue.'],
    ['/edit-profile', 'Please sign in to continue.'],
    ['/sculc/view-submission', 'Please sign in to continue.'],
    ['/sculc/congratulations-page', 'Please sign in to continue.'],
    ['/user-data', 'Please sign in to continue.'],
  ])('send a visitor from %s to /login with "%s"', async (path, message) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await findMessage('status', message);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: path, message });
  });

  it('bring the user back, with the query, after signing in', async () => {
    const { user, router } = renderApp('/profile?tab=name', {
      api: {
        'POST /api/accounts/login': (_request, server) => {
          server.user = member;
          return Response.json({ user: member });
        },
      },
    });
    await signIn(user);

    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Ada!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.search).toBe('?tab=name');
  });

  it('send a user without a completed profile to /complete-profile', async () => {
    const { router } = renderApp('/sculc/submit-abstract', { user: { ...member, profile_complete: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeInTheDocument();
    await findMessage('status', 'Please complete your profile before proceeding');
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  it('let such a user stay on /complete-profile', async () => {
    const { router } = renderApp('/complete-profile', { user: { ...member, profile_complete: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/complete-profile');
  });

  it('show a signed-in user the page', async () => {
    renderApp('/sculc/submit-abstract', { user: member });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abstract Submission Portal' }),
    ).toBeInTheDocument();
  });

  it('show a loading status, not the page, while the session loads', async () => {
    renderApp('/profile', { api: { 'GET /api/session': () => new Promise<Response>(() => undefined) } });

    await findMessage('status', 'Checking your sign-in…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('send the user to sign in when the session ends while on the page', async () => {
    const { router } = renderApp('/profile', {
      user: member,
      api: {
        // The session expired on the server: /api/me says 401, and so will the session from now on.
        'GET /api/me': (_request, server) => {
          server.user = null;
          return Response.json({ error: 'Please sign in.' }, { status: 401 });
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await findMessage('status', 'Please sign in to continue.');
    expect(router.state.location.state).toEqual({ from: '/profile', message: 'Please sign in to continue.' });
  });
});
