import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, edition } from '../../../test/admin-data';
import { admin, errorResponse, findMessage, renderApp } from '../../../test/render-app';

allowSlowPageLoads();

const signatory = { name: 'Noam Linguist', title: 'Faculty Advisor', no_signature: false, paper: 'letter' };
const undecided = { name: '', title: '', no_signature: false, paper: 'letter' };

function renderPage(put: () => Response, current: typeof signatory = signatory) {
  return renderApp('/user-data/editions', {
    user: admin,
    api: {
      'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]),
      'GET /api/admin/editions/2025/signatory': () => Response.json(current),
      'PUT /api/admin/editions/2025/signatory': put,
    },
  });
}

describe('/user-data/editions, the certificates’ signatory', () => {
  it('shows the edition’s signatory and saves a new one', async () => {
    const { user, requestsTo } = renderPage(() => Response.json({ name: 'Ada Lovelace', title: 'President' }));
    const region = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    const name = await within(region).findByLabelText("Signatory's name");
    expect(name).toHaveValue('Noam Linguist');
    const title = within(region).getByLabelText("Signatory's title");
    expect(title).toHaveValue('Faculty Advisor');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.clear(title);
    await user.type(title, 'President');
    await user.click(within(region).getByRole('button', { name: 'Save signatory' }));
    expect(await findMessage('status', 'The signatory of SCULC 2025 was saved.')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/editions/2025/signatory')).toEqual([
      { name: 'Ada Lovelace', title: 'President', no_signature: false, paper: 'letter' },
    ]);
  });

  it('says certificates wait for a decision, and saves “No signature” on A4', async () => {
    const saved = { name: '', title: '', no_signature: true, paper: 'a4' };
    const { user, requestsTo } = renderPage(() => Response.json(saved), undecided);
    const region = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    expect(
      await within(region).findByText(
        'No one is named yet: attendees and presenters cannot download their certificates until you decide.',
      ),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('radio', { name: 'No signature' }));
    expect(within(region).queryByLabelText("Signatory's name")).not.toBeInTheDocument();
    await user.click(within(region).getByRole('radio', { name: 'A4' }));
    await user.click(within(region).getByRole('button', { name: 'Save signatory' }));
    expect(await findMessage('status', 'The signatory of SCULC 2025 was saved.')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/editions/2025/signatory')).toEqual([saved]);
  });

  it('asks the chair for a signatory once the edition’s registration is open, until they decide', async () => {
    let opened = false;
    const proposal = {
      slug: 'sculc-2025',
      title: 'SCULC 2025',
      starts_at: '2025-05-17T16:00:00Z',
      place: 'Campus Learning Pavilion',
    };
    const saved = { name: '', title: '', no_signature: true, paper: 'letter' };
    const { user } = renderApp('/user-data/editions', {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]),
        'GET /api/admin/editions/2025/signatory': () => Response.json(undecided),
        'PUT /api/admin/editions/2025/signatory': () => Response.json(saved),
        'GET /api/admin/event-proposal': () => Response.json({ ...proposal, exists: opened }),
        'POST /api/admin/events': () => {
          opened = true;
          return Response.json(
            { ...proposal, opens_at: null, closes_at: null, capacity: 120, offer_hours: 48, open: true, questions: [], registrations: [] },
            { status: 201 },
          );
        },
      },
    });
    const region = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    const question = /^Who signs the certificates of SCULC 2025\?/;
    await user.click(await within(region).findByRole('button', { name: 'Open registration for SCULC 2025' }));
    await user.type(within(region).getByLabelText('Places in person'), '120');
    expect(within(region).queryByText(question)).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Open Registration' }));

    expect(await findMessage('status', 'Registration for SCULC 2025 is open.')).toBeInTheDocument();
    const asked = await within(region).findByText(question);
    expect(asked).toHaveTextContent(
      'Attendees and presenters can download theirs once you name the signatory or choose no signature.',
    );
    expect(within(asked).getByRole('link', { name: 'name the signatory or choose no signature' })).toHaveAttribute(
      'href',
      '#certificates-signatory',
    );
    expect(document.getElementById('certificates-signatory')).toHaveTextContent('Certificates’ signatory');

    await user.click(within(region).getByRole('radio', { name: 'No signature' }));
    await user.click(within(region).getByRole('button', { name: 'Save signatory' }));
    expect(await findMessage('status', 'The signatory of SCULC 2025 was saved.')).toBeInTheDocument();
    expect(within(region).queryByText(question)).not.toBeInTheDocument();
  });

  it('keeps asking a chair who comes back while the edition’s registration is open and nobody is named', async () => {
    renderApp('/user-data/editions', {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]),
        'GET /api/admin/editions/2025/signatory': () => Response.json(undecided),
        'GET /api/admin/event-proposal': () =>
          Response.json({ slug: 'sculc-2025', title: 'SCULC 2025', starts_at: null, place: '', exists: true }),
      },
    });
    const region = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    expect(await within(region).findByText(/^Who signs the certificates of SCULC 2025\?/)).toBeInTheDocument();
  });

  it('shows the server’s refusal next to the field', async () => {
    const refusal =
      "The signatory's name or title contains characters the certificate's font cannot print: አ (U+12A0). " +
      'Correct it, or ask the organisers to.';
    const { user } = renderPage(() =>
      errorResponse(422, 'Check the signatory.', { fields: { name: [refusal] } }),
    );
    const region = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    const name = await within(region).findByLabelText("Signatory's name");
    await user.type(name, ' አ');
    await user.click(within(region).getByRole('button', { name: 'Save signatory' }));
    expect(await findMessage('alert', 'Check the signatory.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(refusal);
  });
});
