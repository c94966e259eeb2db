import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { components } from '../../../api/schema';
import type { Naclo } from '../../../lib/content-types';
import { naclo } from '../../../test/content-data';
import { member, renderApp } from '../../../test/render-app';

describe('NACLO page', () => {
  it('gives the open round and the training session with their times', async () => {
    renderApp('/naclo');

    const openRound = (await screen.findByRole('heading', { level: 3, name: 'Open round' })).closest('article');
    expect(openRound).toHaveTextContent('Thursday, 23 Jan 2025');
    expect(openRound).toHaveTextContent('9AM-12PM');
    expect(openRound).toHaveTextContent('Arrive by8:30AM');

    const training = screen.getByRole('heading', { level: 3, name: 'Online training session' }).closest('article');
    expect(training).toHaveTextContent('Saturday, 18 Jan 2025');
    expect(training).toHaveTextContent('9AM-12PM');
    expect(training).not.toHaveTextContent('Arrive by');
  });

  it('says what to bring and embeds the attendance form, titled and lazy', async () => {
    renderApp('/naclo');

    const bring = await screen.findByRole('region', { name: 'What to bring' });
    expect(within(bring).getAllByRole('listitem').map((item) => item.textContent)).toEqual(naclo.bring);

    const form = screen.getByTitle(naclo.form.title);
    expect(form.tagName).toBe('IFRAME');
    expect(form).toHaveAttribute('src', naclo.form.src);
    expect(form).toHaveAttribute('loading', 'lazy');
  });
});

type SessionEvent = components['schemas']['EventOnPage'];

const openRound: SessionEvent = {
  slug: 'naclo-open-round-2025',
  title: 'NACLO open round',
  starts_at: '2099-01-23T17:00:00Z',
  opens_at: null,
  closes_at: null,
  place: '',
  open: true,
  capacity: 30,
  places_left: 30,
  waiting: 0,
  mine: null,
  started: false,
  previous: null,
  facts: { location: 'Campus Learning Pavilion', ends_at: null },
  questions: [],
  keep_external_links: false,
};

/** The test page's sessions, the open round naming its event (and the training too, with `both`). */
function nacloNaming(both: boolean): Naclo {
  return {
    ...naclo,
    events: naclo.events.map((event, index) =>
      index === 0 ? { ...event, event_slug: openRound.slug } : both ? { ...event, event_slug: 'naclo-training-2025' } : event,
    ),
  };
}

function renderNaclo(content: Naclo, events: SessionEvent[], user: typeof member | null = null) {
  return renderApp('/naclo', {
    user,
    api: {
      'GET /api/content/naclo': () => Response.json(content),
      'GET /api/events': () => Response.json({ events }),
    },
  });
}

async function session(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const article = heading.closest('article');
  if (!article) throw new Error(`no session ${name}`);
  return article;
}

describe('NACLO sessions that take registrations here', () => {
  it('shows Register on a session with an event, linking to its page, and keeps the form for the other', async () => {
    const { requests } = renderNaclo(nacloNaming(false), [openRound]);
    const round = await session('Open round');
    const register = await within(round).findByRole('link', { name: 'Register for NACLO open round' });
    expect(register).toHaveAttribute('href', '/events/naclo-open-round-2025');
    expect(register).toHaveTextContent('Register');
    const training = await session('Online training session');
    expect(within(training).queryByRole('link')).not.toBeInTheDocument();
    // The training has no registration here: the form stays for it.
    expect(screen.getByTitle(naclo.form.title)).toBeInTheDocument();
    const asked = requests.filter((request) => request.path === '/api/events');
    expect(asked[0]?.url.searchParams.get('slugs')).toBe('naclo-open-round-2025');
  });

  it('leaves the form out once every session takes registrations here', async () => {
    const training = { ...openRound, slug: 'naclo-training-2025', title: 'NACLO training' };
    renderNaclo(nacloNaming(true), [openRound, training]);
    expect(await within(await session('Online training session')).findByRole('link', { name: 'Register for NACLO training' })).toBeInTheDocument();
    expect(screen.queryByTitle(naclo.form.title)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: naclo.form.title })).not.toBeInTheDocument();
  });

  it('shows the form and no Register when the event does not exist or the admins keep the form', async () => {
    const first = renderNaclo(nacloNaming(false), []);
    expect(await screen.findByTitle(naclo.form.title)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
    first.unmount();

    renderNaclo(nacloNaming(false), [{ ...openRound, keep_external_links: true }]);
    expect(await screen.findByTitle(naclo.form.title)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
  });

  it('shows a member where they stand, linking to their registration', async () => {
    const mine: NonNullable<SessionEvent['mine']> = { state: 'waiting', mode: 'in_person', lunch: false, dietary: '', access: '', offer_expires_at: null, position: 2, question_answers: [] };
    renderNaclo(nacloNaming(false), [{ ...openRound, places_left: 0, mine }], member);
    const round = await session('Open round');
    expect(await within(round).findByText('You are number 2 on the waiting list for NACLO open round.')).toBeInTheDocument();
    expect(within(round).getByRole('link', { name: 'Your registration for NACLO open round' })).toHaveAttribute(
      'href',
      '/events/naclo-open-round-2025',
    );
    expect(within(round).queryByRole('link', { name: /^Register/ })).not.toBeInTheDocument();
  });

  it('says when a session’s registration is closed', async () => {
    renderNaclo(nacloNaming(false), [{ ...openRound, open: false }]);
    expect(await within(await session('Open round')).findByText('Registration is closed.')).toBeInTheDocument();
  });
});
