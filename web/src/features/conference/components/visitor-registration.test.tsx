import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { EventView } from '../../../api/types';
import { event2026 } from '../../../test/conference-data';
import { errorResponse, findMessage, renderApp } from '../../../test/render-app';

const event: EventView = event2026;

describe('registration without an account', () => {
  it('a visitor on /sculc registers with their name and address, refused once, then told to check their e-mail', async () => {
    let tries = 0;
    const { user, requestsTo } = renderApp('/sculc', {
      api: {
        'GET /api/registration/current': () => Response.json({ event }),
        'POST /api/events/sculc-2026/visitors': () => {
          tries += 1;
          if (tries === 1) {
            return errorResponse(422, 'Please enter a valid e-mail address.', {
              fields: { email: ['Please enter a valid e-mail address.'] },
            });
          }
          return Response.json({ message: 'Check your e-mail: we sent a link to ada@example.org.' }, { status: 202 });
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Register for SCULC 2026' });
    expect(card).toHaveTextContent('3 of 10 in-person places left.');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@');
    await user.click(screen.getByLabelText('I would like lunch'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await findMessage('alert', 'Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'example.org');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await findMessage('status', 'Check your e-mail: we sent a link to ada@example.org.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(requestsTo('POST /api/events/sculc-2026/visitors')[1]).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.org',
      answers: { mode: 'in_person', lunch: true, dietary: '', access: '', question_answers: [] },
    });
  });

  it("asks a visitor the event's own questions and sends the answers with the request", async () => {
    const asking: EventView = { ...event, questions: [{ id: 'q-pronouns', label: 'Pronouns', required: true }] };
    const { user, requestsTo } = renderApp('/sculc', {
      api: {
        'GET /api/registration/current': () => Response.json({ event: asking }),
        'POST /api/events/sculc-2026/visitors': () =>
          Response.json({ message: 'Check your e-mail: we sent a link to ada@example.org.' }, { status: 202 }),
      },
    });
    await screen.findByRole('region', { name: 'Register for SCULC 2026' });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Pronouns' }), 'she/her');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await findMessage('status', 'Check your e-mail: we sent a link to ada@example.org.')).toBeInTheDocument();
    expect(requestsTo('POST /api/events/sculc-2026/visitors')[0]).toMatchObject({
      answers: { question_answers: [{ question_id: 'q-pronouns', answer: 'she/her' }] },
    });
  });

  it('shows no registration to a visitor when the current edition has none on the site', async () => {
    renderApp('/sculc', { api: { 'GET /api/registration/current': () => Response.json({ event: null }) } });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Register for/ })).not.toBeInTheDocument();
  });

  it('the e-mailed link registers only on a button press, and says when it was used already', async () => {
    let confirms = 0;
    const { user } = renderApp('/registration/confirm?token=abc&event=sculc-2026', {
      api: {
        'POST /api/events/sculc-2026/visitors/confirm': () => {
          confirms += 1;
          if (confirms === 1) {
            return errorResponse(410, 'This link has expired or has already been used. Please register again.');
          }
          return Response.json({ ...event, mine: { state: 'waiting', mode: 'in_person', lunch: false, dietary: '', access: '', offer_expires_at: null, position: 4, question_answers: [] } }, { status: 201 });
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Confirm My Registration' });
    expect(confirms).toBe(0);
    await user.click(button);
    expect(
      await findMessage('alert', 'This link has expired or has already been used. Please register again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm My Registration' }));
    expect(
      await findMessage(
        'status',
        'In-person places for SCULC 2026 are full: you are number 4 on the waiting list. If a place comes free, we will e-mail you.',
      ),
    ).toBeInTheDocument();
  });
});
