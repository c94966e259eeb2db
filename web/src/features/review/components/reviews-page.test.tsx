import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, edition } from '../../../test/admin-data';
import { answerDialog } from '../../../test/dialog';
import { admin, errorResponse, findMessage, renderApp, type Handler } from '../../../test/render-app';
import type { ReviewOverview, ReviewOverviewRow, ReviewSettings, ThresholdPlan } from '../api/review-types';

allowSlowPageLoads();

const criteria = [
  { id: 'c-rel', name: 'Relevance', weight: 1 },
  { id: 'c-cla', name: 'Clarity', weight: 2 },
];

function row(code: string, mean: number | null, fields: Partial<ReviewOverviewRow> = {}): ReviewOverviewRow {
  return {
    submission_id: `id-${code}`,
    code,
    title: `Title of ${code}`,
    author: 'Ada Lovelace',
    status: 'submitted',
    assigned: 2,
    submitted: mean === null ? 0 : 2,
    abstained: 0,
    mean,
    criteria: [
      { criterion_id: 'c-rel', mean, spread: mean === null ? null : 1 },
      { criterion_id: 'c-cla', mean, spread: mean === null ? null : 2 },
    ],
    recommendations: { accept: 1, weak_accept: 0, weak_reject: 1, reject: 0 },
    flagged: false,
    ...fields,
  };
}

const overview: ReviewOverview = {
  edition_year: 2025,
  criteria,
  submissions: [row('S25-001', 3.5), row('S25-002', null), row('S25-003', 4.25, { flagged: true })],
};

const settings: ReviewSettings = {
  edition_year: 2025,
  deadline: '2025-04-01T06:59:00Z',
  reviewers_per_submission: 2,
  visibility: 'after_own',
  criteria,
  criteria_locked: false,
};

function reviewsApi(extra: Record<string, Handler> = {}) {
  return {
    'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]),
    'GET /api/admin/reviews': () => Response.json(overview),
    'GET /api/admin/review/settings': () => Response.json(settings),
    'GET /api/admin/reviewers': () =>
      Response.json({
        reviewers: [
          { id: 'r1', name: 'Edward Sapir', email: 'sapir@example.edu', assigned: 2, submitted: 1, conflicts: [], crossed: [] },
        ],
      }),
    ...extra,
  };
}

function codesInTable(): string[] {
  const table = screen.getByRole('table', { name: /^Submissions of SCULC 2025/ });
  return within(table)
    .getAllByRole('rowheader')
    .map((header) => header.textContent.replace(' reviews', ''));
}

