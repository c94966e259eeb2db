import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, edition, grace, userPage } from '../../../test/admin-data';
import { admin, renderApp, type FakeRequest, type SentRequest } from '../../../test/render-app';
import type { AdminUser } from '../api/types';

allowSlowPageLoads();

/** Grace as 2025 shows her: a presenter who has not confirmed. */
const presenter2025: AdminUser = { ...grace, presenter: true, attendance: 'not_confirmed' };

/**
 * 2026 is current and has no submissions; 2025 has Grace as a presenter. The
 * fake server answers the edition asked for (none: the current one), as the
 * real one does.
 */
function twoEditions(): Record<string, (request: FakeRequest) => Response> {
  return {
    'GET /api/admin/editions': () => Response.json([edition(2026), edition(2025)]),
    'GET /api/admin/users': (request) => {
      const year = Number(request.url.searchParams.get('edition') ?? 2026);
      const users = year === 2025 ? [presenter2025] : [{ ...grace, applicant: false, first_submission: null }];
      return Response.json(userPage(users, { edition_year: year }));
    },
    'POST /api/admin/reminders': () => Response.json({ sent: 1 }),
  };
}

function usersQueries(requests: readonly SentRequest[]): Record<string, string>[] {
  return requests
    .filter((request) => request.method === 'GET' && request.path === '/api/admin/users')
    .map(({ url }) => Object.fromEntries(url.searchParams));
}

describe('/user-data across editions', () => {
  it('shows the current edition by default and an earlier one when picked, kept in the URL', async () => {
    const { user, requests, router } = renderApp('/user-data?q=grace&page=2', {
      user: admin,
      api: twoEditions(),
    });
    expect(await screen.findByRole('table', { name: 'Users of SCULC 2026, sorted by Name, ascending' })).toBeVisible();
    const picker = screen.getByRole('combobox', { name: 'Edition' });
    await waitFor(() => {
      expect(picker).toHaveValue('2026');
    });

    await user.selectOptions(picker, 'SCULC 2025');
    const table = await screen.findByRole('table', { name: 'Users of SCULC 2025, sorted by Name, ascending' });
    // The search stays; another edition starts again at page 1.
    expect(router.state.location.search).toBe('?q=grace&edition=2025');
    expect(usersQueries(requests).at(-1)).toMatchObject({ q: 'grace', page: '1', edition: '2025' });
    const [, graceRow] = within(table).getAllByRole('row');
    if (!graceRow) throw new Error('no row for Grace');
    // Applicant and Presenter: 2025's flags, not 2026's.
    expect(within(graceRow).getAllByRole('cell').slice(1, 3).map((cell) => cell.textContent)).toEqual(['Yes', 'Yes']);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users.csv?q=grace&sort=name&dir=asc&edition=2025',
    );

    await user.selectOptions(picker, 'SCULC 2026 (current)');
    expect(await screen.findByRole('table', { name: /^Users of SCULC 2026/ })).toBeVisible();
    expect(router.state.location.search).toBe('?q=grace&edition=2026');
  });

  it('sends the edition from a reloaded URL with every request, and reminds that edition’s presenters', async () => {
    const { user, requests } = renderApp('/user-data?filter=not_confirmed&edition=2025', {
      user: admin,
      api: twoEditions(),
    });
    expect(await screen.findByRole('table', { name: /^Users of SCULC 2025/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Edition' })).toHaveValue('2025');
    expect(usersQueries(requests).every((query) => query.edition === '2025')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Send reminder to 1 person' }));
    const question = screen.getByRole('group', { name: /E-mail a reminder to 1 person accepted but not confirmed/ });
    expect(question).toHaveTextContent('in SCULC 2025?');
    await user.click(within(question).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Reminder sent to 1 person.');
    const sent = requests.filter((request) => request.path === '/api/admin/reminders').map(({ body }) => body);
    expect(sent).toEqual([{ filter: 'not_confirmed', edition: 2025 }]);
  });
});
