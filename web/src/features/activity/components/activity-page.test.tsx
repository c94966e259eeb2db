import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, edition } from '../../../test/admin-data';
import { admin, renderApp } from '../../../test/render-app';
import type { AuditEntry, OutboxReport } from '../api/types';

function entry(n: number): AuditEntry {
  return {
    id: `entry-${n}`,
    at: '2025-03-25T17:30:00Z',
    actor_email: 'noam@example.edu',
    actor_name: 'Noam Chomsky',
    action: 'submission.accepted',
    summary: `Accepted ‘abstract-${n}.pdf’ by Ada Lovelace (SCULC 2025)`,
  };
}

allowSlowPageLoads();

describe('/user-data/activity', () => {
  it('says how many entries about its own submissions an admin is not shown', async () => {
    renderApp('/user-data/activity', {
      user: admin,
      api: {
        'GET /api/admin/audit': () =>
          Response.json({ entries: [entry(3)], total: 1, page: 1, per_page: 50, about_own_submissions: 2 }),
      },
    });

    expect(
      await screen.findByText(
        '2 entries are not shown to you: they say who reviews your own submissions. Another admin can read them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Admin actions, newest first' })).toHaveTextContent('abstract-3.pdf');
  });

  it('lists who did what and when, newest first, page by page', async () => {
    const { user } = renderApp('/user-data/activity', {
      user: admin,
      api: {
        'GET /api/admin/audit': (request) => {
          const page = Number(request.url.searchParams.get('page'));
          const entries = page === 1 ? [entry(60), entry(59)] : [entry(10)];
          return Response.json({ entries, total: 60, page, per_page: 50, about_own_submissions: 0 });
        },
      },
    });

    const log = await screen.findByRole('list', { name: 'Admin actions, newest first' });
    const [first] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('Accepted ‘abstract-60.pdf’ by Ada Lovelace (SCULC 2025)');
    expect(first).toHaveTextContent('March 25, 2025, 10:30 AM PDT · Noam Chomsky (noam@example.edu)');
    expect(screen.getByText(/Showing 1–50 of 60 entries/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Accepted ‘abstract-10.pdf’ by Ada Lovelace (SCULC 2025)')).toBeInTheDocument();
    expect(screen.getByText(/Showing 51–60 of 60 entries/)).toBeInTheDocument();
  });

  it('shows e-mails that could not be delivered, and retries one', async () => {
    let report: OutboxReport = {
      queued: 0,
      retrying: 0,
      given_up: 1,
      undelivered: [
        {
          id: 'email-1',
          recipient: 'ada@example.edu',
          subject: 'Verify your e-mail address',
          queued_at: '2025-03-25T17:00:00Z',
          attempts: 12,
          max_attempts: 12,
          last_attempt_at: '2025-03-25T17:30:00Z',
          last_error: 'SMTP delivery failed: permanent error (550): mailbox unavailable',
          next_attempt_at: null,
          given_up: true,
        },
      ],
    };
    const { user, requestsTo } = renderApp('/user-data/activity', {
      user: admin,
      api: {
        'GET /api/admin/audit': () =>
          Response.json({ entries: [], total: 0, page: 1, per_page: 50, about_own_submissions: 0 }),
        'GET /api/admin/outbox': () => Response.json(report),
        'POST /api/admin/outbox/email-1/retry': () => {
          report = { queued: 1, retrying: 0, given_up: 0, undelivered: [] };
          return new Response(null, { status: 204 });
        },
      },
    });

    const failed = await screen.findByRole('list', { name: 'E-mails not delivered, most recently tried first' });
    const email = within(failed).getByRole('listitem');
    expect(email).toHaveTextContent('‘Verify your e-mail address’ to ada@example.edu');
    expect(email).toHaveTextContent('Attempt 12 of 12 failed at March 25, 2025, 10:30 AM PDT; given up.');
    expect(email).toHaveTextContent('mailbox unavailable');

    await user.click(
      within(email).getByRole('button', { name: 'Retry the e-mail ‘Verify your e-mail address’ to ada@example.edu' }),
    );
    expect(requestsTo('POST /api/admin/outbox/email-1/retry')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'E-mails not delivered' })).not.toBeInTheDocument());
  });
});

describe('/user-data/activity per edition', () => {
  it('lists every entry by default, and one edition’s once picked, from its first page', async () => {
    const { user, requests, router } = renderApp('/user-data/activity?page=2', {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2026), edition(2025)]),
        'GET /api/admin/audit': (request) => {
          const year = request.url.searchParams.get('edition');
          const page = Number(request.url.searchParams.get('page'));
          const entries = year === null ? [entry(70 - page)] : [{ ...entry(1), summary: `About SCULC ${year}` }];
          return Response.json({ entries, total: year === null ? 60 : 1, page, per_page: 50, about_own_submissions: 0 });
        },
      },
    });

    const picker = await screen.findByRole('combobox', { name: 'Edition' });
    expect(picker).toHaveValue('');
    expect(picker).toHaveAccessibleDescription(
      'Every entry, including those about no edition (roles, the site’s content, templates).',
    );
    expect(await screen.findByText(/abstract-68\.pdf/)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/admin/audit').every((r) => !r.url.searchParams.has('edition'))).toBe(
      true,
    );

    await screen.findByRole('option', { name: 'SCULC 2025' });
    await user.selectOptions(picker, 'SCULC 2025');
    const log = await screen.findByRole('list', { name: 'Admin actions about SCULC 2025, newest first' });
    expect(log).toHaveTextContent('About SCULC 2025');
    expect(router.state.location.search).toBe('?edition=2025');
    const last = requests.filter((r) => r.path === '/api/admin/audit').at(-1);
    expect([last?.url.searchParams.get('edition'), last?.url.searchParams.get('page')]).toEqual(['2025', '1']);
  });
});
