import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { EventView, MemberHome } from '../../../api/types';
import { event2026 } from '../../../test/conference-data';
import { answerDialog } from '../../../test/dialog';
import { errorResponse, findMessage, member, renderApp } from '../../../test/render-app';

const event: EventView = event2026;

function homeWith(registration: EventView): MemberHome {
  return {
    edition: {
      year: 2026,
      title: 'SCULC 2026',
      path: '/sculc-2026',
      call: 'closed',
      call_opens_at: null,
      call_closes_at: null,
      next_deadline: null,
    },
    submissions: [],
    reviews: null,
    waiting: null,
    registration,
  };
}

/** The member's home, answering with `current` until an action changes it. */
function renderHome(first: EventView, after: EventView, extra: Record<string, () => Response> = {}) {
  let current = first;
  const change = () => {
    current = after;
    return Response.json(after);
  };
  return renderApp('/sculc', {
    user: member,
    api: {
      'GET /api/me/home': () => Response.json(homeWith(current)),
      'POST /api/events/sculc-2026/registration': change,
      'DELETE /api/events/sculc-2026/registration': change,
      'POST /api/events/sculc-2026/registration/accept': change,
      'PUT /api/events/sculc-2026/registration/answers': change,
      ...extra,
    },
  });
}

const registered = (mode: 'in_person' | 'virtual', lunch: boolean): EventView => ({
  ...event,
  places_left: 2,
  mine: { state: 'registered', mode, lunch, dietary: '', access: '', position: null, offer_expires_at: null, question_answers: [] },
});

