import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { answerDialog } from '../../../test/dialog';
import { admin, errorResponse, findMessage, member, renderApp } from '../../../test/render-app';
import type { Conflict } from '../api/types';
import { detail, home, reviewer } from '../review-test-data';
import { AUTOSAVE_DELAY_MS } from '../use-autosave';

const conflicts = { 'GET /api/review/conflicts': () => Response.json({ conflicts: [] }) };

describe('/review', () => {
  it('shows the progress, the deadline in Pacific time and each assignment with its state', async () => {
    renderApp('/review', { user: reviewer, api: { 'GET /api/review': () => Response.json(home), ...conflicts } });

    expect(await screen.findByText('1 of 3 reviewed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1 of 3 reviewed' })).toHaveAttribute('value', '1');
    expect(screen.getByText('March 31, 2025, 11:59 PM PDT')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your assigned abstracts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'S25-003 Vowel harmony in Turkish',
      'S25-007 Evidentials in Quechua',
      'S25-011 Code-switching online',
    ]);
    expect(within(list).getByRole('link', { name: 'S25-007 Evidentials in Quechua' })).toHaveAttribute(
      'href',
      '/review/S25-007',
    );
    expect(items[1]).toHaveTextContent('KeywordsSemantics, FieldworkFormatPosterStateDraft saved');
  });

  it('says when the deadline has passed', async () => {
    renderApp('/review', {
      user: reviewer,
      api: { 'GET /api/review': () => Response.json({ ...home, open: false }), ...conflicts },
    });
    expect(
      await screen.findByText('The review deadline has passed. Reviews can no longer be changed.'),
    ).toBeInTheDocument();
  });

  it('declares a conflict by name or e-mail, refuses neither, and removes only the reviewer’s own', async () => {
    let list: Conflict[] = [{ id: 'k1', name: null, email: 'prof@example.edu', added_by_admin: true }];
    const { user, requestsTo } = renderApp('/review', {
      user: reviewer,
      api: {
        'GET /api/review': () => Response.json(home),
        'GET /api/review/conflicts': () => Response.json({ conflicts: list }),
        'POST /api/review/conflicts': (request) => {
          const body = request.body as { name: string | null; email: string | null };
          const added = { id: 'k2', ...body, added_by_admin: false };
          list = [...list, added];
          return Response.json(added, { status: 201 });
        },
        'DELETE /api/review/conflicts/k2': () => {
          list = list.filter(({ id }) => id !== 'k2');
          return new Response(null, { status: 204 });
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Your conflicts' });
    expect(await within(section).findByText('prof@example.edu')).toBeInTheDocument();
    expect(within(section).getByText('added by the organisers')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Declare conflict' }));
    expect(await findMessage('alert', 'Enter a name, an e-mail address or both.')).toBeInTheDocument();
    expect(requestsTo('POST /api/review/conflicts')).toEqual([]);

    await user.type(within(section).getByLabelText('Name'), '  Noam Chomsky ');
    const homeAsked = requestsTo('GET /api/review').length;
    await user.click(within(section).getByRole('button', { name: 'Declare conflict' }));
    // The same words whether or not he wrote anything she was given.
    expect(
      await findMessage(
        'status',
        'Conflict declared: Noam Chomsky. The organisers will see it and reassign any submission it concerns. ' +
          'Your list changes only when they do.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/review/conflicts')).toEqual([{ name: 'Noam Chomsky', email: null }]);
    expect(await within(section).findByText('Noam Chomsky')).toBeInTheDocument();
    // The list of assignments is not asked for again: a declaration does not change it.
    expect(requestsTo('GET /api/review')).toHaveLength(homeAsked);

    await user.click(await within(section).findByRole('button', { name: 'Remove conflict with Noam Chomsky' }));
    expect(await findMessage('status', 'Conflict removed: Noam Chomsky.')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Your conflicts' })).toHaveFocus();
    await waitFor(() => {
      expect(within(section).queryByText('Noam Chomsky')).not.toBeInTheDocument();
    });
  });

  it('is for reviewers only: an admin without the role is not authorised and asks for nothing', async () => {
    const { requests } = renderApp('/review', { user: admin, api: conflicts });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeInTheDocument();
    expect(requests.filter(({ path }) => path.startsWith('/api/review'))).toEqual([]);
  });

  it('puts Review in the nav for reviewers only', async () => {
    renderApp('/review', { user: reviewer, api: { 'GET /api/review': () => Response.json(home), ...conflicts } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Review' })).toHaveAttribute('href', '/review');
  });

  it.each([
    ['a member', member],
    ['an admin', admin],
  ])('hides Review from %s', async (_who, user) => {
    renderApp('/', { user });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Review' })).not.toBeInTheDocument();
  });
});

function reviewApi(answer = detail(), extra = {}) {
  return { 'GET /api/review/S25-007': () => Response.json(answer), ...extra };
}

describe('/review/:code', () => {
  it('shows the PDF with a download named by the code, the flag, and the criteria as 1–5 radio groups', async () => {
    renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail({ flags: ['The PDF may name its author; the organisers have been told.'] })),
    });
    expect(await screen.findByTitle('Abstract S25-007 (PDF)')).toHaveAttribute('src', '/api/review/S25-007/file');
    expect(screen.getByRole('heading', { level: 1, name: 'Review S25-007' })).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download S25-007.pdf' });
    expect(download).toHaveAttribute('download', 'S25-007.pdf');
    expect(screen.getByText('The PDF may name its author; the organisers have been told.')).toBeInTheDocument();
    for (const name of ['Relevance', 'Originality', 'Clarity']) {
      const group = screen.getByRole('group', { name });
      expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
      ]);
      // Five equal columns, which fit at 320 px: no '5' alone on a second line (controls.css).
      expect(group).toHaveClass('is-scale');
      expect(within(group).getByRole('radio', { name: '1' }).closest('.radio-choices')).toHaveStyle({
        '--scale-columns': '5',
      });
    }
    expect(within(screen.getByRole('group', { name: 'Recommendation' })).getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByLabelText('Comment for the author')).toBeInTheDocument();
    expect(screen.getByLabelText('Confidential comment for the organisers')).toBeInTheDocument();
  });

  it('saves a draft once after typing pauses and says "Saved" in a status region', async () => {
    const { user, requestsTo } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail(), { 'PUT /api/review/S25-007': () => Response.json(detail()) }),
    });
    const relevance = await screen.findByRole('group', { name: 'Relevance' });
    await user.click(within(relevance).getByRole('radio', { name: '4' }));
    await user.type(screen.getByLabelText('Comment for the author'), 'Clear.');

    expect(requestsTo('PUT /api/review/S25-007')).toEqual([]);
    await waitFor(
      () => {
        expect(requestsTo('PUT /api/review/S25-007')).toHaveLength(1);
      },
      { timeout: AUTOSAVE_DELAY_MS * 3 },
    );
    expect(requestsTo('PUT /api/review/S25-007')).toEqual([
      { scores: { 'c-rel': 4 }, recommendation: null, comment_for_author: 'Clear.', comment_for_organisers: '' },
    ]);
    expect(await findMessage('status', 'Saved')).toBeInTheDocument();
  });

  it('on Submit names what is missing, focuses the first, and sends nothing', async () => {
    const { user, requestsTo } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail({ review: { ...emptyDraft, scores: { 'c-rel': 5 } } })),
    });
    await user.click(await screen.findByRole('button', { name: 'Submit review' }));

    const originality = screen.getByRole('group', { name: 'Originality' });
    expect(originality).toHaveAccessibleDescription(/Choose a score\./);
    expect(within(originality).getByRole('radio', { name: '1' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Recommendation' })).toHaveAccessibleDescription('Choose a recommendation.');
    expect(screen.getByRole('group', { name: 'Relevance' })).not.toHaveAccessibleDescription(/Choose/);
    expect(requestsTo('POST /api/review/S25-007/submit')).toEqual([]);
  });

  it('submits a complete review, says so, and offers edits until the deadline', async () => {
    const submitted = detail({
      review: {
        ...emptyDraft,
        scores: { 'c-rel': 4, 'c-ori': 3, 'c-cla': 5 },
        recommendation: 'weak_accept',
        state: 'submitted',
        submitted_at: '2025-03-25T17:00:00Z',
      },
    });
    const { user, requestsTo } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail(), { 'POST /api/review/S25-007/submit': () => Response.json(submitted) }),
    });
    for (const [name, score] of [
      ['Relevance', '4'],
      ['Originality', '3'],
      ['Clarity', '5'],
    ] as const) {
      await user.click(within(await screen.findByRole('group', { name })).getByRole('radio', { name: score }));
    }
    await user.click(within(screen.getByRole('group', { name: 'Recommendation' })).getByRole('radio', { name: 'Weak accept' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await findMessage('status', 'Your review of S25-007 was submitted. You can edit it until the deadline.')).toBeInTheDocument();
    expect(requestsTo('POST /api/review/S25-007/submit')).toEqual([
      {
        scores: { 'c-rel': 4, 'c-ori': 3, 'c-cla': 5 },
        recommendation: 'weak_accept',
        comment_for_author: '',
        comment_for_organisers: '',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Update review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abstain' })).not.toBeInTheDocument();
  });

  it('keeps changes to a submitted review as a draft until Update review, and says so', async () => {
    const review = {
      ...emptyDraft,
      scores: { 'c-rel': 4, 'c-ori': 3, 'c-cla': 5 },
      recommendation: 'weak_accept' as const,
      state: 'submitted' as const,
      submitted_at: '2025-03-25T17:00:00Z',
    };
    const { user, requestsTo } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail({ review }), {
        'PUT /api/review/S25-007': () =>
          Response.json(
            detail({ review: { ...review, scores: { ...review.scores, 'c-rel': 1 }, edited_at: '2025-03-26T17:00:00Z' } }),
          ),
      }),
    });
    const relevance = await screen.findByRole('group', { name: 'Relevance' });
    expect(screen.queryByText(/Your changes are a draft/)).not.toBeInTheDocument();
    await user.click(within(relevance).getByRole('radio', { name: '1' }));
    expect(
      screen.getByText('Your changes are a draft: the organisers see your submitted review until you press Update review.'),
    ).toBeInTheDocument();
    await waitFor(
      () => {
        expect(requestsTo('PUT /api/review/S25-007')).toHaveLength(1);
      },
      { timeout: AUTOSAVE_DELAY_MS * 3 },
    );
    expect(await findMessage('status', 'Draft saved, not yet submitted')).toBeInTheDocument();
    expect(requestsTo('POST /api/review/S25-007/submit')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Update review' })).toBeInTheDocument();
  });

  it('shows the server’s field errors from a refused submit at their fields and focuses the first', async () => {
    const complete = { ...emptyDraft, scores: { 'c-rel': 4, 'c-ori': 3, 'c-cla': 5 }, recommendation: 'accept' as const };
    const { user } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail({ review: complete }), {
        'POST /api/review/S25-007/submit': () =>
          errorResponse(422, 'Please correct the highlighted fields.', {
            fields: { 'scores.c-cla': ['The score must be from 1 to 5.'] },
          }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Submit review' }));
    expect(await findMessage('alert', 'Please correct the highlighted fields.')).toBeInTheDocument();
    const clarity = screen.getByRole('group', { name: 'Clarity' });
    expect(clarity).toHaveAccessibleDescription(/The score must be from 1 to 5\./);
    await waitFor(() => {
      expect(within(clarity).getByRole('radio', { name: '1' })).toHaveFocus();
    });
  });

  it('Save & next saves at once and opens the next unfinished abstract', async () => {
    const { user, requestsTo, router } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail(), {
        'PUT /api/review/S25-007': () => Response.json(detail()),
        'GET /api/review/S25-011': () =>
          Response.json(detail({ code: 'S25-011', title: 'Code-switching online', next_code: null })),
      }),
    });
    await user.click(within(await screen.findByRole('group', { name: 'Clarity' })).getByRole('radio', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Save & next' }));

    expect(await screen.findByText('Code-switching online')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Review S25-011' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/review/S25-011');
    expect(requestsTo('PUT /api/review/S25-007')).toEqual([
      { scores: { 'c-cla': 2 }, recommendation: null, comment_for_author: '', comment_for_organisers: '' },
    ]);
    // The new page starts from its own (empty) review.
    expect(within(screen.getByRole('group', { name: 'Clarity' })).getByRole('radio', { name: '2' })).not.toBeChecked();
  });

  it('abstains after a reason and a confirmation, back on the list with a message', async () => {
    const { user, requestsTo, router } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail(), {
        'POST /api/review/S25-007/abstain': () => new Response(null, { status: 204 }),
        'GET /api/review': () => Response.json(home),
        ...conflicts,
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Abstain' }));
    const reason = screen.getByLabelText('Why are you abstaining?');
    expect(reason).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Abstain from S25-007' }));
    expect(reason).toHaveAccessibleDescription(/Say why you are abstaining\./);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(reason, 'I supervised this student.');
    await user.click(screen.getByRole('button', { name: 'Abstain from S25-007' }));
    expect(await answerDialog(user, 'Abstain', 'Abstain')).toBe(
      'Abstain from S25-007? It leaves your list and goes to another reviewer.',
    );
    expect(await findMessage('status', 'You abstained from S25-007.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/review');
    expect(requestsTo('POST /api/review/S25-007/abstain')).toEqual([{ reason: 'I supervised this student.' }]);
  });

  it('after the deadline shows the review read-only with a clear message', async () => {
    const { requestsTo } = renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(detail({ open: false, review: { ...emptyDraft, scores: { 'c-rel': 3 } } })),
    });
    expect(
      await screen.findByText('The review deadline has passed. This review can no longer be changed.'),
    ).toBeInTheDocument();
    const relevance = screen.getByRole('group', { name: 'Relevance' });
    expect(within(relevance).getByRole('radio', { name: '3' })).toBeChecked();
    expect(within(relevance).getByRole('radio', { name: '4' })).toBeDisabled();
    expect(screen.getByLabelText('Comment for the author')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & next' })).not.toBeInTheDocument();
    expect(requestsTo('PUT /api/review/S25-007')).toEqual([]);
  });

  it('shows the others’ reviews, without names, when the answer has them', async () => {
    renderApp('/review/S25-007', {
      user: reviewer,
      api: reviewApi(
        detail({
          others: [
            {
              reviewer: 'Reviewer 2',
              scores: { 'c-rel': 2, 'c-ori': 4, 'c-cla': 3 },
              recommendation: 'weak_reject',
              comment_for_author: 'The data need a second look.',
            },
          ],
        }),
      ),
    });
    const other = await screen.findByRole('article', { name: 'Reviewer 2' });
    expect(other).toHaveTextContent('Relevance2Originality4Clarity3RecommendationWeak reject');
    expect(other).toHaveTextContent('The data need a second look.');
  });

  it('says an abstract that is not assigned is not assigned', async () => {
    renderApp('/review/S25-099', {
      user: reviewer,
      api: { 'GET /api/review/S25-099': () => errorResponse(404, 'Not found.') },
    });
    expect(await findMessage('alert', 'This abstract is not assigned to you.')).toBeInTheDocument();
  });
});

const emptyDraft = {
  scores: {},
  recommendation: null,
  comment_for_author: '',
  comment_for_organisers: '',
  state: 'draft' as const,
  saved_at: '2025-03-24T10:00:00Z',
  submitted_at: null,
  edited_at: null,
};

