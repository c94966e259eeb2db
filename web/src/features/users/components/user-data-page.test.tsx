import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Role } from '../../../api/types';
import { allowSlowPageLoads, grace, lastYears, noam, phonology, syntax, userPage, usersApi } from '../../../test/admin-data';
import { answerDialog } from '../../../test/dialog';
import { admin, errorResponse, findMessage, member, renderApp, type SentRequest } from '../../../test/render-app';

/** Every admin endpoint asked, by path. */
function adminPaths(requests: readonly SentRequest[]): string[] {
  return requests.map((request) => request.path).filter((path) => path.startsWith('/api/admin'));
}

/** The URLs of the requests made to one path, e.g. '/api/admin/users', in order. */
function requestsTo(requests: readonly SentRequest[], pathname: string, method = 'GET'): URL[] {
  return requests.filter((request) => request.path === pathname && request.method === method).map(({ url }) => url);
}

function lastQuery(requests: readonly SentRequest[]): Record<string, string> {
  const urls = requestsTo(requests, '/api/admin/users');
  return Object.fromEntries(urls.at(-1)?.searchParams ?? []);
}

function columnHeaders() {
  return within(screen.getByRole('table')).getAllByRole('columnheader');
}

allowSlowPageLoads();

describe('/user-data', () => {
  it('shows the spec’s columns in order, a row per user with the first abstract, in Pacific time', async () => {
    renderApp('/user-data', { user: admin, api: usersApi([grace, noam]) });

    const table = await screen.findByRole('table');
    expect(columnHeaders().map((header) => header.textContent.replace(/[▲▼↕]/g, ''))).toEqual([
      'Name',
      'Email',
      'Applicant',
      'Presenter',
      'Abstract Name',
      'Upload Time',
      'Admin',
      'Reviewer',
      'Editor',
      'Check-in',
    ]);
    const [, graceRow, noamRow] = within(table).getAllByRole('row');
    if (!graceRow || !noamRow) throw new Error('rows missing');
    const graceCells = within(graceRow).getAllByRole('cell').map((cell) => cell.textContent);
    expect(graceCells).toEqual([
      'grace@example.edu',
      'Yes',
      'No',
      'Phonology.pdf (opens in a new tab) +1 more',
      'March 1, 2025, 10:15 AM PST',
      // The admin flag, and the reviewer (issue 14), editor (issue 24) and check-in (issue 26)
      // roles, each in its own column under its header (issue 39).
      'Admin',
      'Reviewer',
      'Editor',
      'Check-in',
    ]);
    const link = within(graceRow).getByRole('link', { name: 'Phonology.pdf (opens in a new tab)' });
    expect(link).toHaveAttribute('href', phonology.file_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(graceRow).getByRole('rowheader')).toHaveTextContent('Grace Hopper');
    expect(within(noamRow).getByRole('checkbox', { name: 'Admin: Noam Chomsky' })).toBeChecked();
    expect(within(graceRow).getByRole('checkbox', { name: 'Admin: Grace Hopper' })).not.toBeChecked();
    // Each box is labelled with its role (its column's header shows it), not its state.
    const shown = (name: string) =>
      within(graceRow).getByRole<HTMLInputElement>('checkbox', { name }).labels?.[0]?.textContent;
    expect(shown('Admin: Grace Hopper')).toBe('Admin');
    expect(shown('Reviewer: Grace Hopper')).toBe('Reviewer');
    expect(shown('Editor: Grace Hopper')).toBe('Editor');
    expect(shown('Check-in: Grace Hopper')).toBe('Check-in');

    // The table scrolls in a labelled region on narrow screens.
    expect(screen.getByRole('region', { name: 'Users of SCULC 2025, sorted by Name, ascending' })).toContainElement(table);
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  });

  it('sorts on the server: a new column ascending, the same one again descending, and keeps it in the URL', async () => {
    const { user, requests, router } = renderApp('/user-data', { user: admin, api: usersApi([grace, noam]) });
    await screen.findByRole('table');
    expect(lastQuery(requests)).toMatchObject({ sort: 'name', dir: 'asc', page: '1' });
    const header = (name: string) => columnHeaders().find((cell) => cell.textContent.startsWith(name));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Upload Time' }));
    await waitFor(() => {
      expect(lastQuery(requests)).toMatchObject({ sort: 'uploaded_at', dir: 'asc' });
    });
    expect(header('Upload Time')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Upload Time' }));
    await waitFor(() => {
      expect(lastQuery(requests)).toMatchObject({ sort: 'uploaded_at', dir: 'desc' });
    });
    expect(header('Upload Time')).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?sort=uploaded_at&dir=desc');

    await user.click(screen.getByRole('button', { name: 'Admin' }));
    await waitFor(() => {
      expect(lastQuery(requests)).toMatchObject({ sort: 'admin', dir: 'asc' });
    });
  });

  it('searches when Enter is pressed, not on each keystroke, and starts again at page 1', async () => {
    const { user, requests, router } = renderApp('/user-data?page=2&sort=email&dir=desc', {
      user: admin,
      api: usersApi(() => userPage([grace], { total: 120, page: 2 })),
    });
    await screen.findByRole('table');
    expect(lastQuery(requests)).toMatchObject({ q: '', sort: 'email', dir: 'desc', page: '2', per_page: '50' });
    const before = requestsTo(requests, '/api/admin/users').length;

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, ' Hopper ');
    expect(requestsTo(requests, '/api/admin/users')).toHaveLength(before);

    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(lastQuery(requests)).toMatchObject({ q: 'Hopper', sort: 'email', dir: 'desc', page: '1' });
    });
    expect(router.state.location.search).toBe('?q=Hopper&sort=email&dir=desc');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users.csv?q=Hopper&sort=email&dir=desc&edition=2025',
    );
  });

  it('pages through the results with links that keep the search and order', async () => {
    const { user, requests } = renderApp('/user-data?q=a', {
      user: admin,
      api: usersApi((request) =>
        userPage([grace], { total: 120, page: Number(request.url.searchParams.get('page')) }),
      ),
    });
    expect(await screen.findByText(/Showing 1–50 of 120 users/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText(/Showing 51–100 of 120 users/)).toBeInTheDocument();
    expect(lastQuery(requests)).toMatchObject({ q: 'a', page: '2' });
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/user-data?q=a');
  });

  it('shows the server’s refusal when an admin decides on their own submission', async () => {
    const { user } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi(() => userPage([grace])),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax]),
        [`POST /api/admin/submissions/${syntax.id}/decision`]: () =>
          Response.json(
            { error: 'Another admin decides on your own submission.', code: 'own_submission' },
            { status: 403 },
          ),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Submissions of Grace Hopper' }));
    const list = await screen.findByRole('list', { name: 'Submissions of Grace Hopper' });
    await user.click(within(list).getByRole('button', { name: 'Accept' }));
    await answerDialog(user, 'Accept', 'Accept submission');
    expect(await screen.findByText('Another admin decides on your own submission.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Status: Submitted, no decision yet');
  });

  it('shows a user’s registrations for events beside their submissions, each linked to its list', async () => {
    const { user } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi(() => userPage([grace])),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax]),
        [`GET /api/admin/users/${grace.id}/registrations`]: () =>
          Response.json([
            {
              event_slug: 'sculc-2026',
              event_title: 'SCULC 2026',
              starts_at: '2026-05-16T16:00:00Z',
              state: 'waiting',
              mode: 'in_person',
              lunch: true,
              dietary: '',
              access: '',
              offer_expires_at: null,
              position: 2,
              checked_in_at: null,
            },
          ]),
      },
    });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Submissions of Grace Hopper' }));
    const link = await screen.findByRole('link', { name: 'SCULC 2026' });
    expect(link).toHaveAttribute('href', '/user-data/registration?event=sculc-2026');
    expect(link.closest('li')).toHaveTextContent('SCULC 2026: Waiting (2nd in line), in person, with lunch.');
  });

  it('opens a user’s submissions in every edition, and accepts one; the table is read again', async () => {
    let status: 'submitted' | 'accepted' = 'submitted';
    const { user, requests, requestsTo: bodiesTo } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi(() => userPage([{ ...grace, presenter: status === 'accepted' }])),
        [`GET /api/admin/users/${grace.id}/submissions`]: () =>
          Response.json([{ ...syntax, status }, phonology, lastYears]),
        [`POST /api/admin/submissions/${syntax.id}/decision`]: (request) => {
          status = (request.body as { decision: typeof status }).decision;
          return Response.json({ ...syntax, status });
        },
      },
    });
    await screen.findByRole('table');

    const toggle = screen.getByRole('button', { name: 'Submissions of Grace Hopper' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide submissions of Grace Hopper' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const list = await screen.findByRole('list', { name: 'Submissions of Grace Hopper' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    const [syntaxItem, , oldItem] = items;
    if (!syntaxItem || !oldItem) throw new Error('items missing');
    expect(syntaxItem).toHaveTextContent('SCULC 2025 · Uploaded March 2, 2025, 12:40 PM PST · 245 KB · 540 words');
    expect(syntaxItem).toHaveTextContent('Status: Submitted, no decision yet');
    expect(within(syntaxItem).getByRole('list', { name: 'Guideline warnings' })).toHaveTextContent(
      'The abstract has 540 words; the limit is 500.',
    );
    expect(within(syntaxItem).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    // Last year's decisions are closed.
    expect(oldItem).toHaveTextContent('Status: Accepted');
    expect(within(oldItem).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();

    // Cancelling the confirmation sends nothing.
    await user.click(within(syntaxItem).getByRole('button', { name: 'Accept' }));
    expect(await answerDialog(user, 'Cancel', 'Accept submission')).toBe(
      'Accept “syntax.pdf” by Grace Hopper? The acceptance e-mail goes to them at once.',
    );
    expect(bodiesTo(`POST /api/admin/submissions/${syntax.id}/decision`)).toEqual([]);

    const tableReads = requestsTo(requests, '/api/admin/users').length;
    await user.click(within(syntaxItem).getByRole('button', { name: 'Accept' }));
    await answerDialog(user, 'Accept', 'Accept submission');

    expect(
      await findMessage('status', '“syntax.pdf”: Accepted: the author was sent the acceptance e-mail.'),
    ).toBeInTheDocument();
    expect(bodiesTo(`POST /api/admin/submissions/${syntax.id}/decision`)).toEqual([
      { decision: 'accepted', ask_if_confirm_by_passed: true },
    ]);
    await waitFor(() => {
      expect(requestsTo(requests, '/api/admin/users').length).toBeGreaterThan(tableReads);
    });
    const row = screen.getByRole('rowheader', { name: /Grace Hopper/ }).closest('tr');
    if (!row) throw new Error('no row');
    await waitFor(() => {
      expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Yes'); // Presenter
    });

    const accepted = within(screen.getByRole('list', { name: 'Submissions of Grace Hopper' })).getAllByRole(
      'listitem',
    )[0];
    if (!accepted) throw new Error('no item');
    await waitFor(() => {
      expect(accepted).toHaveTextContent('Status: Accepted');
    });
    expect(within(accepted).getByRole('button', { name: 'Accept' })).toBeDisabled();
    await user.click(within(accepted).getByRole('button', { name: 'Undo' }));
    // Undoing e-mails no one, so it is not asked about.
    expect(await findMessage('status', '“syntax.pdf”: Decision undone.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodiesTo(`POST /api/admin/submissions/${syntax.id}/decision`)).toEqual([
      { decision: 'accepted', ask_if_confirm_by_passed: true },
      { decision: 'submitted' },
    ]);
  });

  it('shows what a presenter wrote of their needs in their details, line breaks kept', async () => {
    const confirmed = { ...lastYears, needs: 'Step-free access\nVegetarian lunch' };
    const { user } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi([grace]),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax, confirmed]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Submissions of Grace Hopper' }));
    const needs = await screen.findByText(/Step-free access/);
    expect(needs).toHaveTextContent('Needs: Step-free access Vegetarian lunch');
    expect(needs.textContent).toContain('Step-free access\nVegetarian lunch');
    expect(screen.getAllByText('Needs:')).toHaveLength(1);
  });

  it('asks before accepting after the confirm-by deadline, and extends it by a week or accepts anyway', async () => {
    const bodies: Record<string, unknown>[] = [];
    const { user } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi([grace]),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax]),
        [`POST /api/admin/submissions/${syntax.id}/decision`]: (request) => {
          const body = request.body as Record<string, unknown>;
          bodies.push(body);
          if (body.ask_if_confirm_by_passed === true && !body.extend_confirm_by_to) {
            return Response.json(
              {
                error: 'The deadline to confirm attendance, April 15, 2025 at 11:59 PM PDT, has passed.',
                code: 'confirm_by_passed',
              },
              { status: 409 },
            );
          }
          return Response.json({ ...syntax, status: 'accepted' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Submissions of Grace Hopper' }));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await answerDialog(user, 'Accept', 'Accept submission');
    expect(await answerDialog(user, 'Extend and accept', 'Extend the deadline to confirm?')).toMatch(
      /^The deadline to confirm attendance, April 15, 2025 at 11:59 PM PDT, has passed\. Move it to .+ and accept “syntax\.pdf”\?$/,
    );
    expect(await findMessage('status', '“syntax.pdf”: Accepted: the author was sent the acceptance e-mail.')).toBeInTheDocument();
    const until = Date.parse(String(bodies[1]?.extend_confirm_by_to));
    expect(until - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(until - Date.now()).toBeLessThan(7 * 24 * 3600_000 + 120_000);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await answerDialog(user, 'Accept', 'Accept submission');
    await answerDialog(user, 'Not now', 'Extend the deadline to confirm?');
    expect(await answerDialog(user, 'Accept anyway', 'Accept without extending?')).toBe(
      'Grace Hopper will not be able to confirm their attendance on the site. Accept “syntax.pdf” all the same?',
    );
    await waitFor(() => {
      expect(bodies.at(-1)).toEqual({ decision: 'accepted', ask_if_confirm_by_passed: false });
    });
  });

  it('shows the server’s refusal of a decision', async () => {
    const { user } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi([grace]),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax]),
        [`POST /api/admin/submissions/${syntax.id}/decision`]: () =>
          errorResponse(409, 'Only submissions to the current edition can be decided.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Submissions of Grace Hopper' }));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await answerDialog(user, 'Reject', 'Reject submission')).toBe(
      'Reject “syntax.pdf” by Grace Hopper? The rejection e-mail goes to them at once.',
    );

    expect(await findMessage('alert', 'Only submissions to the current edition can be decided.')).toBeInTheDocument();
  });

  it('sends an admin whose session ended to sign in when a decision is refused with 401, to come back after', async () => {
    const { user, router } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi([grace]),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax]),
        // Signed out elsewhere: from now on the session is a visitor's too.
        [`POST /api/admin/submissions/${syntax.id}/decision`]: (_request, server) => {
          server.user = null;
          return errorResponse(401, 'Please sign in.');
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Submissions of Grace Hopper' }));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await answerDialog(user, 'Accept');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: '/user-data' });
  });

  it('deletes a submission after a confirmation', async () => {
    const { user, requestsTo: bodiesTo } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi([grace]),
        [`GET /api/admin/users/${grace.id}/submissions`]: () => Response.json([syntax]),
        [`DELETE /api/admin/submissions/${syntax.id}`]: () => new Response(null, { status: 204 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Submissions of Grace Hopper' }));
    const remove = await screen.findByRole('button', { name: 'Delete' });

    await user.click(remove);
    expect(await answerDialog(user, 'Cancel', 'Delete submission')).toBe(
      'Delete “syntax.pdf” by Grace Hopper? This cannot be undone.',
    );
    expect(bodiesTo(`DELETE /api/admin/submissions/${syntax.id}`)).toHaveLength(0);
    expect(remove).toHaveFocus();

    await user.click(remove);
    await answerDialog(user, 'Delete', 'Delete submission');
    expect(await findMessage('status', '“syntax.pdf” was deleted.')).toBeInTheDocument();
    expect(bodiesTo(`DELETE /api/admin/submissions/${syntax.id}`)).toHaveLength(1);
  });

  it('grants admin rights after a confirmation', async () => {
    let graceAdmin = false;
    const { user, requestsTo: bodiesTo } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi(() => userPage([{ ...grace, roles: graceAdmin ? ['admin'] : [] }])),
        [`PUT /api/admin/users/${grace.id}/admin`]: (request) => {
          graceAdmin = (request.body as { admin: boolean }).admin;
          return Response.json({ ...grace, roles: graceAdmin ? ['admin'] : [] });
        },
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Admin: Grace Hopper' }));

    expect(await answerDialog(user, 'Make admin', 'Grant admin rights')).toMatch(/^Make Grace Hopper an admin\?/);
    expect(await findMessage('status', 'Grace Hopper is now an admin.')).toBeInTheDocument();
    expect(bodiesTo(`PUT /api/admin/users/${grace.id}/admin`)).toEqual([{ admin: true }]);
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: 'Admin: Grace Hopper' })).toBeChecked();
    });
  });

  it.each([
    ['reviewer', 'Reviewer', 'a reviewer'],
    ['editor', 'Editor', 'an editor'],
    ['check_in', 'Check-in', 'a check-in volunteer'],
  ] as const)('gives and takes the %s role with its box beside Admin, without a question', async (role, label, holder) => {
    let roles: Role[] = [];
    const { user, requests } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi(() => userPage([{ ...grace, roles }])),
        [`PUT /api/admin/users/${grace.id}/roles/${role}`]: () => {
          roles = [role];
          return Response.json({ ...grace, roles });
        },
        [`DELETE /api/admin/users/${grace.id}/roles/${role}`]: () => {
          roles = [];
          return Response.json({ ...grace, roles });
        },
      },
    });
    const box = await screen.findByRole('checkbox', { name: `${label}: Grace Hopper` });
    expect(box).not.toBeChecked();
    await user.click(box);

    expect(await findMessage('status', `Grace Hopper is now ${holder}.`)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: `${label}: Grace Hopper` })).toBeChecked();
    });
    expect(screen.getByRole('checkbox', { name: 'Admin: Grace Hopper' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: `${label}: Grace Hopper` }));
    expect(await findMessage('status', `Grace Hopper is no longer ${holder}.`)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: `${label}: Grace Hopper` })).not.toBeChecked();
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(requests, `/api/admin/users/${grace.id}/roles/${role}`, 'PUT')).toHaveLength(1);
    expect(requestsTo(requests, `/api/admin/users/${grace.id}/roles/${role}`, 'DELETE')).toHaveLength(1);
  });

  it('asks an admin who unticks their own box whether they mean to lose access', async () => {
    const me = { ...noam, id: admin.id, first_name: 'Ada', last_name: 'Lovelace', email: admin.email };
    const { user, requestsTo: bodiesTo } = renderApp('/user-data', { user: admin, api: usersApi([me]) });
    await user.click(await screen.findByRole('checkbox', { name: 'Admin: Ada Lovelace' }));

    expect(await answerDialog(user, 'Cancel', 'Remove admin rights')).toBe(
      'Remove your own admin rights? You will no longer see these pages.',
    );
    expect(bodiesTo(`PUT /api/admin/users/${admin.id}/admin`)).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Admin: Ada Lovelace' })).toBeChecked();
  });

  it('shows the server’s 409 when the last admin would be removed, and the box stays ticked', async () => {
    const { user, requestsTo: bodiesTo } = renderApp('/user-data', {
      user: admin,
      api: {
        ...usersApi([noam]),
        [`PUT /api/admin/users/${noam.id}/admin`]: () => errorResponse(409, 'At least one admin must remain.'),
      },
    });
    const box = await screen.findByRole('checkbox', { name: 'Admin: Noam Chomsky' });
    await user.click(box);
    await answerDialog(user, 'Remove admin rights', 'Remove admin rights');

    expect(await findMessage('alert', 'At least one admin must remain.')).toBeInTheDocument();
    expect(bodiesTo(`PUT /api/admin/users/${noam.id}/admin`)).toEqual([{ admin: false }]);
    expect(screen.getByRole('checkbox', { name: 'Admin: Noam Chomsky' })).toBeChecked();
  });
});

describe('admin pages for anyone else', () => {
  it.each(['/user-data', '/user-data/editions', '/user-data/templates', '/user-data/activity'])(
    '%s shows a signed-in non-admin "Not authorised" and asks the server for nothing',
    async (path) => {
      const { requests } = renderApp(path, { user: member, api: usersApi([grace]) });

      expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
      expect(screen.getByText('You need admin rights to see this page.')).toBeInTheDocument();
      await waitFor(() => {
        expect(document.title).toBe('Not authorised · Undergraduate Linguistics Society');
      });
      expect(adminPaths(requests)).toEqual([]);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    },
  );

  it('sends a visitor to /login, to come back after signing in', async () => {
    const { router, requests } = renderApp('/user-data/templates', { user: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: '/user-data/templates' });
    expect(adminPaths(requests)).toEqual([]);
  });
});
