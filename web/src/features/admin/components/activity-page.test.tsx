import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, renderApp } from '../../../test/render-app';
import { allowSlowPageLoads } from '../admin-test-data';
import type { AuditEntry } from '../api/types';

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
  it('lists who did what and when, newest first, page by page', async () => {
    const { user } = renderApp('/user-data/activity', {
      user: admin,
      api: {
        'GET /api/admin/audit': (request) => {
          const page = Number(request.url.searchParams.get('page'));
          const entries = page === 1 ? [entry(60), entry(59)] : [entry(10)];
          return Response.json({ entries, total: 60, page, per_page: 50 });
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
});
