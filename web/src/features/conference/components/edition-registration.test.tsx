import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { components } from '../../../api/schema';
import type { EditionPage } from '../../../lib/content-types';
import { edition2025Page } from '../../../test/content-data';
import { member, renderApp, type Handler } from '../../../test/render-app';

type EventOnPage = components['schemas']['EventOnPage'];

const LOADING = { timeout: 5000 };
const CHECK_IN_FORM = 'https://docs.google.com/forms/d/e/SAMPLE-CHECK-IN/viewform';

/** SCULC 2025's page with the content's check-in form marked as its registration link. */
const withCheckInForm: EditionPage = {
  ...edition2025Page,
  pages: edition2025Page.pages.map((page, p) =>
    p !== 0
      ? page
      : {
          ...page,
          sections: page.sections.map((section, s) =>
            s !== 0
              ? section
              : {
                  ...section,
                  blocks: [
                    ...section.blocks,
                    { type: 'link', label: 'Check-in form', href: CHECK_IN_FORM, style: 'button', registration: true },
                  ],
                },
          ),
        },
  ),
};

const sculc2025: EventOnPage = {
  slug: 'sculc-2025',
  title: 'SCULC 2025',
  starts_at: '2099-05-17T16:00:00Z',
  opens_at: null,
  closes_at: null,
  place: 'Campus Learning Pavilion',
  open: true,
  capacity: 120,
  places_left: 80,
  waiting: 0,
  mine: null,
  started: false,
  previous: null,
  facts: { location: 'Campus Learning Pavilion', ends_at: null },
  questions: [],
  keep_external_links: false,
};

function renderEdition(events: EventOnPage[] | Handler, user = null as typeof member | null, api: Record<string, Handler> = {}) {
  return renderApp('/sculc-2025', {
    user,
    api: {
      'GET /api/content/editions/2025': () => Response.json(withCheckInForm),
      'GET /api/events': typeof events === 'function' ? events : () => Response.json({ events }),
      ...api,
    },
  });
}

async function eventDetails() {
  return screen.findByRole('region', { name: 'Event Details' }, LOADING);
}

describe("an edition page's registration link", () => {
  it('is the content’s check-in form while the edition takes no registrations here', async () => {
    const { requests } = renderEdition([]);
    const link = await screen.findByRole('link', { name: 'Check-in form' }, LOADING);
    expect(link).toHaveAttribute('href', CHECK_IN_FORM);
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    // Asked for the edition's event by its address, beside the content.
    const asked = requests.filter((request) => request.path === '/api/events');
    expect(asked[0]?.url.searchParams.get('slugs')).toBe('sculc-2025');
  });

  it('is also the check-in form when the question fails', async () => {
    renderEdition(() => Response.json({ error: 'Service unavailable' }, { status: 503 }));
    expect(await screen.findByRole('link', { name: 'Check-in form' }, LOADING)).toHaveAttribute('href', CHECK_IN_FORM);
  });

  it('shows a visitor Register, leading to the event’s page, instead of the check-in form; the rest stays', async () => {
    const { user, router } = renderEdition([sculc2025]);
    const details = await eventDetails();
    const register = await within(details).findByRole('link', { name: 'Register' });
    expect(details).toHaveTextContent('Registration for SCULC 2025 is open: 80 of 120 in-person places left.');
    expect(screen.queryByRole('link', { name: 'Check-in form' })).not.toBeInTheDocument();
    expect(within(details).getByText('Saturday 17 May 2025')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Join virtually' })).toBeInTheDocument();

    await user.click(register);
    expect(router.state.location.pathname).toBe('/events/sculc-2025');
  });

  it('says when registration opens, and that it is closed after the event', async () => {
    const later = { ...sculc2025, open: false, opens_at: '2099-03-01T17:00:00Z' };
    const first = renderEdition([later]);
    expect(await screen.findByText(/^Registration for SCULC 2025 opens on March 1, 2099/, {}, LOADING)).toBeInTheDocument();
    first.unmount();

    renderEdition([{ ...sculc2025, open: false, starts_at: '2025-05-17T16:00:00Z' }]);
    expect(await screen.findByText('Registration for SCULC 2025 is closed.', {}, LOADING)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check-in form' })).not.toBeInTheDocument();
  });

  it('stays the external link when the admins keep it', async () => {
    renderEdition([{ ...sculc2025, keep_external_links: true }], member);
    expect(await screen.findByRole('link', { name: 'Check-in form' }, LOADING)).toHaveAttribute('href', CHECK_IN_FORM);
    expect(screen.queryByRole('region', { name: 'Registration' })).not.toBeInTheDocument();
  });

  it('lets a member register on the page, then shows where they stand', async () => {
    let registered = false;
    const mine: NonNullable<EventOnPage['mine']> = { state: 'registered', mode: 'in_person', lunch: true, dietary: '', access: '', offer_expires_at: null, position: null, question_answers: [] };
    const { user, requestsTo } = renderEdition(
      () => Response.json({ events: [registered ? { ...sculc2025, places_left: 79, mine } : sculc2025] }),
      member,
      {
        'POST /api/events/sculc-2025/registration': () => {
          registered = true;
          return Response.json({ ...sculc2025, places_left: 79, mine }, { status: 201 });
        },
      },
    );
    const card = await screen.findByRole('region', { name: 'Registration' }, LOADING);
    expect(within(await eventDetails()).getByRole('region', { name: 'Registration' })).toBe(card);
    await user.click(within(card).getByRole('checkbox', { name: 'I would like lunch' }));
    await user.click(within(card).getByRole('button', { name: 'Register' }));

    expect(await within(card).findByText('You are registered for SCULC 2025: in person, with lunch.')).toBeInTheDocument();
    const sent = requestsTo('POST /api/events/sculc-2025/registration');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ mode: 'in_person', lunch: true });
    expect(screen.queryByRole('link', { name: 'Check-in form' })).not.toBeInTheDocument();
  });

  it('shows a member on the waiting list their place in line', async () => {
    const waiting: NonNullable<EventOnPage['mine']> = { state: 'waiting', mode: 'in_person', lunch: false, dietary: '', access: '', offer_expires_at: null, position: 3, question_answers: [] };
    renderEdition([{ ...sculc2025, places_left: 0, waiting: 5, mine: waiting }], member);
    expect(await screen.findByText(/You are number 3 on the waiting list/, {}, LOADING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeInTheDocument();
  });
});
