import { screen, within } from '@testing-library/react';
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

  it('changes the answers to the event’s questions, and shows what the server refuses', async () => {
    const questions = [{ id: 'q-badge', label: 'Name on your badge', required: true }];
    const asked: EventView = {
      ...registered,
      starts_at: '2099-05-16T16:00:00Z',
      questions,
      mine: { ...registration, question_answers: [{ question_id: 'q-badge', answer: 'Ada' }] },
    };
    const answered: EventView = {
      ...asked,
      mine: { ...registration, question_answers: [{ question_id: 'q-badge', answer: 'Ada L.' }] },
    };
    let sent = 0;
    const { user, requestsTo } = renderApp('/registration/manage#ticket.abc', {
      api: {
        'POST /api/registration/manage': () => Response.json(asked),
        'PUT /api/registration/manage/answers': () => {
          sent += 1;
          return sent === 1
            ? errorResponse(422, 'Please answer “Name on your badge”.', { fields: { 'questions.q-badge': ['Please answer this.'] } })
            : Response.json(answered);
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'SCULC 2026' });
    expect(card).toHaveTextContent('Name on your badge: Ada');
    await user.click(within(card).getByRole('button', { name: 'Change my answers' }));
    const badge = within(card).getByRole('textbox', { name: 'Name on your badge' });
    await user.clear(badge);
    await user.click(within(card).getByRole('button', { name: 'Save my answers' }));
    expect(await findMessage('alert', 'Please answer “Name on your badge”.')).toBeInTheDocument();
    expect(badge).toHaveAccessibleDescription(/Please answer this\./);

    await user.type(badge, 'Ada L.');
    await user.click(within(card).getByRole('button', { name: 'Save my answers' }));
    expect(await findMessage('status', 'Your answers are saved.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Name on your badge: Ada L.');
    // The token travels in the body, with the answers.
    expect(requestsTo('PUT /api/registration/manage/answers')).toEqual([
      { token: 'ticket.abc', question_answers: [{ question_id: 'q-badge', answer: '' }] },
      { token: 'ticket.abc', question_answers: [{ question_id: 'q-badge', answer: 'Ada L.' }] },
    ]);
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
