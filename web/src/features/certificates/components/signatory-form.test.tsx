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

  it('shows the server’s refusal next to the field', async () => {
    const refusal =
      "The signatory's name or title contains characters the certificate's font cannot print: 王 (U+738B). " +
      'Correct it, or ask the organisers to.';
    const { user } = renderPage(() =>
      errorResponse(422, 'Check the signatory.', { fields: { name: [refusal] } }),
    );
    const region = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    const name = await within(region).findByLabelText("Signatory's name");
    await user.type(name, ' 王');
    await user.click(within(region).getByRole('button', { name: 'Save signatory' }));
    expect(await findMessage('alert', 'Check the signatory.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription(refusal);
  });
});
