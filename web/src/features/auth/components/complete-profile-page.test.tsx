import { fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { SessionUser } from '../../../api/types';
import { deferred, errorResponse, findMessage, member, renderApp, type Handler } from '../../../test/render-app';

const COMPLETE = 'POST /api/accounts/complete-profile';
/** A new Google identity: signed in, no names yet. */
const newcomer: SessionUser = {
  ...member,
  first_name: '',
  last_name: '',
  profile_complete: false,
  has_password: false,
};

const completes: Handler = (request, server) => {
  const { first_name, last_name } = request.body as { first_name: string; last_name: string };
  server.user = { ...newcomer, first_name, last_name, profile_complete: true };
  return Response.json(server.user);
};

async function fill(
  user: UserEvent,
  {
    first = 'Grace',
    last = 'Hopper',
    password = 'correct horse',
    confirmation = password,
  }: { first?: string; last?: string; password?: string; confirmation?: string } = {},
) {
  const set = async (label: string, value: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  };
  await screen.findByLabelText('First Name');
  await set('First Name', first);
  await set('Last Name', last);
  await set('Password', password);
  await set('Confirm Password', confirmation);
}

describe('complete profile page', () => {
  it("has the title 'Complete Your Profile' and labelled fields", async () => {
    renderApp('/complete-profile', { user: newcomer });

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it.each([
    ['You need to register first.'],
    ['Please complete your profile.'],
    ['Please complete your profile before proceeding'],
  ])("shows the redirect's message '%s'", async (message) => {
    renderApp({ pathname: '/complete-profile', state: { message } }, { user: newcomer });

    await findMessage('status', message);
  });

  it("shows 'Please complete your profile.' after a new Google sign-in", async () => {
    renderApp('/complete-profile?notice=google-new', { user: newcomer });

    await findMessage('status', 'Please complete your profile.');
  });

  it('fills in the names the account already has', async () => {
    renderApp('/complete-profile', { user: { ...newcomer, first_name: 'Grace', last_name: 'Hopper' } });

    expect(await screen.findByLabelText('First Name')).toHaveValue('Grace');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Hopper');
  });

  it.each([
    ['the first name', { first: '' }],
    ['the last name', { last: '   ' }],
    ['the password', { password: '', confirmation: 'correct horse' }],
    ['the confirmation', { confirmation: '' }],
  ])("says 'Please fill out all fields.' without %s and sends nothing", async (_case, values) => {
    const { user, requestsTo } = renderApp('/complete-profile', { user: newcomer, api: { [COMPLETE]: completes } });
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill out all fields.');
    expect(requestsTo(COMPLETE)).toHaveLength(0);
  });

  it("says 'Passwords do not match' and sends nothing", async () => {
    const { user, requestsTo } = renderApp('/complete-profile', { user: newcomer, api: { [COMPLETE]: completes } });
    await fill(user, { confirmation: 'correct horsf' });
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(requestsTo(COMPLETE)).toHaveLength(0);
  });

  it("reads 'Updating...' while saving, sends once however often it is submitted, then goes to /", async () => {
    const answer = deferred<Response>();
    const { user, router, requestsTo, server } = renderApp('/complete-profile', {
      user: newcomer,
      api: {
        [COMPLETE]: async (request, fake) => {
          const response = await answer.promise;
          return response.status === 200 ? completes(request, fake) : response;
        },
      },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    const busy = await screen.findByRole('button', { name: 'Updating...' });
    expect(busy).toBeDisabled();
    // Enter pressed again, bypassing the disabled button.
    const form = busy.closest('form');
    if (!form) throw new Error('the button is outside a form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(requestsTo(COMPLETE)).toEqual([{ first_name: 'Grace', last_name: 'Hopper', password: 'correct horse' }]);

    answer.resolve(new Response(null, { status: 200 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Undergraduate Linguistics Society' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.user?.profile_complete).toBe(true);
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' }),
    ).toBeInTheDocument();
  });

  it("says 'Failed to update profile. Please try again.' when saving fails", async () => {
    const { user } = renderApp('/complete-profile', {
      user: newcomer,
      api: { [COMPLETE]: () => errorResponse(500, 'Internal server error') },
    });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile. Please try again.');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it('asks an account that has a password only for its names, and never sends a password', async () => {
    // E.g. an address taken back with a reset link from whoever registered it.
    const reclaimed: SessionUser = { ...newcomer, has_password: true };
    const { user, router, requestsTo } = renderApp('/complete-profile', {
      user: reclaimed,
      api: { [COMPLETE]: completes },
    });
    await screen.findByLabelText('First Name');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill out all fields.');
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Undergraduate Linguistics Society' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(requestsTo(COMPLETE)).toEqual([{ first_name: 'Ada', last_name: 'Lovelace' }]);
  });

  it("shows the server's messages next to the fields it rejects", async () => {
    const { user } = renderApp('/complete-profile', {
      user: newcomer,
      api: {
        [COMPLETE]: () =>
          errorResponse(422, 'Please correct the highlighted fields.', {
            fields: { password: ['Use at least 8 characters.'] },
          }),
      },
    });
    await fill(user, { password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Use at least 8 characters\./);
  });
});
