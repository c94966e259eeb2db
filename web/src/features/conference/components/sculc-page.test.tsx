import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { HomeSubmission, MemberHome } from '../../../api/types';
import { sculc2026Facts } from '../../../test/conference-data';
import { admin, errorResponse, findMessage, member, renderApp } from '../../../test/render-app';

const edition: NonNullable<MemberHome['edition']> = {
  year: 2026,
  title: 'SCULC 2026',
  path: '/sculc-2026',
  call: 'open',
  call_opens_at: '2026-01-10T08:00:00Z',
  call_closes_at: '2026-03-22T06:59:00Z',
  next_deadline: { what: 'confirm_attendance', at: '2026-04-16T06:59:00Z' },
};

function submission(code: string, title: string, rest: Partial<HomeSubmission>): HomeSubmission {
  return {
    id: `id-${code}`,
    code,
    title,
    status: 'submitted',
    next_step: { kind: 'await_decision' },
    slots: [],
    ...rest,
  };
}

const home: MemberHome = {
  edition,
  submissions: [
    submission('S26-001', 'Vowel harmony', {}),
    submission('S26-002', 'Tone sandhi', {
      status: 'accepted',
      next_step: { kind: 'confirm', by: '2026-04-16T06:59:00Z', form_url: null },
    }),
    submission('S26-003', 'Clicks in Xhosa', {
      status: 'accepted',
      next_step: { kind: 'upload_materials', by: '2026-05-11T06:59:00Z' },
    }),
    submission('S26-004', 'Ejectives', {
      status: 'accepted',
      next_step: { kind: 'see_slot' },
      slots: [
        {
          code: 'S26-004',
          title: 'Ejectives',
          starts_at: '2026-05-16T16:30:00Z',
          ends_at: '2026-05-16T16:50:00Z',
          calendar_url: '/api/program/2026/talks/S26-004.ics',
          session: {
            kind: 'talks',
            title: 'Morning talks',
            starts_at: '2026-05-16T16:30:00Z',
            ends_at: '2026-05-16T18:00:00Z',
            room: 'Hall A',
          },
        },
      ],
    }),
  ],
  reviews: null,
  waiting: null,
  registration: null,
};

function renderHome(answer: MemberHome, user = member) {
  return renderApp('/sculc', { user, api: { 'GET /api/me/home': () => Response.json(answer) } });
}

