import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SessionUser } from '../../../api/types';
import { admin, errorResponse, member, renderApp, type Handler } from '../../../test/render-app';
import type { CheckInDesk, CheckInPerson, CheckInResult, FoundPerson } from '../../../api/types';
import { QUEUE_STORAGE_KEY } from '../offline-queue';

/** A key the desk chose for a check-in (crypto.randomUUID). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const volunteer: SessionUser = { ...member, first_name: 'Noam', last_name: 'Chomsky', roles: ['check_in'] };

const ada: CheckInPerson = {
  registration_id: '7d1e8a40-0000-4000-8000-000000000001',
  first_name: 'Ada',
  last_name: 'Lovelace',
  mode: 'in_person',
  lunch: true,
  dietary: 'Vegetarian',
  access: '',
  checked_in_at: null,
  checked_in_by: null,
  outside_window: false,
};

/** Ada as the search lists her: never her needs. */
const adaFound: FoundPerson = {
  registration_id: ada.registration_id,
  first_name: 'Ada',
  last_name: 'Lovelace',
  state: 'registered',
  not_registered: null,
  mode: 'in_person',
  lunch: true,
  checked_in_at: null,
  checked_in_by: null,
  outside_window: false,
};

const counts = { registered: 12, in_person: 10, virtual: 2, waiting: 3, checked_in: 4, lunches: 8, dietary: 2, access: 1 };

function desk(checkedIn: number, mayOverride = false): CheckInDesk {
  return {
    slug: 'sculc-2026',
    title: 'SCULC 2026',
    starts_at: '2026-05-16T16:00:00Z',
    check_in_opens_at: '2026-05-16T04:00:00Z',
    check_in_closes_at: '2026-05-17T19:00:00Z',
    may_override: mayOverride,
    counts: { ...counts, checked_in: checkedIn },
  };
}

const adaIn = (): CheckInResult => ({
  outcome: 'checked_in',
  message: 'Ada Lovelace is checked in.',
  person: { ...ada, checked_in_at: '2026-05-16T15:42:00Z', checked_in_by: 'Noam Chomsky' },
});

/** The desk of SCULC 2026 with Ada registered; `checkedIn` counts the check-ins the fake server took. */
function renderDesk(api: Record<string, Handler> = {}, user: SessionUser = volunteer) {
  const state = { checkedIn: 4 };
  const rendered = renderApp('/check-in', {
    user,
    api: {
      'GET /api/check-in': () =>
        Response.json([{ slug: 'sculc-2026', title: 'SCULC 2026', starts_at: '2026-05-16T16:00:00Z' }]),
      'GET /api/check-in/sculc-2026': () => Response.json(desk(state.checkedIn, user.roles.includes('admin'))),
      'GET /api/check-in/sculc-2026/people': () => Response.json([adaFound]),
      [`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`]: () => {
        state.checkedIn += 1;
        return Response.json(adaIn());
      },
      [`DELETE /api/check-in/sculc-2026/registrations/${ada.registration_id}`]: () => {
        state.checkedIn -= 1;
        return Response.json({ ...adaIn(), outcome: 'undone', message: 'Ada Lovelace’s check-in is undone.' });
      },
      ...api,
    },
  });
  return { ...rendered, state };
}

async function findAda(user: ReturnType<typeof renderDesk>['user']) {
  await user.type(await screen.findByRole('searchbox', { name: 'Name or e-mail address' }), 'lov');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return screen.findByRole('button', { name: 'Check in Ada Lovelace' });
}

