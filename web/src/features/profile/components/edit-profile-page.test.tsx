import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, findMessage, member, renderApp, type Handler } from '../../../test/render-app';

const saves: Handler = (request, server) => {
  const names = request.body as { first_name: string; last_name: string };
  if (!server.user) return errorResponse(401, 'Please sign in.');
  server.user = { ...server.user, ...names };
  return Response.json(server.user);
};

describe('edit profile page', () => {
  it('shows the email read-only and the names filled in', async () => {
    renderApp('/edit-profile', { user: member });

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('ada@example.edu');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('First Name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('autocomplete', 'family-name');
  });

  it('saves the names and goes to /profile, which shows the new name and a success message', async () => {
    const { user, router, requestsTo } = renderApp('/edit-profile', { user: member, api: { 'PATCH /api/me': saves } });
    const firstName = await screen.findByLabelText('First Name');
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Augusta!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(requestsTo('PATCH /api/me')).toEqual([{ first_name: 'Augusta', last_name: 'Lovelace' }]);
    expect(await findMessage('status', 'Profile updated successfully.')).toHaveClass('is-success');
  });

  it("says 'Failed to update profile. Please try again.', styled as an error, when saving fails", async () => {
    const { user, router } = renderApp('/edit-profile', {
      user: member,
      api: { 'PATCH /api/me': () => errorResponse(500, 'Internal server error') },
    });
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    expect(await findMessage('alert', 'Failed to update profile. Please try again.')).toHaveClass('is-error');
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it("says 'Error fetching user data' when the profile cannot be loaded", async () => {
    renderApp('/edit-profile', {
      user: member,
      api: { 'GET /api/me': () => errorResponse(500, 'Internal server error') },
    });

    await findMessage('alert', 'Error fetching user data');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  });
});