describe('/user-data/reviews', () => {
  it('shows each submission’s figures and sorts by mean with the keyboard, unreviewed last', async () => {
    const { user } = renderApp('/user-data/reviews', { user: admin, api: reviewsApi() });
    const table = await screen.findByRole('table', { name: 'Submissions of SCULC 2025, sorted by Code, ascending' });
    const first = within(table).getAllByRole('row')[1];
    if (!first) throw new Error('no rows');
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Title of S25-001',
      'Ada Lovelace',
      '2 of 2',
      '3.50',
      '3.50 ±spread 1',
      '3.50 ±spread 2',
      'Accept 1, Weak reject 1',
      'Submitted, no decision yet',
      '',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Clarity ×2' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'S25-003 reviews' })).toHaveAttribute(
      'href',
      '/user-data/reviews/id-S25-003?edition=2025',
    );

    const mean = within(table).getByRole('button', { name: /^Mean/ });
    mean.focus();
    await user.keyboard('{Enter}');
    expect(within(table).getByRole('columnheader', { name: /^Mean/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(codesInTable()).toEqual(['S25-001', 'S25-003', 'S25-002']);
    await user.keyboard(' ');
    expect(within(table).getByRole('columnheader', { name: /^Mean/ })).toHaveAttribute('aria-sort', 'descending');
    expect(codesInTable()).toEqual(['S25-003', 'S25-001', 'S25-002']);
    expect(table).toHaveAccessibleName('Submissions of SCULC 2025, sorted by Mean, descending');
  });

  it('names the assignments a reviewer’s declared conflicts cross, for an admin to withdraw', async () => {
    renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({
        'GET /api/admin/reviewers': () =>
          Response.json({
            reviewers: [
              {
                id: 'r1',
                name: 'Edward Sapir',
                email: 'sapir@example.edu',
                assigned: 2,
                submitted: 0,
                conflicts: [{ id: 'k1', name: 'Ada Lovelace', email: null, added_by_admin: false }],
                crossed: ['S25-001', 'S25-003'],
              },
              { id: 'r2', name: 'Mary Haas', email: 'h@example.edu', assigned: 1, submitted: 0, conflicts: [], crossed: [] },
            ],
          }),
      }),
    });
    const sapir = (await screen.findByText('Edward Sapir', { selector: 'strong' })).closest('li');
    if (!sapir) throw new Error('no reviewer item');
    expect(sapir).toHaveTextContent(
      'Their conflicts cross S25-001, S25-003, not yet reviewed. The reviewer is not told; open each code in the table above and remove Edward Sapir there (another admin does so for your own submissions).',
    );
    const haas = screen.getByText('Mary Haas', { selector: 'strong' }).closest('li');
    expect(haas).not.toHaveTextContent('Their conflicts cross');
  });

  it('assigns automatically: a preview first, then exactly that list on confirm', async () => {
    const plan = {
      assignments: [
        { submission_id: 'id-S25-002', code: 'S25-002', title: 'Title of S25-002', reviewer_id: 'r1', reviewer_name: 'Edward Sapir' },
      ],
      short: [
        { submission_id: 'id-S25-003', code: 'S25-003', title: 'Title of S25-003', missing: 1, cause: 'conflicts' as const },
      ],
      reviewer_count: 3,
      reviewers_per_submission: 2,
    };
    const { user, requestsTo } = renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({
        'POST /api/admin/reviews/auto-assign/preview': () => Response.json(plan),
        'POST /api/admin/reviews/auto-assign': () => Response.json({ assigned: 1 }),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Assign automatically' });
    expect(await within(panel).findByText(/Gives every undecided submission 2 reviewers/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Preview assignments' }));

    expect(await within(panel).findByRole('heading', { name: '1 new assignment' })).toHaveFocus();
    expect(within(panel).getByRole('row', { name: 'S25-002 Title of S25-002 Edward Sapir' })).toBeInTheDocument();
    expect(within(panel).getByText('Conflicts leave too few reviewers for these:')).toBeInTheDocument();
    expect(within(panel).getByText('S25-003 Title of S25-003: 1 reviewer missing')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/reviews/auto-assign')).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Confirm 1 assignment' }));
    expect(await findMessage('status', '1 assignment was saved. The reviewers were e-mailed.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/reviews/auto-assign')).toEqual([
      { assignments: [{ submission_id: 'id-S25-002', reviewer_id: 'r1' }] },
    ]);
  });

  it('says when a preview falls short for want of reviewers, not for conflicts', async () => {
    const plan = {
      assignments: [],
      short: [
        { submission_id: 'id-S25-001', code: 'S25-001', title: 'Title of S25-001', missing: 1, cause: 'too_few_reviewers' as const },
      ],
      reviewer_count: 1,
      reviewers_per_submission: 2,
    };
    const { user } = renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({ 'POST /api/admin/reviews/auto-assign/preview': () => Response.json(plan) }),
    });
    const panel = await screen.findByRole('region', { name: 'Assign automatically' });
    await user.click(within(panel).getByRole('button', { name: 'Preview assignments' }));
    expect(
      await within(panel).findByText(/^Not enough reviewers: the edition has 1 reviewer and each submission needs 2\./),
    ).toBeInTheDocument();
    expect(within(panel).queryByText(/Conflicts leave|crossing a conflict/)).not.toBeInTheDocument();
  });

  it('decides by threshold: checks the cut-off, previews both lists, confirms with the comments option', async () => {
    const plan: ThresholdPlan = {
      cutoff: 3.6,
      accept: [{ submission_id: 'id-S25-003', code: 'S25-003', title: 'Title of S25-003', mean: 4.25 }],
      reject: [{ submission_id: 'id-S25-001', code: 'S25-001', title: 'Title of S25-001', mean: 3.5 }],
      without_reviews: [{ submission_id: 'id-S25-002', code: 'S25-002', title: 'Title of S25-002' }],
      own: [{ submission_id: 'id-S25-004', code: 'S25-004', title: 'Title of S25-004' }],
    };
    const { user, requestsTo } = renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({
        'POST /api/admin/reviews/threshold/preview': () => Response.json(plan),
        'POST /api/admin/reviews/threshold': () => Response.json({ accepted: 1, rejected: 1 }),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Decide by threshold' });
    const cutoff = within(panel).getByLabelText('Cut-off (mean score)');
    await user.click(within(panel).getByRole('button', { name: 'Preview decisions' }));
    expect(cutoff).toHaveAccessibleDescription('Enter a mean score, e.g. 3.5.');
    expect(cutoff).toHaveFocus();

    await user.type(cutoff, '3.6');
    await user.click(within(panel).getByRole('button', { name: 'Preview decisions' }));
    expect(await within(panel).findByRole('heading', { name: 'At a cut-off of 3.6' })).toHaveFocus();
    expect(within(within(panel).getByRole('list', { name: 'Accepted (1)' })).getByRole('listitem')).toHaveTextContent(
      'S25-003 Title of S25-003 (mean 4.25)',
    );
    expect(within(within(panel).getByRole('list', { name: 'Rejected (1)' })).getByRole('listitem')).toHaveTextContent(
      'S25-001 Title of S25-001 (mean 3.50)',
    );
    expect(within(panel).getByRole('list', { name: 'Left undecided, no reviews (1)' })).toHaveTextContent('S25-002');
    expect(within(panel).getByRole('list', { name: 'Left for another admin, your own (1)' })).toHaveTextContent(
      'S25-004',
    );

    await user.click(within(panel).getByRole('checkbox', { name: 'Send the reviewers’ comments for the author' }));
    await user.click(within(panel).getByRole('button', { name: 'Confirm decisions' }));
    expect(await answerDialog(user, 'Send the decisions', 'Decide by threshold')).toBe(
      'Accept 1 and reject 1 submissions? Each author is e-mailed the decision with the reviewers’ comments.',
    );
    expect(await findMessage('status', '1 accepted and 1 rejected. The authors were e-mailed.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/reviews/threshold/preview')).toEqual([{ cutoff: 3.6 }]);
    expect(requestsTo('POST /api/admin/reviews/threshold')).toEqual([
      { cutoff: 3.6, include_comments: true, accept: ['id-S25-003'], reject: ['id-S25-001'] },
    ]);
  });

  it('shows the server’s 409 when the scores changed since the preview, and drops the stale preview', async () => {
    const { user } = renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({
        'POST /api/admin/reviews/threshold/preview': () =>
          Response.json({ cutoff: 3, accept: [], reject: [{ submission_id: 'x', code: 'S25-001', title: 't', mean: 2 }], without_reviews: [], own: [] }),
        'POST /api/admin/reviews/threshold': () =>
          errorResponse(409, 'The scores have changed since the preview. Preview again.'),
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Decide by threshold' });
    await user.type(within(panel).getByLabelText('Cut-off (mean score)'), '3');
    await user.click(within(panel).getByRole('button', { name: 'Preview decisions' }));
    await user.click(await within(panel).findByRole('button', { name: 'Confirm decisions' }));
    await answerDialog(user, 'Send the decisions');
    expect(await findMessage('alert', 'The scores have changed since the preview. Preview again.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Confirm decisions' })).not.toBeInTheDocument();
  });

  it('edits the criteria (rename, weight, add, remove) and sends new ones without an id', async () => {
    const { user, requestsTo } = renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({
        'PUT /api/admin/review/settings': (request) =>
          Response.json({ ...settings, ...(request.body as object), criteria: [...criteria, { id: 'c-new', name: 'Data', weight: 0.5 }] }),
      }),
    });
    const form = await screen.findByRole('region', { name: 'Review settings' });
    const name1 = await within(form).findByLabelText('Criterion 1');
    await user.clear(name1);
    await user.type(name1, 'Fit');
    await user.click(within(form).getByRole('button', { name: 'Remove criterion 2' }));
    await user.click(within(form).getByRole('button', { name: 'Add criterion' }));
    await user.type(within(form).getByLabelText('Criterion 2'), 'Data');
    const weight = within(form).getByLabelText('Weight of criterion 2');
    await user.clear(weight);
    await user.type(weight, '0.5');
    await user.click(within(form).getByRole('radio', { name: 'Never' }));
    await user.clear(within(form).getByLabelText('Reviewers per submission'));
    await user.type(within(form).getByLabelText('Reviewers per submission'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save review settings' }));

    expect(await findMessage('status', 'The review settings were saved.')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/review/settings')).toEqual([
      {
        deadline: '2025-04-01T06:59:00Z',
        reviewers_per_submission: 3,
        visibility: 'never',
        criteria: [
          { id: 'c-rel', name: 'Fit', weight: 1 },
          { name: 'Data', weight: 0.5 },
        ],
      },
    ]);
  });

  it('disables the criteria editor once a review is saved, and says why', async () => {
    renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({ 'GET /api/admin/review/settings': () => Response.json({ ...settings, criteria_locked: true }) }),
    });
    const form = await screen.findByRole('region', { name: 'Review settings' });
    const editor = await within(form).findByRole('group', { name: 'Criteria, scored 1 to 5' });
    expect(editor).toBeDisabled();
    expect(editor).toHaveAccessibleDescription('The criteria cannot change once a review has been saved.');
    expect(within(editor).getByLabelText('Criterion 1')).toBeDisabled();
    expect(within(form).getByLabelText('Reviewers per submission')).toBeEnabled();
  });
});