describe('registration on the member home', () => {
  it('registers in one step with the answers given, then says so', async () => {
    const { user, requestsTo } = renderHome(event, registered('in_person', true));

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('3 of 10 in-person places left.');
    await user.click(within(card).getByRole('checkbox', { name: 'I would like lunch' }));
    await user.type(within(card).getByRole('textbox', { name: 'Dietary needs (optional)' }), 'Vegetarian');
    await user.click(within(card).getByRole('button', { name: 'Register' }));

    expect(await within(card).findByText('You are registered for SCULC 2026: in person, with lunch.')).toBeInTheDocument();
    expect(requestsTo('POST /api/events/sculc-2026/registration')).toEqual([
      { mode: 'in_person', lunch: true, dietary: 'Vegetarian', access: '', question_answers: [] },
    ]);
  });

  it('offers the waiting list when the places are taken, and plain registration virtually', async () => {
    const { user } = renderHome({ ...event, places_left: 0, waiting: 4 }, event);

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('All 10 in-person places are taken: registering in person puts you on the waiting list (4 waiting).');
    expect(within(card).getByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Virtually (video call)' }));
    expect(within(card).getByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('tells a waiting member their place in line and lets them leave it, after asking', async () => {
    const waiting: EventView = {
      ...event,
      places_left: 0,
      waiting: 5,
      mine: { state: 'waiting', mode: 'in_person', lunch: false, dietary: '', access: '', position: 4, offer_expires_at: null, question_answers: [] },
    };
    const { user, requestsTo } = renderHome(waiting, event);

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('You are number 4 on the waiting list');
    await user.click(within(card).getByRole('button', { name: 'Leave the waiting list' }));
    expect(await answerDialog(user, 'Leave the waiting list', 'Leave the waiting list')).toBe(
      'Leave the waiting list for SCULC 2026?',
    );

    expect(await within(card).findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(requestsTo('DELETE /api/events/sculc-2026/registration')).toHaveLength(1);
  });

  it('lets a member offered a place take it before it runs out', async () => {
    const offered: EventView = {
      ...event,
      places_left: 0,
      mine: {
        state: 'offered',
        mode: 'in_person',
        lunch: false,
        dietary: '',
        access: '',
        position: null,
        offer_expires_at: '2026-04-03T06:59:00Z',
        question_answers: [],
      },
    };
    const { user, requestsTo } = renderHome(offered, registered('in_person', false));

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('Take it by April 2, 2026, 11:59 PM PDT');
    await user.click(within(card).getByRole('button', { name: 'Take the place' }));

    expect(await within(card).findByText('You are registered for SCULC 2026: in person.')).toBeInTheDocument();
    expect(requestsTo('POST /api/events/sculc-2026/registration/accept')).toHaveLength(1);
  });

  it("shows the server's reason when an offer can no longer be taken", async () => {
    const offered: EventView = {
      ...event,
      mine: { state: 'offered', mode: 'in_person', lunch: false, dietary: '', access: '', position: null, offer_expires_at: '2026-04-03T06:59:00Z', question_answers: [] },
    };
    const reason = 'There is no place offered to you now: the offer may have run out.';
    const { user } = renderHome(offered, offered, {
      'POST /api/events/sculc-2026/registration/accept': () => errorResponse(409, reason),
    });

    const card = await screen.findByRole('region', { name: 'Registration' });
    await user.click(within(card).getByRole('button', { name: 'Take the place' }));
    expect(await findMessage('alert', reason)).toBeInTheDocument();
  });

  it('says when registration opens while it is not open yet', async () => {
    renderHome({ ...event, open: false, opens_at: '2099-02-01T08:00:00Z' }, event);

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('Registration for SCULC 2026 opens on February 1, 2099, 12:00 AM PST.');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a registered member their ticket on request: the QR code named for the event and the member, and how to use it', async () => {
    const { user } = renderHome(registered('in_person', false), event);

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    const show = within(card).getByRole('button', { name: 'Show my ticket' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);

    const code = within(card).getByRole('img', { name: 'Ticket for SCULC 2026: QR code for Ada Lovelace' });
    expect(code).toHaveAttribute('src', '/api/events/sculc-2026/ticket.svg');
    expect(card).toHaveTextContent('Show this code at the door on May 16, 2026, 9:00 AM PDT: a volunteer scans it');
    expect(within(card).getByRole('button', { name: 'Hide my ticket' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers no ticket to a member on the waiting list', async () => {
    renderHome({ ...event, mine: { state: 'waiting', mode: 'in_person', lunch: false, dietary: '', access: '', position: 2, offer_expires_at: null, question_answers: [] } }, event);
    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('You are number 2 on the waiting list');
    expect(within(card).queryByRole('button', { name: 'Show my ticket' })).not.toBeInTheDocument();
  });

  it("asks the event's own questions, and shows the server's refusal at the question it names", async () => {
    const asking: EventView = {
      ...event,
      questions: [
        { id: 'q-university', label: 'University or college', required: true },
        { id: 'q-shirt', label: 'T-shirt size', required: false },
      ],
    };
    let tries = 0;
    const { user, requestsTo } = renderHome(asking, asking, {
      'POST /api/events/sculc-2026/registration': () => {
        tries += 1;
        if (tries === 1) {
          return errorResponse(422, 'Please answer “University or college”.', {
            fields: { 'questions.q-university': ['Please answer “University or college”.'] },
          });
        }
        return Response.json(asking, { status: 201 });
      },
    });

    const card = await screen.findByRole('region', { name: 'Registration' });
    const university = within(card).getByRole('textbox', { name: 'University or college' });
    expect(university).toHaveAttribute('aria-required', 'true');
    await user.type(within(card).getByRole('textbox', { name: 'T-shirt size (optional)' }), 'M');
    await user.click(within(card).getByRole('button', { name: 'Register' }));
    expect(await findMessage('alert', 'Please answer “University or college”.')).toBeInTheDocument();
    expect(university).toHaveAttribute('aria-invalid', 'true');
    expect(university).toHaveAccessibleDescription('Please answer “University or college”.');

    await user.type(university, 'UCLA');
    await user.click(within(card).getByRole('button', { name: 'Register' }));
    await vi.waitFor(() => {
      expect(requestsTo('POST /api/events/sculc-2026/registration')).toHaveLength(2);
    });
    expect(requestsTo('POST /api/events/sculc-2026/registration')[1]).toEqual({
      mode: 'in_person',
      lunch: false,
      dietary: '',
      access: '',
      question_answers: [
        { question_id: 'q-university', answer: 'UCLA' },
        { question_id: 'q-shirt', answer: 'M' },
      ],
    });
  });

  it('tells a presenter registered on confirming what is still unanswered, and lets them answer', async () => {
    const questions = [
      { id: 'q-badge', label: 'Name on your badge', required: true },
      { id: 'q-shirt', label: 'T-shirt size', required: false },
    ];
    const unanswered: EventView = { ...registered('in_person', false), starts_at: '2099-05-16T16:00:00Z', questions };
    const answered: EventView = {
      ...unanswered,
      mine: unanswered.mine && { ...unanswered.mine, question_answers: [{ question_id: 'q-badge', answer: 'Ada L.' }] },
    };
    const { user, requestsTo } = renderHome(unanswered, answered);

    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('Name on your badge: not answered yet');
    // Only the required question is a reminder: the optional one may stay empty (issue 39).
    expect(card).toHaveTextContent('Still unanswered: “Name on your badge”. You can answer now.');
    expect(card).not.toHaveTextContent('“T-shirt size”');
    await user.click(within(card).getByRole('button', { name: 'Change my answers' }));
    await user.type(within(card).getByRole('textbox', { name: 'Name on your badge' }), 'Ada L.');
    await user.click(within(card).getByRole('button', { name: 'Save my answers' }));

    expect(await findMessage('status', 'Your answers are saved.')).toBeInTheDocument();
    expect(card).toHaveTextContent('Name on your badge: Ada L.');
    expect(card).toHaveTextContent('T-shirt size: not answered yet');
    expect(card).not.toHaveTextContent('Still unanswered');
    expect(requestsTo('PUT /api/events/sculc-2026/registration/answers')).toEqual([
      {
        question_answers: [
          { question_id: 'q-badge', answer: 'Ada L.' },
          { question_id: 'q-shirt', answer: '' },
        ],
      },
    ]);
  });

  it('offers no change of answers and no cancelling once the event has started, and says why', async () => {
    const started: EventView = {
      ...registered('virtual', false),
      starts_at: '2020-05-16T16:00:00Z',
      started: true,
      questions: [{ id: 'q-badge', label: 'Name on your badge', required: false }],
    };
    renderHome(started, started);
    const card = await screen.findByRole('region', { name: 'Registration' });
    expect(card).toHaveTextContent('Name on your badge: not answered yet');
    expect(within(card).queryByRole('button', { name: 'Change my answers' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent(
      'SCULC 2026 has started, so your registration can no longer be changed or cancelled.',
    );
  });

  it('shows when and where before registering, confirms a cancellation, and offers the answers again', async () => {
    const withPlace: EventView = {
      ...event,
      facts: { location: 'Campus Learning Pavilion', ends_at: '2026-05-17T00:30:00Z' },
    };
    const mine = registered('in_person', true);
    const before: EventView = { ...mine, facts: withPlace.facts };
    const after: EventView = {
      ...withPlace,
      previous: { mode: 'in_person', lunch: true, dietary: 'Vegetarian', access: '', question_answers: [] },
    };
    const { user } = renderHome(before, after);
    const card = await screen.findByRole('region', { name: 'Registration' });
    const fact = (term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('When')).toHaveTextContent('May 16, 2026, 9:00 AM PDT to 5:30 PM');
    expect(fact('Where')).toHaveTextContent('Campus Learning Pavilion');
    await user.click(within(card).getByRole('button', { name: 'Cancel my registration' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel your registration' }));
    expect(
      await findMessage('status', 'Your registration for SCULC 2026 is cancelled. We have e-mailed you a confirmation.'),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Your answers from your last registration are filled in');
    expect(within(card).getByRole('checkbox', { name: 'I would like lunch' })).toBeChecked();
    expect(within(card).getByRole('textbox', { name: 'Dietary needs (optional)' })).toHaveValue('Vegetarian');
  });
});
