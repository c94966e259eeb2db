import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { answerDialog } from '../../../test/dialog';
import { admin, findMessage, renderApp } from '../../../test/render-app';
import { allowSlowPageLoads, edition } from '../admin-test-data';
import type { AdminProgram, ProgramItem } from '../api/program';

const PAGE = '/user-data/program';

function item(code: string, title: string, fields: Partial<ProgramItem> = {}): ProgramItem {
  return {
    submission_id: `0193a1b2-0000-7000-8000-00000000000${code.slice(-1)}`,
    code,
    title,
    authors: 'Ada Lovelace',
    format: 'talk',
    mode: 'in_person',
    needs: '',
    declined: false,
    left_out_reason: null,
    ...fields,
  };
}

const declined = item('S25-002', 'Clitic doubling', {
  format: null,
  mode: null,
  declined: true,
  left_out_reason: 'The presenter declined.',
});

const program: AdminProgram = {
  edition_year: 2025,
  sessions: [
    {
      id: '0193a1b2-0000-7000-8000-0000000000a1',
      kind: 'talks',
      title: 'Morphology',
      starts_at: '2025-05-17T16:00:00Z',
      ends_at: '2025-05-17T17:30:00Z',
      room: 'Room 5',
      items: [item('S25-001', 'Word order', { needs: 'Step-free access\nVegetarian lunch' }), declined],
    },
  ],
  unplaced: [item('S25-003', 'Tone sandhi', { format: 'poster', needs: 'A chair by the poster' })],
  published_at: null,
  changed_since_publish: true,
  left_out: [
    {
      submission_id: declined.submission_id,
      code: 'S25-002',
      title: 'Clitic doubling',
      session_title: 'Morphology',
      reason: 'The presenter declined.',
    },
  ],
};

allowSlowPageLoads();

describe('/user-data/program', () => {
  it('shows each presenter’s needs and what publishing leaves out, and says so after publishing', async () => {
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2025)]),
        'GET /api/admin/program/2025': () => Response.json(program),
        'POST /api/admin/program/2025/publish': () =>
          Response.json({ ...program, published_at: '2025-05-01T17:00:00Z', changed_since_publish: false }),
      },
    });

    const publishing = await screen.findByRole('region', { name: 'SCULC 2025 program' });
    const leftOut = within(publishing).getByRole('heading', { name: 'Left out when publishing' });
    expect(leftOut).toBeInTheDocument();
    expect(within(publishing).getByRole('listitem')).toHaveTextContent(
      'S25-002 “Clitic doubling” in Morphology: The presenter declined.',
    );
    expect(screen.getByText(/Step-free access/)).toHaveTextContent('Needs: Step-free access Vegetarian lunch');
    expect(screen.getByText(/A chair by the poster/)).toHaveTextContent('Needs: A chair by the poster');
    expect(screen.getByText(/The presenter declined\. Publishing leaves it out/)).toBeInTheDocument();

    await user.click(within(publishing).getByRole('button', { name: 'Publish' }));
    expect(await answerDialog(user, 'Publish', 'Publish the program')).toBe(
      'Publish the SCULC 2025 program? The edition page, the program PDF and the calendar files show it at once.',
    );
    expect(
      await findMessage(
        'status',
        'The SCULC 2025 program was published. 1 placed presentation was left out: see why below.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/program/2025/publish')).toHaveLength(1);
  });
});