function count(label: string) {
  const term = within(screen.getByRole('region', { name: 'Counts' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('the check-in desk', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a check-in volunteer the Check-in link and none of the officers’ links', async () => {
    renderDesk();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Check-in' })).toBeInTheDocument();
    for (const link of ['User Data', 'Review', 'Site']) expect(within(nav).queryByRole('link', { name: link })).toBeNull();
  });

  it('shows admins the link too', async () => {
    renderDesk({}, admin);
    expect(await screen.findByRole('link', { name: 'Check-in' })).toBeInTheDocument();
  });

  it('refuses the desk to a member without the role, asking nothing of the check-in API', async () => {
    const { requests } = renderDesk({}, member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    expect(screen.getByText('You need to be a check-in volunteer to see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check-in' })).toBeNull();
    expect(requests.filter((request) => request.path.startsWith('/api/check-in'))).toEqual([]);
  });

  it('lists the events when there are several, each opening its desk', async () => {
    const { user, router } = renderDesk({
      'GET /api/check-in': () =>
        Response.json([
          { slug: 'sculc-2026', title: 'SCULC 2026', starts_at: '2026-05-16T16:00:00Z' },
          { slug: 'naclo-open-2026', title: 'NACLO Open Round 2026', starts_at: '2026-01-29T17:00:00Z' },
        ]),
    });
    await user.click(await screen.findByRole('link', { name: 'SCULC 2026' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in: SCULC 2026' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check-in/sculc-2026');
  });

  it('goes straight to the only event’s desk, with its counts', async () => {
    const { router } = renderDesk();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in: SCULC 2026' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check-in/sculc-2026');
    expect(count('Checked in')).toBe('4');
    expect(count('Registered')).toBe('12');
    expect(count('Waiting list')).toBe('3');
    expect(count('Lunches')).toBe('8');
    expect(count('Dietary needs')).toBe('2');
  });

  it('checks a person in by name: green at a glance, announced, counts refreshed; and undoes it', async () => {
    const { user, requests } = renderDesk();
    await user.click(await findAda(user));

    const result = await screen.findByText('Checked in', { selector: '.check-in-result-headline *, .check-in-result-headline', exact: false });
    const panel = result.closest('.check-in-result');
    expect(panel).toHaveClass('is-good');
    expect(panel?.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(panel).toHaveTextContent('Ada Lovelace');
    expect(panel).toHaveTextContent('In person');
    expect(panel).toHaveTextContent('Lunch: yes');
    expect(panel).toHaveTextContent('Dietary needs: Vegetarian');
    await vi.waitFor(() => {
      expect(count('Checked in')).toBe('5');
    });
    // Sent now, so without a time: the server's clock is the check-in's. Its key tells a resend from a second check-in.
    const sent = requests.find((request) => request.method === 'POST')?.body as { key?: string } | undefined;
    expect(Object.keys(sent ?? {})).toEqual(['key']);
    expect(sent?.key).toMatch(UUID);

    await user.click(screen.getByRole('button', { name: 'Undo this check-in' }));
    expect(await screen.findByText(/Check-in undone/)).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(count('Checked in')).toBe('4');
    });
  });

  it('clears the search and gives it the focus after each check-in, ready for the next person', async () => {
    const { user } = renderDesk();
    await user.click(await findAda(user));
    expect(await screen.findByText('Checked in', { selector: '.check-in-result-headline', exact: false })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Name or e-mail address' });
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Check in Ada Lovelace' })).toBeNull();
  });

  it('shows someone without a place in red with the reason, and no button to check them in', async () => {
    const wes: FoundPerson = {
      ...adaFound,
      registration_id: '7d1e8a40-0000-4000-8000-000000000002',
      first_name: 'Wes',
      last_name: 'Waiting',
      state: 'waiting',
      not_registered: 'Not registered: on the waiting list.',
    };
    const { user } = renderDesk({ 'GET /api/check-in/sculc-2026/people': () => Response.json([wes]) });
    await user.type(await screen.findByRole('searchbox', { name: 'Name or e-mail address' }), 'wes');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const reason = await screen.findByText('Not registered: on the waiting list.');
    expect(reason.closest('li')).toHaveClass('is-refused');
    expect(screen.queryByRole('button', { name: 'Check in Wes Waiting' })).toBeNull();
  });

  it('says who checked the person in first, in amber, for a second check-in', async () => {
    const { user } = renderDesk({
      [`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`]: () =>
        Response.json({ ...adaIn(), outcome: 'already_checked_in', message: 'Already checked in at 08:42 by Grace Hopper.' }),
    });
    await user.click(await findAda(user));
    const message = await screen.findByText('Already checked in at 08:42 by Grace Hopper.');
    expect(message.closest('.check-in-result')).toHaveClass('is-warning');
    expect(message.closest('.check-in-result')).toHaveTextContent('Already checked in');
    expect(screen.queryByRole('button', { name: 'Undo this check-in' })).toBeNull();
  });

  it('asks for two characters before searching, and lists no needs', async () => {
    const { user, requests } = renderDesk();
    await user.type(await screen.findByRole('searchbox', { name: 'Name or e-mail address' }), 'l');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least two characters of a name or an e-mail address.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith('/people'))).toEqual([]);
    await user.type(screen.getByRole('searchbox', { name: 'Name or e-mail address' }), 'o');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const person = (await screen.findByRole('button', { name: 'Check in Ada Lovelace' })).closest('li');
    expect(person).toHaveTextContent('In person, lunch');
    expect(person).not.toHaveTextContent(/needs|Vegetarian/);
    expect(screen.queryByText('Type at least two characters of a name or an e-mail address.')).toBeNull();
  });

  it('shows the check-in window, refuses outside it, and offers an admin to check in anyway', async () => {
    const outside = 'Check-in for SCULC 2026 closed on May 17, 2026 at 12:00 PM PDT. It is too late to check anyone in.';
    const path = `POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`;
    const { user, requestsTo } = renderDesk(
      {
        [path]: ({ body }) =>
          (body as { override_window?: boolean }).override_window
            ? Response.json({
                ...adaIn(),
                message: 'Ada Lovelace is checked in outside the check-in window, by an admin’s decision (logged).',
                person: { ...adaIn().person, outside_window: true },
              })
            : errorResponse(409, outside, { code: 'outside_check_in_window' }),
      },
      admin,
    );
    expect(await screen.findByText(/^Check-in is open from /)).toHaveTextContent(/May 15.* to .*May 17/);
    await user.click(await findAda(user));
    expect(await screen.findByText(outside)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check in anyway (admin; logged)' }));
    expect(await screen.findByText(/outside the check-in window, by an admin’s decision: no certificate/)).toBeInTheDocument();
    const [first, second] = requestsTo(path) as { key: string; override_window?: boolean }[];
    expect(first?.override_window).toBeUndefined();
    expect(second).toEqual({ key: first?.key, override_window: true });
  });

  it('tells a volunteer that only an admin can check in outside the window', async () => {
    const { user } = renderDesk({
      [`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`]: () =>
        errorResponse(409, 'Check-in for SCULC 2026 opens on May 15, 2026 at 9:00 PM PDT. It is too early to check anyone in.', {
          code: 'outside_check_in_window',
        }),
    });
    await user.click(await findAda(user));
    expect(await screen.findByText('Only an admin can check someone in outside the check-in window.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Check in anyway/ })).toBeNull();
  });

  it('shows the server’s refusal in red', async () => {
    const { user } = renderDesk({
      [`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`]: () =>
        errorResponse(409, 'Ada Lovelace is not registered: cancelled.'),
    });
    await user.click(await findAda(user));
    const message = await screen.findByText('Ada Lovelace is not registered: cancelled.');
    expect(message.closest('.check-in-result')).toHaveClass('is-bad');
    expect(message.closest('.check-in-result')).toHaveTextContent('Not checked in');
  });

  it('keeps a check-in made offline, says so, and sends it with its time when the network is back', async () => {
    let online = false;
    const { user, requestsTo, state } = renderDesk({
      [`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        state.checkedIn += 1;
        return Response.json({ ...adaIn(), outcome: 'already_checked_in', message: 'Already checked in at 08:42 by Grace Hopper.' });
      },
    });
    const button = await findAda(user);
    await user.click(button);

    expect(await screen.findByText('Saved — will be sent when the connection is back (1 waiting).')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Saved while offline' })).toHaveTextContent('1 check-in waits for the connection');
    // Not offered twice while it waits: found again, she shows as waiting.
    await user.type(screen.getByRole('searchbox', { name: 'Name or e-mail address' }), 'lov');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Saved offline: waits for the connection.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in Ada Lovelace' })).toBeNull();
    const [queued] = JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]') as { id: string; at: string }[];
    expect(queued?.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Kept with the key the failed send used: the server may have had it.
    const [failed] = requestsTo(`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`);
    expect(failed).toEqual({ key: queued?.id });

    online = true;
    window.dispatchEvent(new Event('online'));
    const queue = await screen.findByRole('region', { name: 'Saved while offline' });
    expect(await within(queue).findByText(/Sent after the connection came back: 0 check-ins, 1 needs a look/)).toBeInTheDocument();
    expect(within(queue).getByText('Ada Lovelace: Already checked in at 08:42 by Grace Hopper.')).toBeInTheDocument();
    expect(requestsTo(`POST /api/check-in/sculc-2026/registrations/${ada.registration_id}`).at(-1)).toEqual({ key: queued?.id, at: queued?.at });
    expect(localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
    // Nothing says they still wait.
    expect(screen.queryByText(/waiting\)/)).toBeNull();
  });

  it('sends the check-ins a reload left saved as soon as the desk opens', async () => {
    localStorage.setItem(
      QUEUE_STORAGE_KEY,
      JSON.stringify([{ id: 'x', slug: 'sculc-2026', at: '2026-05-16T15:40:00Z', kind: 'scan', token: 'AAA.BBB' }]),
    );
    const { requestsTo } = renderDesk({ 'POST /api/check-in/sculc-2026/scans': () => Response.json(adaIn()) });
    expect(await screen.findByText(/Sent after the connection came back: 1 check-in\./)).toBeInTheDocument();
    expect(requestsTo('POST /api/check-in/sculc-2026/scans')).toEqual([{ token: 'AAA.BBB', key: 'x', at: '2026-05-16T15:40:00Z' }]);
  });

  it('reads a ticket from the camera and checks it in', async () => {
    const track = { stop: vi.fn() };
    const stream = { getTracks: () => [track] };
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, {
      mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve(stream)) },
    }));
    // The browser's own detector, seeing one ticket.
    vi.stubGlobal(
      'BarcodeDetector',
      Object.assign(
        class {
          detect() {
            return Promise.resolve([{ rawValue: 'TICKET.TOKEN' }]);
          }
        },
        { getSupportedFormats: () => Promise.resolve(['qr_code']) },
      ),
    );
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null });

    const { user, requestsTo } = renderDesk({ 'POST /api/check-in/sculc-2026/scans': () => Response.json(adaIn()) });
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }));

    expect(await screen.findByText('Ada Lovelace', { selector: '.check-in-result-name' })).toBeInTheDocument();
    // Held in view, the ticket is sent once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const scans = requestsTo('POST /api/check-in/sculc-2026/scans') as { key?: string }[];
    expect(scans).toEqual([{ token: 'TICKET.TOKEN', key: scans[0]?.key }]);
    expect(scans[0]?.key).toMatch(UUID);
    await user.click(screen.getByRole('button', { name: 'Stop the camera' }));
    expect(track.stop).toHaveBeenCalled();
  });

  it('says plainly when the camera is not allowed, pointing to the name lookup', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, {
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    }));
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Start the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The camera is not allowed. Allow this site to use the camera in the browser’s settings, or look the person up by name below.',
    );
    // The volunteer works by name from here: the notice goes when hidden.
    await user.click(screen.getByRole('button', { name: 'Hide this notice' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start the camera' })).toBeInTheDocument();
  });
});