describe('/sculc, the member home', () => {
  it('shows the edition, the next deadline and each submission with its next step', async () => {
    renderHome(home);

    const region = await screen.findByRole('region', { name: 'SCULC 2026' });
    expect(within(region).getByRole('link', { name: 'SCULC 2026' })).toHaveAttribute('href', '/sculc-2026');
    expect(region).toHaveTextContent('The call for abstracts is open until March 21, 2026, 11:59 PM PDT.');
    expect(region).toHaveTextContent('Your next deadline: Confirm your attendance by April 15, 2026, 11:59 PM PDT.');
    expect(within(region).getByRole('link', { name: 'Submit an abstract' })).toHaveAttribute(
      'href',
      '/sculc/submit-abstract',
    );

    const mine = screen.getByRole('region', { name: 'Your submissions' });
    const items = within(mine).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('S26-001 Vowel harmony: Under review');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'View your submissions' })).toHaveAttribute(
      'href',
      '/sculc/view-submission',
    );
    expect(items[1]).toHaveTextContent('Next step: confirm your attendance by April 15, 2026, 11:59 PM PDT.');
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Confirm attendance' })).toHaveAttribute(
      'href',
      '/sculc/congratulations-page',
    );
    expect(items[2]).toHaveTextContent('Next step: upload your final materials by May 10, 2026, 11:59 PM PDT.');
    expect(mine).toHaveTextContent('Your slot: “Morning talks”, Saturday, May 16, 9:30 AM – 9:50 AM PDT, Hall A.');
    expect(within(mine).getByRole('link', { name: 'Add to calendar: Ejectives' })).toHaveAttribute(
      'href',
      '/api/program/2026/talks/S26-004.ics',
    );
    expect(screen.queryByRole('region', { name: 'Your reviews' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The year at a glance' })).not.toBeInTheDocument();
  });

  it('sends an external confirmation to the edition’s form, and says when a closed call closed', async () => {
    renderHome({
      ...home,
      edition: { ...edition, call: 'closed', next_deadline: null },
      submissions: [
        submission('S26-002', 'Tone sandhi', {
          status: 'accepted',
          next_step: { kind: 'confirm', by: null, form_url: 'https://forms.example.org/sculc-2026' },
        }),
      ],
    });

    const region = await screen.findByRole('region', { name: 'SCULC 2026' });
    expect(region).toHaveTextContent('The call for abstracts closed on March 21, 2026, 11:59 PM PDT.');
    expect(within(region).queryByRole('link', { name: 'Submit an abstract' })).not.toBeInTheDocument();
    expect(region).not.toHaveTextContent('Your next deadline');
    expect(screen.getByRole('link', { name: 'Open the confirmation form' })).toHaveAttribute(
      'href',
      'https://forms.example.org/sculc-2026',
    );
  });

  it('tells a member without a submission so, and a reviewer and an admin what waits for them', async () => {
    renderHome(
      {
        edition: { ...edition, call: 'not_yet_open', next_deadline: { what: 'call_opens', at: '2026-01-10T08:00:00Z' } },
        submissions: [],
        reviews: { assigned: 8, reviewed: 3, deadline: '2026-04-01T06:59:00Z', open: true },
        waiting: {
          undecided: 1,
          unconfirmed: 2,
          undelivered_emails: 0,
          unpublished_drafts: 3,
          events: [
            {
              ...sculc2026Facts,
              capacity: 120,
              offer_hours: 48,
              counts: { registered: 95, taken: 80, offered: 2, waiting: 7, checked_in: 0, lunches: 60, needs: 12 },
            },
          ],
        },
        registration: null,
      },
      { ...admin, roles: ['admin', 'reviewer'] },
    );

    const region = await screen.findByRole('region', { name: 'SCULC 2026' });
    expect(region).toHaveTextContent('The call for abstracts opens on January 10, 2026, 12:00 AM PST.');
    expect(region).toHaveTextContent('Your next deadline: The call for abstracts opens on January 10, 2026, 12:00 AM PST.');
    expect(screen.getByRole('region', { name: 'Your submissions' })).toHaveTextContent(
      'You have no submission to SCULC 2026.',
    );
    const reviews = screen.getByRole('region', { name: 'Your reviews' });
    expect(reviews).toHaveTextContent('3 of 8 reviews submitted; due March 31, 2026, 11:59 PM PDT.');
    expect(within(reviews).getByRole('link', { name: 'Go to your reviews' })).toHaveAttribute('href', '/review');
    const waiting = screen.getByRole('region', { name: 'The year at a glance' });
    const event = within(waiting).getByRole('heading', { name: 'SCULC 2026' });
    expect(within(event).getByRole('link')).toHaveAttribute('href', '/user-data/registration?event=sculc-2026');
    expect(waiting).toHaveTextContent('May 16, 2026, 9:00 AM PDT, Campus Learning Pavilion');
    const figures = within(waiting).getAllByRole('definition').map((figure) => figure.textContent);
    expect(figures).toEqual(['95', '80 of 120', '7', '0', '60', '12']);
    const links = within(waiting).getAllByRole('link').slice(1);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['1 submission without a decision', '/user-data/reviews'],
      ['2 presenters who have not confirmed', '/user-data?filter=not_confirmed'],
      ['0 e-mails not delivered', '/user-data/activity'],
      ['3 pages with unpublished changes', '/site'],
    ]);
  });

  it('says when the home cannot be loaded', async () => {
    renderApp('/sculc', { user: member, api: { 'GET /api/me/home': () => errorResponse(500, 'Internal server error') } });

    await findMessage('alert', 'Your conference home could not be loaded. Please reload the page.');
  });

  it('offers a visitor the current edition and a way to sign in, and asks for no home', async () => {
    const { requestsTo } = renderApp('/sculc', { user: null });

    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(requestsTo('GET /api/me/home')).toHaveLength(0);
  });
});