describe('/user-data/reviews/:submissionId', () => {
  it('shows every review with the reviewer’s name, assigns by hand and removes an unsubmitted assignment', async () => {
    const { user, requestsTo, requests } = renderApp('/user-data/reviews/id-S25-001', {
      user: admin,
      api: reviewsApi({
        'GET /api/admin/reviewers': () =>
          Response.json({
            reviewers: [
              { id: 'r1', name: 'Edward Sapir', email: 's@example.edu', assigned: 2, submitted: 1, conflicts: [], crossed: [] },
              { id: 'r2', name: 'Mary Haas', email: 'h@example.edu', assigned: 1, submitted: 0, conflicts: [], crossed: [] },
              { id: 'r3', name: 'Ken Hale', email: 'k@example.edu', assigned: 0, submitted: 0, conflicts: [], crossed: [] },
            ],
          }),
        'GET /api/admin/reviews/id-S25-001': () =>
          Response.json({
            ...row('S25-001', 3.5),
            file_url: '/api/submissions/id-S25-001/file',
            assignments: [
              {
                reviewer_id: 'r1',
                reviewer_name: 'Edward Sapir',
                state: 'submitted',
                abstain_reason: null,
                review: {
                  scores: { 'c-rel': 4, 'c-cla': 3 },
                  recommendation: 'accept',
                  comment_for_author: 'Well argued.',
                  comment_for_organisers: 'Strong.',
                  submitted_at: '2025-03-25T17:00:00Z',
                },
              },
              { reviewer_id: 'r2', reviewer_name: 'Mary Haas', state: 'pending', abstain_reason: null, review: null },
            ],
          }),
        'POST /api/admin/reviews/id-S25-001/assignments': () => Response.json({}, { status: 201 }),
        'DELETE /api/admin/reviews/id-S25-001/assignments/r2': () => new Response(null, { status: 204 }),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews of S25-001' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(tabs).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    const sapir = screen.getByRole('article', { name: 'Review by Edward Sapir' });
    expect(sapir).toHaveTextContent('Relevance4Clarity3RecommendationAccept');
    expect(sapir).toHaveTextContent('Well argued.');
    expect(sapir).toHaveTextContent('Strong.');
    expect(within(sapir).queryByRole('button', { name: /Remove assignment/ })).not.toBeInTheDocument();

    const select = screen.getByRole('combobox', { name: 'Reviewer' });
    await waitFor(() => {
      // Every reviewer not assigned yet.
      expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Choose a reviewer',
        'Ken Hale (0 assigned)',
      ]);
    });
    await user.selectOptions(select, 'r3');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await findMessage('status', 'Ken Hale was assigned and e-mailed.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/reviews/id-S25-001/assignments')).toEqual([{ reviewer_id: 'r3' }]);

    await user.click(screen.getByRole('button', { name: 'Remove assignment of Mary Haas' }));
    expect(await answerDialog(user, 'Remove', 'Remove reviewer')).toBe(
      'Remove Mary Haas from this submission? Their draft goes with it.',
    );
    expect(await findMessage('status', 'Mary Haas was removed from this submission.')).toBeInTheDocument();
    await waitFor(() => {
      expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    });
  });

  it('does not name the reviewers of the admin’s own submission, and says another admin decides', async () => {
    renderApp('/user-data/reviews/id-S25-001', {
      user: admin,
      api: reviewsApi({
        'GET /api/admin/reviewers': () => Response.json({ reviewers: [] }),
        'GET /api/admin/reviews/id-S25-001': () =>
          Response.json({
            ...row('S25-001', null),
            file_url: '/api/submissions/id-S25-001/file',
            own: true,
            assignments: [
              { reviewer_id: null, reviewer_name: 'Reviewer 1', state: 'pending', abstain_reason: null, review: null },
            ],
          }),
      }),
    });
    expect(
      await screen.findByText(
        'This is your own submission: another admin decides on it, and its reviewers are not named to you.',
      ),
    ).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Review by Reviewer 1' });
    expect(within(card).queryByRole('button', { name: /Remove assignment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Reviewer' })).not.toBeInTheDocument();
  });
});

describe('/user-data/reviews in an earlier edition', () => {
  const editions = () => Response.json([edition(2026), edition(2025)]);
  const overviewOf = (request: { url: URL }) => {
    const year = Number(request.url.searchParams.get('edition'));
    return Response.json({ ...overview, edition_year: year, submissions: year === 2025 ? overview.submissions : [] });
  };

  it('shows the current edition by default and an earlier one, read only, after picking it, every request naming it', async () => {
    const { user, requests } = renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({
        'GET /api/admin/editions': editions,
        'GET /api/admin/reviews': overviewOf,
        'GET /api/admin/review/settings': (request) =>
          Response.json({ ...settings, edition_year: Number(request.url.searchParams.get('edition')) }),
        'POST /api/admin/reviews/auto-assign/preview': () =>
          Response.json({ assignments: [], short: [], reviewer_count: 1, reviewers_per_submission: 2 }),
      }),
    });

    expect(await screen.findByRole('table', { name: /^Submissions of SCULC 2026/ })).toHaveTextContent(
      'No submissions in this edition yet.',
    );
    const picker = screen.getByRole('combobox', { name: 'Edition' });
    expect(picker).toHaveAccessibleDescription('The scores, assignments and settings below are SCULC 2026’s.');
    const panel = screen.getByRole('region', { name: 'Assign automatically' });
    await user.click(within(panel).getByRole('button', { name: 'Preview assignments' }));
    await waitFor(() => {
      const preview = requests.find((r) => r.path === '/api/admin/reviews/auto-assign/preview');
      expect(preview?.url.searchParams.get('edition')).toBe('2026');
    });

    await user.selectOptions(picker, 'SCULC 2025');
    const table = await screen.findByRole('table', { name: /^Submissions of SCULC 2025/ });
    expect(within(table).getByRole('link', { name: 'S25-001 reviews' })).toHaveAttribute(
      'href',
      '/user-data/reviews/id-S25-001?edition=2025',
    );
    expect(await findMessage('status', 'SCULC 2025 is not the current edition: its reviews can be read, not changed.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Assign automatically' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decide by threshold' })).not.toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Reviewers per submission' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save review settings' })).not.toBeInTheDocument();

    const reviewRequests = requests.filter((r) => r.method === 'GET' && /^\/api\/admin\/review/.test(r.path));
    expect(reviewRequests.every((r) => ['2025', '2026'].includes(r.url.searchParams.get('edition') ?? ''))).toBe(true);
    const paths2025 = reviewRequests.filter((r) => r.url.searchParams.get('edition') === '2025').map((r) => r.path);
    expect([...new Set(paths2025)].sort()).toEqual(['/api/admin/review/settings', '/api/admin/reviewers', '/api/admin/reviews']);
  });

  it('says so when the editions cannot be loaded, instead of loading for ever', async () => {
    renderApp('/user-data/reviews', {
      user: admin,
      api: reviewsApi({ 'GET /api/admin/editions': () => errorResponse(500, 'Internal server error') }),
    });

    expect(await findMessage('alert', 'Failed to load the editions. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Loading the reviews…')).not.toBeInTheDocument();
  });

  it('opens an earlier edition’s submission read only, and assigns in the current one', async () => {
    const api = reviewsApi({
      'GET /api/admin/editions': editions,
      'GET /api/admin/reviewers': () =>
        Response.json({
          reviewers: [
            { id: 'r3', name: 'Ken Hale', email: 'k@example.edu', assigned: 0, submitted: 0, conflicts: [], crossed: [] },
          ],
        }),
      'GET /api/admin/reviews/id-S25-001': () =>
        Response.json({
          ...row('S25-001', null),
          file_url: '/f',
          own: false,
          assignments: [
            { reviewer_id: 'r2', reviewer_name: 'Mary Haas', state: 'pending', abstain_reason: null, review: null },
          ],
        }),
      'POST /api/admin/reviews/id-S25-001/assignments': () => Response.json({}, { status: 201 }),
    });
    const earlier = renderApp('/user-data/reviews/id-S25-001?edition=2025', { user: admin, api });

    expect(await screen.findByRole('heading', { name: 'Reviews of S25-001' })).toBeInTheDocument();
    expect(screen.getByText(/A submission to SCULC 2025/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All submissions’ reviews' })).toHaveAttribute(
      'href',
      '/user-data/reviews?edition=2025',
    );
    expect(await findMessage('status', 'SCULC 2025 is not the current edition: its reviews can be read, not changed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove assignment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    expect(
      earlier.requests.filter((r) => r.path.startsWith('/api/admin/review')).map((r) => r.url.searchParams.get('edition')),
    ).toEqual(expect.arrayContaining(['2025']));
    earlier.unmount();

    const { user, requests } = renderApp('/user-data/reviews/id-S25-001?edition=2026', { user: admin, api });
    await screen.findByRole('option', { name: 'Ken Hale (0 assigned)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Reviewer' }), 'r3');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await findMessage('status', 'Ken Hale was assigned and e-mailed.')).toBeInTheDocument();
    const assigned = requests.find((r) => r.method === 'POST' && r.path.endsWith('/assignments'));
    expect(assigned?.url.searchParams.get('edition')).toBe('2026');
  });
});
