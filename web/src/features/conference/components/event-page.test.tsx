import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { EventView } from '../../../api/types';
import { errorResponse, member, renderApp } from '../../../test/render-app';

const naclo: EventView = {
  slug: 'naclo-open-round-2027',
  title: 'NACLO Open Round 2027',
  starts_at: '2027-01-28T17:00:00Z',
  opens_at: null,
  closes_at: null,
  place: 'Campus Learning Pavilion',
  open: true,
  capacity: 30,
  places_left: 12,
  waiting: 0,
  questions: [],
  mine: null,
  started: false,
  previous: null,
  facts: { location: 'Campus Learning Pavilion', ends_at: null },
};

describe('/events/{slug}', () => {
  it('shows a visitor the event and the form that registers them by e-mailed link', async () => {
    renderApp('/events/naclo-open-round-2027', {
      api: { 'GET /api/events/naclo-open-round-2027': () => Response.json(naclo) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'NACLO Open Round 2027' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Register for NACLO Open Round 2027' })).toHaveTextContent(
      '12 of 30 in-person places left.',
    );
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows a member their registration, with their ticket', async () => {
    const registered: EventView = {
      ...naclo,
      mine: { state: 'registered', mode: 'virtual', lunch: false, dietary: '', access: '', offer_expires_at: null, position: null, question_answers: [] },
    };
    renderApp('/events/naclo-open-round-2027', {
      user: member,
      api: { 'GET /api/events/naclo-open-round-2027': () => Response.json(registered) },
    });
    expect(await screen.findByText('You are registered for NACLO Open Round 2027: virtually.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show my ticket' })).toBeInTheDocument();
  });

  it('says so when there is no such event', async () => {
    renderApp('/events/nope', {
      api: { 'GET /api/events/nope': () => errorResponse(404, 'There is no such event.') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'No Such Event' })).toBeInTheDocument();
    expect(screen.getByText('There is no such event. Please check the link.')).toBeInTheDocument();
  });
});
