import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, grace, noam, userPage, usersApi } from '../../../test/admin-data';
import { admin, errorResponse, renderApp, type FakeRequest, type SentRequest } from '../../../test/render-app';
import type { AdminUser } from '../api/types';

allowSlowPageLoads();

/** Grace confirmed a talk and a poster (both in person), slides for one only; Noam has not answered. */
const graceConfirmed: AdminUser = {
  ...grace,
  presenter: true,
  attendance: 'confirmed',
  formats: ['talk', 'both'],
  modes: ['in_person'],
  materials: false,
};
const noamWaiting: AdminUser = { ...noam, presenter: true, attendance: 'not_confirmed' };

function usersQueries(requests: readonly SentRequest[]): Record<string, string>[] {
  return requests
    .filter((request) => request.method === 'GET' && request.path === '/api/admin/users')
    .map(({ url }) => Object.fromEntries(url.searchParams));
}

function reminderBodies(requests: readonly SentRequest[]): unknown[] {
  return requests.filter((request) => request.path === '/api/admin/reminders').map(({ body }) => body);
}

/** The filtered table answers with the two people, whatever the filter. */
const filteredUsers = (request: FakeRequest) =>
  request.url.searchParams.get('filter') ? userPage([graceConfirmed, noamWaiting]) : userPage([grace, noam]);

describe('/user-data after acceptance', () => {
  it('shows each person’s attendance, formats, mode and materials in words, in two columns', async () => {
    renderApp('/user-data', { user: admin, api: usersApi([graceConfirmed, noamWaiting]) });
    const table = await screen.findByRole('table');
    const graceRow = within(table).getByRole('rowheader', { name: /Grace Hopper/ }).closest('tr');
    const noamRow = within(table).getByRole('rowheader', { name: /Noam Chomsky/ }).closest('tr');
    if (!graceRow || !noamRow) throw new Error('rows missing');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    // The answer, its formats and its mode share a cell, a line each.
    const lines = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(5, 7)
        .map((cell) => cell.innerHTML.split('<br>'));
    expect(lines(graceRow)).toEqual([['Confirmed', 'Talk', 'Talk and poster', 'In person'], ['Missing']]);
    expect(cells(noamRow).slice(5, 7)).toEqual(['Not confirmed', '—none']);
  });

  it('leaves the attendance columns out while nobody on the page has an accepted submission', async () => {
    renderApp('/user-data', { user: admin, api: usersApi([grace, noam]) });
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.some((text) => text.startsWith('Attendance'))).toBe(false);
    expect(headers).toHaveLength(10);
  });

  it('filters on the server, keeps the filter in the URL with the search, and exports it', async () => {
    const { user, requests, router } = renderApp('/user-data?q=hopper&page=3', {
      user: admin,
      api: usersApi(filteredUsers),
    });
    await screen.findByRole('table');
    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(show).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Send reminder/ })).not.toBeInTheDocument();

    await user.selectOptions(show, 'Accepted but not confirmed');
    await waitFor(() => {
      expect(usersQueries(requests).at(-1)).toMatchObject({ filter: 'not_confirmed', q: 'hopper', page: '1' });
    });
    expect(router.state.location.search).toBe('?q=hopper&filter=not_confirmed');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users.csv?q=hopper&sort=name&dir=asc&filter=not_confirmed&edition=2025',
    );

    await user.selectOptions(show, 'All');
    await waitFor(() => {
      expect(usersQueries(requests).at(-1)).not.toHaveProperty('filter');
    });
    expect(router.state.location.search).toBe('?q=hopper');
  });

  it('asks before sending the reminder to the people in the filter, then says how many were sent', async () => {
    const { user, requests } = renderApp('/user-data?filter=without_materials&q=a', {
      user: admin,
      api: {
        ...usersApi(filteredUsers),
        'POST /api/admin/reminders': () => Response.json({ sent: 2 }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Send reminder to 2 people' });

    // Cancelling sends nothing.
    await user.click(button);
    const question = screen.getByRole('group', { name: /E-mail a reminder to 2 people confirmed without materials/ });
    expect(question).toHaveTextContent('matching “a”');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(reminderBodies(requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send reminder to 2 people' }));
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Reminder sent to 2 people.');
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
    expect(reminderBodies(requests)).toEqual([{ filter: 'without_materials', q: 'a', edition: 2025 }]);
  });

  it('shows the server’s refusal when too many reminders were sent', async () => {
    const refusal = 'You have sent reminders 5 times in the last hour; please wait before sending more.';
    const { user } = renderApp('/user-data?filter=not_confirmed', {
      user: admin,
      api: {
        ...usersApi(filteredUsers),
        'POST /api/admin/reminders': () => errorResponse(429, refusal),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send reminder to 2 people' }));
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });
});
