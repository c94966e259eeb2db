import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { EventView } from '../../../api/types';
import { event2026 } from '../../../test/conference-data';
import { answerDialog } from '../../../test/dialog';
import { errorResponse, findMessage, renderApp } from '../../../test/render-app';

const event: EventView = { ...event2026, capacity: 2, places_left: 0, waiting: 1 };

const registration: NonNullable<EventView['mine']> = {
  state: 'registered',
  mode: 'in_person',
  lunch: true,
  dietary: '',
  access: '',
  question_answers: [],
  offer_expires_at: null,
  position: null,
};

const registered: EventView = { ...event, mine: registration };

describe('a registration’s own link', () => {
  it('shows the registration without signing in, and cancels it after asking', async () => {
    const { user, requestsTo } = renderApp('/registration/manage#ticket.abc', {
      api: {
        'POST /api/registration/manage': () => Response.json(registered),
        'POST /api/registration/manage/cancel': () => Response.json(event),
      },
    });
    const card = await screen.findByRole('region', { name: 'SCULC 2026' });
    expect(card).toHaveTextContent('You are registered for SCULC 2026: in person, with lunch.');
    expect(card).toHaveTextContent('Your ticket is in your confirmation e-mail');

    await user.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    expect(await answerDialog(user, 'Cancel your registration', 'Cancel your registration')).toBe(
      'Cancel your registration for SCULC 2026? Your place goes to the next person waiting.',
    );
    expect(await findMessage('status', 'Your registration for SCULC 2026 is cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the event’s page' })).toHaveAttribute('href', '/events/sculc-2026');
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
    // The token travels in the body only.
    expect(requestsTo('POST /api/registration/manage')[0]).toEqual({ token: 'ticket.abc' });
    expect(requestsTo('POST /api/registration/manage/cancel')).toEqual([{ token: 'ticket.abc' }]);
  });

  it('takes a place offered', async () => {
    const offered: EventView = {
      ...registered,
      mine: { ...registration, state: 'offered', offer_expires_at: '2026-04-03T06:59:00Z' },
    };
    const { user, requestsTo } = renderApp('/registration/manage#offer.xyz', {
      api: {
        'POST /api/registration/manage': () => Response.json(offered),
        'POST /api/registration/manage/accept': () => Response.json(registered),
      },
    });
    expect(
      await screen.findByText(/A place has come free for you\. Take it by April 2, 2026, 11:59 PM PDT/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take the place' }));
    expect(await screen.findByText('You are registered for SCULC 2026: in person, with lunch.')).toBeInTheDocument();
    expect(requestsTo('POST /api/registration/manage/accept')).toEqual([{ token: 'offer.xyz' }]);
  });

  it('says so for a link that is not valid, or not whole', async () => {
    renderApp('/registration/manage#forged', {
      api: {
        'POST /api/registration/manage': () =>
          errorResponse(404, 'This link is not valid: please use the one in your latest e-mail.'),
      },
    });
    expect(
      await findMessage('alert', 'This link is not valid: please use the one in your latest e-mail.'),
    ).toBeInTheDocument();
  });

  it('says a link without its token is incomplete', async () => {
    const { requestsTo } = renderApp('/registration/manage');
    expect(
      await findMessage('alert', 'This link is incomplete. Please use the whole link from the e-mail.'),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/registration/manage')).toEqual([]);
  });
});
