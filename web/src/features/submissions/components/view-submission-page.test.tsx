import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Submission } from '../../../api/types';
import { edition2025, phonologyAbstract, scannedAbstract, syntaxAbstract } from '../../../test/conference-data';
import { answerDialog } from '../../../test/dialog';
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
    const { user, requestsTo } = renderApp(PAGE, { user: applicant, api: submissionsApi([phonologyAbstract]) });
    const remove = await screen.findByRole('button', { name: 'Delete phonology-abstract.pdf' });
    await user.click(remove);

    expect(await answerDialog(user, 'Cancel', 'Delete submission')).toBe('Are you sure you want to delete “phonology-abstract.pdf”?');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(`DELETE /api/submissions/${phonologyAbstract.id}`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).toBeInTheDocument();
    expect(remove).toHaveFocus();
  });

  it("deletes a submission after confirmation, alerts 'Your submission has been deleted.' and refreshes the list", async () => {
    const { user, requestsTo, requests } = renderApp(PAGE, {
      user: applicant,
      api: submissionsApi([syntaxAbstract, phonologyAbstract]),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete syntax.pdf' }));
    await answerDialog(user, 'Delete', 'Delete submission');

    expect(await answerDialog(user, 'OK', 'Submission deleted')).toBe('Your submission has been deleted.');
    expect(requestsTo(`DELETE /api/submissions/${syntaxAbstract.id}`)).toHaveLength(1);
    const sent = requests.find((request) => request.method === 'DELETE');
    expect(sent?.headers.get('X-Requested-With')).toBe('colloquy');
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
    const { user } = renderApp(PAGE, {
      user: applicant,
      api: submissionsApi([phonologyAbstract], {
        [`DELETE /api/submissions/${phonologyAbstract.id}`]: () => errorResponse(500, 'Internal server error'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete phonology-abstract.pdf' }));
    await answerDialog(user, 'Delete', 'Delete submission');

    expect(await answerDialog(user, 'OK', 'Submission not deleted')).toBe('Failed to delete the submission. Please try again.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete phonology-abstract.pdf' })).toBeEnabled();
    // Back on the × that opened the question, to try again.
    expect(screen.getByRole('button', { name: 'Delete phonology-abstract.pdf' })).toHaveFocus();
  });

  it('disables the × while its deletion is under way', async () => {
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
    await answerDialog(user, 'Delete');

    await waitFor(() => {
      expect(remove).toBeDisabled();
    });
    answer.resolve(undefined);
    await answerDialog(user, 'OK', 'Submission deleted');
    await waitFor(() => {
      expect(remove).not.toBeInTheDocument();
    });
  });

  it('offers Withdraw instead of × for a decided submission, with its decision', async () => {
    const accepted = { ...phonologyAbstract, status: 'accepted' as const };
    const rejected = { ...syntaxAbstract, status: 'rejected' as const };
    renderApp(PAGE, { user: applicant, api: submissionsApi([accepted, rejected, scannedAbstract]) });

    await screen.findByRole('button', { name: 'scan.pdf (opens in a new tab)' });
    expect(within(item('phonology-abstract.pdf')).getByRole('button', { name: 'Withdraw phonology-abstract.pdf' })).toHaveTextContent(
      'Withdraw',
    );
    expect(item('phonology-abstract.pdf')).toHaveTextContent('Decision: Accepted');
    expect(item('syntax.pdf')).toHaveTextContent('Decision: Not accepted');
    expect(screen.queryByRole('button', { name: 'Delete phonology-abstract.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete syntax.pdf' })).not.toBeInTheDocument();
    // Undecided: still deleted with its ×, and no decision shown.
    expect(screen.getByRole('button', { name: 'Delete scan.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw scan.pdf' })).not.toBeInTheDocument();
    expect(item('scan.pdf')).not.toHaveTextContent('Decision');
  });

  it('asks before withdrawing, and withdraws nothing when the user cancels', async () => {
    const accepted = { ...phonologyAbstract, status: 'accepted' as const };
    const { user, requestsTo } = renderApp(PAGE, { user: applicant, api: submissionsApi([accepted]) });
    await user.click(await screen.findByRole('button', { name: 'Withdraw phonology-abstract.pdf' }));

    expect(await answerDialog(user, 'Cancel', 'Withdraw submission')).toBe(
      'Withdraw “phonology-abstract.pdf”? It will no longer be considered for the conference. ' +
        'The organizers keep it, marked as withdrawn; this cannot be undone.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestsTo(`POST /api/submissions/${accepted.id}/withdraw`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Withdraw phonology-abstract.pdf' })).toBeEnabled();
  });

  it("withdraws after confirmation, alerts 'Your submission has been withdrawn.' and refreshes the list", async () => {
    const accepted = { ...phonologyAbstract, status: 'accepted' as const };
    const answer = deferred<undefined>();
    let submissions: Submission[] = [accepted, scannedAbstract];
    const { user, requestsTo, requests } = renderApp(PAGE, {
      user: { ...applicant, presenter: true },
      api: {
        'GET /api/submissions': () => Response.json({ submissions }),
        [`POST /api/submissions/${accepted.id}/withdraw`]: async () => {
          await answer.promise;
          submissions = [scannedAbstract];
          return Response.json({ ...accepted, status: 'withdrawn' });
        },
      },
    });
    const withdraw = await screen.findByRole('button', { name: 'Withdraw phonology-abstract.pdf' });
    await user.click(withdraw);
    await answerDialog(user, 'Withdraw', 'Withdraw submission');

    await waitFor(() => {
      expect(withdraw).toBeDisabled();
    });
    answer.resolve(undefined);
    expect(await answerDialog(user, 'OK', 'Submission withdrawn')).toBe('Your submission has been withdrawn.');
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.headers.get('X-Requested-With')).toBe('colloquy');
    expect(requestsTo(`POST /api/submissions/${accepted.id}/withdraw`)).toHaveLength(1);
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('button', { name: 'scan.pdf (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your Submissions' })).toHaveFocus();
    // The session is read again: the flags may have changed.
    await waitFor(() => {
      expect(requestsTo('GET /api/session').length).toBeGreaterThanOrEqual(2);
    });
  });

  it("shows the server's reason when an abstract was decided before the delete arrived", async () => {
    const reason =
      'This abstract has been accepted, so it can no longer be deleted. ' +
      'Withdraw it instead: it stays with the organizers, marked as withdrawn.';
    let submissions: Submission[] = [phonologyAbstract];
    const { user } = renderApp(PAGE, {
      user: applicant,
      api: {
        'GET /api/submissions': () => Response.json({ submissions }),
        [`DELETE /api/submissions/${phonologyAbstract.id}`]: () => {
          submissions = [{ ...phonologyAbstract, status: 'accepted' }];
          return errorResponse(409, reason, { code: 'decided' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete phonology-abstract.pdf' }));
    await answerDialog(user, 'Delete');

    expect(await answerDialog(user, 'OK', 'Submission not deleted')).toBe(reason);
    // The list is read again and now offers what can be done.
    expect(await screen.findByRole('button', { name: 'Withdraw phonology-abstract.pdf' })).toBeInTheDocument();
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

  it('edits the details of an undecided submission while the call is open', async () => {
    const titled: Submission = {
      ...phonologyAbstract,
      title: 'Vowel harmony in Turkish',
      code: 'S25-014',
      keywords: ['Phonology'],
      coauthors: [{ name: 'Grace Hopper', email: 'grace@example.org', institution: 'Vassar College' }],
    };
    let sent: unknown;
    const { user } = renderApp(PAGE, {
      user: applicant,
      api: submissionsApi([titled, { ...syntaxAbstract, editable: false }], {
        'GET /api/editions/current': () => Response.json(edition2025),
        [`PUT /api/submissions/${titled.id}/details`]: (request) => {
          sent = request.body;
          return Response.json({ ...titled, title: 'Vowel harmony, revised' });
        },
      }),
    });

    await screen.findByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' });
    const entry = item('phonology-abstract.pdf');
    expect(entry).toHaveTextContent('Vowel harmony in Turkish (S25-014)');
    expect(entry).toHaveTextContent('Grace Hopper (Vassar College)');
    expect(within(item('syntax.pdf')).queryByRole('button', { name: /Edit the details/ })).not.toBeInTheDocument();

    await user.click(within(entry).getByRole('button', { name: 'Edit the details of Vowel harmony in Turkish' }));
    const form = screen.getByRole('form', { name: 'Edit the details of Vowel harmony in Turkish' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Vowel harmony in Turkish');
    await user.clear(title);
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(title).toHaveAccessibleDescription('Please enter the title of your abstract.');
    expect(sent).toBeUndefined();

    await user.type(title, 'Vowel harmony, revised');
    await user.click(await within(form).findByRole('checkbox', { name: 'Syntax' }));
    await user.click(within(form).getByRole('radio', { name: 'Talk' }));
    await user.click(within(form).getByRole('button', { name: 'Save details' }));

    expect(await findMessage('status', 'The details were saved successfully.')).toBeInTheDocument();
    expect(sent).toEqual({
      title: 'Vowel harmony, revised',
      coauthors: [{ name: 'Grace Hopper', email: 'grace@example.org', institution: 'Vassar College' }],
      keywords: ['Phonology', 'Syntax'],
      preferred_format: 'talk',
    });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the call closed before the edit arrived", async () => {
    const closed = 'The call for abstracts for SCULC 2025 closed on March 21, 2025 at 11:59 PM PDT. The details of your submission can no longer be changed.';
    const { user } = renderApp(PAGE, {
      user: applicant,
      api: submissionsApi([phonologyAbstract], {
        'GET /api/editions/current': () => Response.json(edition2025),
        [`PUT /api/submissions/${phonologyAbstract.id}/details`]: () => errorResponse(409, closed),
      }),
    });
    await user.click(await screen.findByRole('button', { name: /Edit the details/ }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await findMessage('alert', closed)).toBeInTheDocument();
  });
});

