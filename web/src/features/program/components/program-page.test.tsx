import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, edition } from '../../../test/admin-data';
import { answerDialog } from '../../../test/dialog';
import { admin, findMessage, renderApp } from '../../../test/render-app';
import type { AdminProgram, ProgramItem, ProgramSession } from '../api/program';

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
    starts_at: '2025-05-17T16:00:00Z',
    ends_at: '2025-05-17T16:20:00Z',
    ...fields,
  };
}

/** A talks session (Morphology, 9:00 to 10:30 AM in Room 5) unless `fields` say otherwise. */
function session(fields: Partial<ProgramSession> = {}): ProgramSession {
  return {
    id: '0193a1b2-0000-7000-8000-0000000000a1',
    kind: 'talks',
    title: 'Morphology',
    starts_at: '2025-05-17T16:00:00Z',
    ends_at: '2025-05-17T17:30:00Z',
    room: 'Room 5',
    talk_minutes: 15,
    question_minutes: 5,
    items: [],
    ...fields,
  };
}

const declined = item('S25-002', 'Clitic doubling', {
  format: null,
  mode: null,
  declined: true,
  left_out_reason: 'The presenter declined.',
  starts_at: null,
  ends_at: null,
});

const program: AdminProgram = {
  edition_year: 2025,
  sessions: [
    session({ items: [item('S25-001', 'Word order', { needs: 'Step-free access\nVegetarian lunch' }), declined] }),
  ],
  unplaced: [
    item('S25-003', 'Tone sandhi', { format: 'poster', needs: 'A chair by the poster', starts_at: null, ends_at: null }),
  ],
  confirmed: 2,
  warnings: [],
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

describe('/user-data/program, scheduling', () => {
  const clash = {
    message: '“Morphology” (9:00 AM – 10:30 AM) and “Syntax” (9:30 AM – 10:30 AM) are both in Room 5 at once.',
    session_ids: ['0193a1b2-0000-7000-8000-0000000000a1', '0193a1b2-0000-7000-8000-0000000000a2'],
  };
  const clashing: AdminProgram = {
    ...program,
    left_out: [],
    warnings: [clash],
    sessions: [
      session({ items: [item('S25-001', 'Word order')] }),
      session({
        id: '0193a1b2-0000-7000-8000-0000000000a2',
        kind: 'keynote',
        title: 'Syntax',
        starts_at: '2025-05-17T16:30:00Z',
      }),
    ],
  };

  it('shows each talk’s time, the clash on both sessions, and the server’s refusal to publish', async () => {
    const refusal = `The program cannot be published yet. ${clash.message}`;
    const { user } = renderApp(PAGE, {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2025)]),
        'GET /api/admin/program/2025': () => Response.json(clashing),
        'POST /api/admin/program/2025/publish': () => Response.json({ error: refusal }, { status: 422 }),
      },
    });

    const publishing = await screen.findByRole('region', { name: 'SCULC 2025 program' });
    const heading = within(publishing).getByRole('heading', { name: 'Clashes to resolve before publishing' });
    const summary = heading.parentElement as HTMLElement;
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(clash.message);
    for (const title of ['Morphology', 'Syntax']) {
      const card = screen.getByRole('article', { name: new RegExp(title) });
      expect(card).toHaveAccessibleDescription(`Clash: ${clash.message}`);
    }
    const talk = screen.getByText('Word order').closest('li');
    expect(talk).toHaveTextContent('9:00 AM – 9:20 AM S25-001 Word order');
    expect(screen.getByText(/15-minute talks, 5 minutes of questions/)).toBeInTheDocument();

    await user.click(within(publishing).getByRole('button', { name: 'Publish' }));
    await answerDialog(user, 'Publish', 'Publish the program');
    expect(await findMessage('alert', refusal)).toBeInTheDocument();
  });

  it('says no presenter has confirmed yet instead of calling everything placed', async () => {
    const empty: AdminProgram = { ...program, sessions: [], unplaced: [], left_out: [], confirmed: 0 };
    renderApp(PAGE, {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2025)]),
        'GET /api/admin/program/2025': () => Response.json(empty),
      },
    });
    const unplaced = await screen.findByRole('region', { name: 'Unplaced presentations' });
    expect(unplaced).toHaveTextContent(
      'No presenter has confirmed yet: confirmed presentations appear here, ready to place.',
    );
    expect(screen.queryByText('Every confirmed presentation is placed.')).not.toBeInTheDocument();
  });
});

describe('/user-data/program in an earlier edition', () => {
  it('shows the edition in the URL, and another once picked, each read and publication naming its year', async () => {
    const { user, requests, requestsTo } = renderApp(`${PAGE}?edition=2024`, {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]),
        'GET /api/admin/program/2024': () =>
          Response.json({ ...program, edition_year: 2024, sessions: [], unplaced: [], left_out: [] }),
        'GET /api/admin/program/2025': () => Response.json(program),
        'POST /api/admin/program/2024/publish': () =>
          Response.json({ ...program, edition_year: 2024, sessions: [], unplaced: [], left_out: [] }),
      },
    });

    const publishing = await screen.findByRole('region', { name: 'SCULC 2024 program' });
    expect(screen.getByRole('combobox', { name: 'Edition' })).toHaveValue('2024');
    expect(requests.some((r) => r.path === '/api/admin/program/2025')).toBe(false);
    await user.click(within(publishing).getByRole('button', { name: 'Publish' }));
    expect(await answerDialog(user, 'Publish', 'Publish the program')).toMatch(/^Publish the SCULC 2024 program\?/);
    expect(await findMessage('status', 'The SCULC 2024 program was published.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/program/2024/publish')).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Edition' }), 'SCULC 2025 (current)');
    expect(await screen.findByRole('region', { name: 'SCULC 2025 program' })).toBeInTheDocument();
    expect(screen.getByText(/Step-free access/)).toBeInTheDocument();
  });
});
