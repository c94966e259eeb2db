import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { SessionUser } from '../../../api/types';
import { member, renderApp } from '../../../test/render-app';

describe('SCULC 2025 page', () => {
  it.each([
    ['a presenter', '/sculc/congratulations-page', { ...member, applicant: true, presenter: true }, 'Congratulations!'],
    ['an applicant', '/sculc/view-submission', { ...member, applicant: true }, 'Thank You for Your Submission'],
  ])("'View Submission Status' takes %s to %s", async (_who, target, user: SessionUser, title) => {
    const view = renderApp('/sculc-2025', { user });

    const status = await screen.findByRole('link', { name: 'View Submission Status' });
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

    expect(await screen.findByRole('heading', { level: 1, name: 'SCULC 2025' })).toBeInTheDocument();
    // Wait for the session before checking that nothing appeared.
    await screen.findByRole('link', { name: user ? 'Profile' : 'Login' });
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'View Submission Status' })).not.toBeInTheDocument();
  });
});
