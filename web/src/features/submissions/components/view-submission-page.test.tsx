import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Submission } from '../../../api/types';
import { phonologyAbstract, scannedAbstract, syntaxAbstract } from '../../../test/conference-data';
import { deferred, errorResponse, findMessage, member, renderApp, type Handler } from '../../../test/render-app';

const PAGE = '/sculc/view-submission';
const applicant = { ...member, applicant: true };

/** A fake server holding `submissions`; DELETE removes one, as the server does. */
function submissionsApi(initial: Submission[], overrides: Record<string, Handler> = {}) {
  let submissions = [...initial];
  const api: Record<string, Handler> = {
    'GET /api/submissions': () => Response.json({ submissions }),
    ...overrides,
  };
  for (const { id } of initial) {
    api[`DELETE /api/submissions/${id}`] ??= () => {
      submissions = submissions.filter((submission) => submission.id !== id);
      return new Response(null, { status: 204 });
    };
  }
  return api;
}

function item(name: string) {
  const button = screen.getByRole('button', { name: `${name} (opens in a new tab)` });
  const listItem = button.closest('li');
  if (!listItem) throw new Error(`${name} is not in a list`);
  return listItem;
}

describe('view submission page', () => {
  it('thanks the user and lists the submissions with their upload time and guideline check', async () => {
    renderApp(PAGE, { user: applicant, api: submissionsApi([syntaxAbstract, phonologyAbstract, scannedAbstract]) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Submission' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Your abstract is being processed. We will contact you about any updates.'),
    ).toBeInTheDocument();
    const names = screen
      .getAllByRole('button', { name: /opens in a new tab/ })
      .map((button) => button.textContent);
    expect(names).toEqual([
      'syntax.pdf (opens in a new tab)',
      'phonology-abstract.pdf (opens in a new tab)',
      'scan.pdf (opens in a new tab)',
    ]);

    const phonology = item('phonology-abstract.pdf');
    expect(phonology).toHaveTextContent('Uploaded March 1, 2025, 10:15 AM PST · 245 KB');
    expect(phonology).toHaveTextContent('412 words (limit 500)');
    expect(within(phonology).queryByRole('list', { name: 'Guideline warnings' })).not.toBeInTheDocument();

    const syntax = item('syntax.pdf');
    expect(syntax).toHaveTextContent('540 words (limit 500)');
    const warnings = within(syntax).getByRole('list', { name: 'Guideline warnings' });
    expect(within(warnings).getAllByRole('listitem').map((warning) => warning.textContent)).toEqual([
      'The abstract has 540 words; the limit is 500.',
      'Your last name appears in the text.',
    ]);

    const scan = item('scan.pdf');
    expect(scan).not.toHaveTextContent('words (limit');
    expect(within(scan).getByRole('list', { name: 'Guideline warnings' })).toHaveTextContent(
      'The word count could not be made: the PDF has no text.',
    );

    expect(screen.getByRole('link', { name: 'Upload Another Abstract' })).toHaveAttribute(
      'href',
      '/sculc/submit-abstract',
    );
  });

  it('opens a submission in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderApp(PAGE, { user: applicant, api: submissionsApi([phonologyAbstract]) });
    await user.click(await screen.findByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' }));

    expect(open).toHaveBeenCalledWith(
      '/api/submissions/6c1f3e2a-4b5d-4e6f-8a7b-9c0d1e2f3a4b/file',
      '_blank',
      'noopener',
    );
  });

  it('asks before deleting, and deletes nothing when the user cancels', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockReturnValue(undefined);
    const { user, requestsTo } = renderApp(PAGE, { user: applicant, api: submissionsApi([phonologyAbstract]) });
    await user.click(await screen.findByRole('button', { name: 'Delete phonology-abstract.pdf' }));

    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete “phonology-abstract.pdf”?');
    expect(requestsTo(`DELETE /api/submissions/${phonologyAbstract.id}`)).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).toBeInTheDocument();
  });

  it("deletes a submission after confirmation, alerts 'Your submission has been deleted.' and refreshes the list", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockReturnValue(undefined);
    const { user, requestsTo, fetchMock } = renderApp(PAGE, {
      user: applicant,
      api: submissionsApi([syntaxAbstract, phonologyAbstract]),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete syntax.pdf' }));

    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith('Your submission has been deleted.');
    });
    expect(requestsTo(`DELETE /api/submissions/${syntaxAbstract.id}`)).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'DELETE') ?? [];
    expect(new Headers(init?.headers).get('X-Requested-With')).toBe('colloquy');
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'syntax.pdf (opens in a new tab)' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).toBeInTheDocument();
    // The list was read again from the server.
    await waitFor(() => {
      expect(requestsTo('GET /api/submissions').length).toBeGreaterThanOrEqual(2);
    });
    // Focus does not fall to the page's start with the vanished button.
    expect(screen.getByRole('heading', { level: 2, name: 'Your Submissions' })).toHaveFocus();
  });

  it("alerts 'Failed to delete the submission. Please try again.' when deleting fails", async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockReturnValue(undefined);
    const { user } = renderApp(PAGE, {
      user: applicant,
      api: submissionsApi([phonologyAbstract], {
        [`DELETE /api/submissions/${phonologyAbstract.id}`]: () => errorResponse(500, 'Internal server error'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete phonology-abstract.pdf' }));

    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith('Failed to delete the submission. Please try again.');
    });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete phonology-abstract.pdf' })).toBeEnabled();
  });

  it('disables the × while its deletion is under way', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.spyOn(window, 'alert').mockReturnValue(undefined);
    const answer = deferred<undefined>();
    let submissions = [phonologyAbstract];
    const { user } = renderApp(PAGE, {
      user: applicant,
      api: {
        'GET /api/submissions': () => Response.json({ submissions }),
        [`DELETE /api/submissions/${phonologyAbstract.id}`]: async () => {
          await answer.promise;
          submissions = [];
          return new Response(null, { status: 204 });
        },
      },
    });
    const remove = await screen.findByRole('button', { name: 'Delete phonology-abstract.pdf' });
    await user.click(remove);

    await waitFor(() => {
      expect(remove).toBeDisabled();
    });
    answer.resolve(undefined);
    await waitFor(() => {
      expect(remove).not.toBeInTheDocument();
    });
  });

  it('says when there are no submissions and links to the upload page', async () => {
    renderApp(PAGE, { user: member, api: submissionsApi([]) });

    expect(await screen.findByText("You have no submissions for this year's conference yet.")).toBeInTheDocument();
    expect(screen.queryByText(/being processed/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload an Abstract' })).toHaveAttribute('href', '/sculc/submit-abstract');
  });

  it('says when the submissions cannot be loaded', async () => {
    renderApp(PAGE, {
      user: applicant,
      api: { 'GET /api/submissions': () => errorResponse(500, 'Internal server error') },
    });

    expect(await findMessage('alert', 'Failed to load your submissions. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Another Abstract' })).toBeInTheDocument();
  });
});
