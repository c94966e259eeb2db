import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads } from '../../../test/admin-data';
import { sculc2026Facts } from '../../../test/conference-data';
import { naclo } from '../../../test/content-data';
import { admin, errorResponse, findMessage, renderApp } from '../../../test/render-app';
import type { AdminEvent, AdminEventSummary, AdminRegistration } from '../api/events';
import { slugOf } from './new-event-form';

allowSlowPageLoads();

const counts = { registered: 1, taken: 1, offered: 0, waiting: 2, checked_in: 0, lunches: 1, needs: 1 };
const summary: AdminEventSummary = {
  ...sculc2026Facts,
  capacity: 1,
  offer_hours: 48,
  counts,
};

function person(n: number, first: string, state: AdminRegistration['state']): AdminRegistration {
  return {
    id: `0190c0de-0000-7000-8000-00000000000${String(n)}`,
    first_name: first,
    last_name: 'Tester',
    email: `${first.toLowerCase()}@example.edu`,
    arrival: n,
    state,
    mode: 'in_person',
    lunch: n === 1,
    dietary: n === 1 ? 'Vegetarian' : '',
    access: '',
    offer_expires_at: null,
    created_at: '2026-03-01T18:00:00Z',
    checked_in_at: null,
    question_answers: [],
  };
}

const ada = person(1, 'Ada', 'registered');
const grace = person(2, 'Grace', 'waiting');
const noam = person(3, 'Noam', 'waiting');
const event: AdminEvent = { ...summary, open: true, questions: [], registrations: [ada, grace, noam] };

describe('/user-data/registration', () => {
  it('shows the events, the latest one’s counts and list, and moves someone up the waiting list', async () => {
    const { user, requestsTo } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json([summary]),
        'GET /api/admin/events/sculc-2026': () => Response.json(event),
        [`POST /api/admin/events/sculc-2026/registrations/${noam.id}/move`]: () =>
          Response.json({ ...event, registrations: [ada, { ...noam, arrival: 2 }, { ...grace, arrival: 3 }] }),
      },
    });

    const table = await screen.findByRole('table', { name: 'Registrations for SCULC 2026, in order of arrival' });
    expect(screen.getByRole('table', { name: 'Events, the latest first' })).toHaveTextContent('1 of 1');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Registered',
      'Waiting (1st in line)',
      'Waiting (2nd in line)',
    ]);
    expect(screen.getByRole('button', { name: 'Move Grace Tester up the waiting list' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Download the registrations (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/events/sculc-2026/registrations.csv',
    );

    await user.click(screen.getByRole('button', { name: 'Move Noam Tester up the waiting list' }));
    expect(await findMessage('status', 'Noam Tester is 1st in line now.')).toBeInTheDocument();
    expect(requestsTo(`POST /api/admin/events/sculc-2026/registrations/${noam.id}/move`)).toEqual([
      { direction: 'up' },
    ]);
    const after = within(table).getAllByRole('row').slice(1);
    expect(after.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Ada Tester',
      'Noam Tester',
      'Grace Tester',
    ]);
  });

  it('opens registration for an event, with the server’s refusal at its field', async () => {
    let tries = 0;
    const { user, requestsTo } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json(tries > 1 ? [summary] : []),
        'GET /api/admin/events/sculc-2026': () => Response.json({ ...event, registrations: [] }),
        'POST /api/admin/events': () => {
          tries += 1;
          if (tries === 1) {
            return errorResponse(422, 'Please correct the fields marked below.', {
              fields: { closes_at: ['Registration must close by the time the event starts.'] },
            });
          }
          return Response.json({ ...event, registrations: [] }, { status: 201 });
        },
      },
    });

    expect(await screen.findByText('No event has registration yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Registration for an Event' }));
    await user.type(screen.getByLabelText('Event'), 'SCULC 2026');
    expect(screen.getByLabelText('Address')).toHaveValue('sculc-2026');
    await user.type(screen.getByLabelText('Starts'), '2026-05-16T09:00');
    await user.type(screen.getByLabelText('Registration closes (optional)'), '2026-05-17T09:00');
    await user.type(screen.getByLabelText('Places in person'), '120');
    await user.click(screen.getByRole('button', { name: 'Open Registration' }));
    expect(await findMessage('alert', 'Please correct the fields marked below.')).toBeInTheDocument();
    const closes = screen.getByLabelText('Registration closes (optional)');
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(closes).toHaveFocus();

    await user.clear(closes);
    await user.click(screen.getByRole('button', { name: 'Open Registration' }));
    expect(await findMessage('status', 'Registration for SCULC 2026 is set up.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/events')[1]).toEqual({
      title: 'SCULC 2026',
      slug: 'sculc-2026',
      // 9:00 in the morning, Pacific daylight time.
      starts_at: '2026-05-16T16:00:00Z',
      place: '',
      opens_at: null,
      closes_at: null,
      capacity: 120,
      offer_hours: 48,
      questions: [],
    });
    expect(await screen.findByText('No one has registered yet.')).toBeInTheDocument();
  });

  it('opens a NACLO session’s registration from its page’s name, date and place, then links to it', async () => {
    const round = naclo.events[0];
    const withAddress = {
      ...naclo,
      events: [{ ...round, event_slug: 'naclo-open-round-2025' }, ...naclo.events.slice(1)],
    };
    let opened = false;
    const proposal = {
      slug: 'naclo-open-round-2025',
      title: 'Open round',
      starts_at: '2025-01-23T17:00:00Z',
      place: 'Sample room (replace)',
    };
    const { user, requestsTo } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json([]),
        'GET /api/content/naclo': () => Response.json(withAddress),
        'GET /api/admin/event-proposal': () => Response.json({ ...proposal, exists: opened }),
        'POST /api/admin/events': () => {
          opened = true;
          return Response.json({ ...event, ...proposal, registrations: [] }, { status: 201 });
        },
      },
    });

    // Only the session that names its registration's address is listed.
    const sessions = await screen.findByRole('region', { name: 'NACLO sessions' });
    expect(within(sessions).queryByRole('region', { name: 'Online training session' })).toBeNull();
    const session = within(sessions).getByRole('region', { name: 'Open round' });
    expect(await within(session).findByText(/Registration is not open yet\./)).toHaveTextContent(
      'It would start from Open round, January 23, 2025, 9:00 AM PST, Sample room (replace).',
    );
    await user.click(within(session).getByRole('button', { name: 'Open registration for Open round' }));
    expect(within(session).getByLabelText('Event')).toHaveValue('Open round');
    expect(within(session).getByLabelText('Address')).toHaveValue('naclo-open-round-2025');
    await user.type(within(session).getByLabelText('Places in person'), '40');
    await user.click(within(session).getByRole('button', { name: 'Open Registration' }));
    expect(await within(session).findByRole('link', { name: /See its registrations/ })).toHaveAttribute(
      'href',
      '/user-data/registration?event=naclo-open-round-2025',
    );
    expect(requestsTo('POST /api/admin/events')).toEqual([
      expect.objectContaining({
        slug: 'naclo-open-round-2025',
        title: 'Open round',
        starts_at: '2025-01-23T17:00:00Z',
        place: 'Sample room (replace)',
        capacity: 40,
      }),
    ]);
  });

  it('makes an address from a title', () => {
    expect(slugOf('NACLO Open Round 2027')).toBe('naclo-open-round-2027');
    expect(slugOf('  Café — Zoë  ')).toBe('cafe-zoe');
  });
});
