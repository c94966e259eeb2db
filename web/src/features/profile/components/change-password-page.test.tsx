import { fireEvent, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { deferred, errorResponse, findMessage, member, renderApp } from '../../../test/render-app';

const CHANGE = 'POST /api/accounts/change-password';
const changed = () => Response.json({ message: 'Your password has been changed.' });

async function fill(
  user: UserEvent,
  {
    current = 'old password',
    password = 'correct horse',
    confirmation = password,
  }: { current?: string; password?: string; confirmation?: string } = {},
) {
  await user.type(await screen.findByLabelText('Current Password'), current);
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
}

describe('change password page', () => {
  it("is reached from the profile's Change Password button", async () => {
    const { user, router } = renderApp('/profile', { user: member });
    await screen.findByRole('heading', { level: 2, name: 'Welcome Ada!' });
    await user.click(screen.getByRole('link', { name: 'Change Password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('At least 8 characters.');
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('autocomplete', 'new-password');
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile');
  });

  it("says 'Passwords do not match' and sends nothing", async () => {
    const { user, requestsTo } = renderApp('/change-password', { user: member, api: { [CHANGE]: changed } });
    await fill(user, { confirmation: 'correct horsf' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(requestsTo(CHANGE)).toHaveLength(0);
  });

  it("reads 'Changing Password...' while saving, sends once, then shows success on /profile", async () => {
    const answer = deferred<Response>();
    const { user, router, requestsTo } = renderApp('/change-password', {
      user: member,
      api: { [CHANGE]: () => answer.promise },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    const busy = await screen.findByRole('button', { name: 'Changing Password...' });
    expect(busy).toBeDisabled();
    const form = busy.closest('form');
    if (!form) throw new Error('the button is outside a form');
    fireEvent.submit(form);
    expect(requestsTo(CHANGE)).toEqual([{ current_password: 'old password', new_password: 'correct horse' }]);

    answer.resolve(changed());
    await findMessage('status', 'Password changed successfully. You have been signed out on your other devices.');
    expect(router.state.location.pathname).toBe('/profile');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome Ada!' })).toBeInTheDocument();
  });

  it('shows a wrong current password next to its field and stays', async () => {
    const { user, router } = renderApp('/change-password', {
      user: member,
      api: {
        [CHANGE]: () =>
          errorResponse(422, 'Your current password is not correct.', {
            fields: { current_password: ['Your current password is not correct.'] },
          }),
      },
    });
    await fill(user, { current: 'a guess' });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Your current password is not correct.',
    );
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  it("shows the server's limit message after too many wrong passwords", async () => {
    const limit = 'Too many failed sign-in attempts on this account. Please wait 15 minutes and try again.';
    const { user } = renderApp('/change-password', {
      user: member,
      api: { [CHANGE]: () => errorResponse(429, limit, { code: 'rate_limited' }) },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(limit);
  });

  it('says the change failed when the server cannot make it', async () => {
    const { user } = renderApp('/change-password', {
      user: member,
      api: { [CHANGE]: () => errorResponse(500, 'Something went wrong on our side. Please try again.') },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change your password. Please try again.');
  });
});
