import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Edition, Submission } from '../../../api/types';
import { closedEdition, edition2025, pdfFile, phonologyAbstract } from '../../../test/conference-data';
import { installFakeXhr, type FakeXhr } from '../../../test/fake-xhr';
import { deferred, errorResponse, findMessage, member, renderApp, type Handler } from '../../../test/render-app';

const PAGE = '/sculc/submit-abstract';

function renderSubmitPage(edition: Edition = edition2025, api: Record<string, Handler> = {}) {
  return renderApp(PAGE, {
    user: member,
    api: {
      'GET /api/editions/current': () => Response.json(edition),
      'GET /api/submissions': () => Response.json({ submissions: [] satisfies Submission[] }),
      ...api,
    },
  });
}

async function picker() {
  return screen.findByLabelText('Choose a PDF file');
}

/** The one detail the form requires beside the file. */
async function giveTitle(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Tone sandhi in Southern Min');
}

function dropZone() {
  const hint = screen.getByText('Drag and drop your PDF file here, or');
  if (!hint.parentElement) throw new Error('the drop zone is missing');
  return hint.parentElement;
}

describe('abstract submission page', () => {
  it('shows the guidelines from the edition and a picker for PDF files only', async () => {
    renderSubmitPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Abstract Submission Portal' })).toBeInTheDocument();
    const guidelines = await screen.findByRole('region', { name: 'Submission Guidelines' });
    const items = within(guidelines)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Your abstract must be at most 500 words, excluding references.',
      "Your abstract must be anonymized: leave out your name and anything else that identifies you, including the PDF's author field.",
      'The deadline is March 21, 2025, 11:59 PM PDT.',
      'If your work was done as part of a team and your abstract is accepted, we will ask for verification from the principal investigator.',
      'Upload one PDF file of at most 10 MB.',
      'You can submit up to 5 abstracts.',
    ]);
    const input = await picker();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(input).toHaveAccessibleDescription('No file selected.');
    expect(screen.getByRole('button', { name: 'Upload Abstract' })).toBeEnabled();
  });

  it("says 'Please select a file to upload.' without a file, and sends nothing", async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.click(await screen.findByRole('button', { name: 'Upload Abstract' }));

    const message = await findMessage('alert', 'Please select a file to upload.');
    expect(message).toHaveClass('is-error');
    expect(requests).toHaveLength(0);
  });

  it('shows the chosen file by name and size', async () => {
    const { user } = renderSubmitPage();
    const input = await picker();
    await user.upload(input, pdfFile('phonology-abstract.pdf', (3 * 1024 * 1024) / 2));

    expect(input).toHaveAccessibleDescription('Selected file: phonology-abstract.pdf (1.5 MB)');
  });

  it('refuses a file that is not a PDF, from the picker or dropped, and sends nothing', async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    const input = await picker();
    const docx = new File(['PK'], 'notes.docx', {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });

    // The picker's `accept` filters in browsers; a user can still pick "All files".
    await userEvent.setup({ applyAccept: false }).upload(input, docx);
    expect(await findMessage('alert', 'The file must be a PDF.')).toHaveTextContent('notes.docx: The file must be a PDF.');
    expect(input).toHaveAccessibleDescription('No file selected.');

    fireEvent.drop(dropZone(), { dataTransfer: { files: [pdfFile()], types: ['Files'] } });
    expect(input).toHaveAccessibleDescription('Selected file: abstract.pdf (2 KB)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.drop(dropZone(), { dataTransfer: { files: [docx], types: ['Files'] } });
    expect(await findMessage('alert', 'The file must be a PDF.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('No file selected.');

    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    expect(await findMessage('alert', 'Please select a file to upload.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('refuses a file over the size limit before sending it', async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage({ ...edition2025, max_file_bytes: 1024 });
    await user.upload(await picker(), pdfFile('long.pdf', 4096));

    expect(await findMessage('alert', 'The file is too large: the limit is 1 KB.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    expect(requests).toHaveLength(0);
  });

  it('uploads a dropped PDF with cookies and the CSRF header, showing its progress, then shows the submissions', async () => {
    const requests = installFakeXhr();
    const { user, router } = renderSubmitPage(edition2025, {
      'GET /api/submissions': () => Response.json({ submissions: [phonologyAbstract] }),
    });
    await picker();
    const file = pdfFile('phonology-abstract.pdf', 4096);
    fireEvent.drop(dropZone(), { dataTransfer: { files: [file], types: ['Files'] } });
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));

    // Busy: the spec's label, disabled, and a progress bar from 0%.
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByLabelText('Choose a PDF file')).toBeDisabled();
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('value', '0');
    expect(screen.getByText('0%')).toBeInTheDocument();

    expect(requests).toHaveLength(1);
    const [xhr] = requests;
    if (!xhr) throw new Error('no upload');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/submissions');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.get('x-requested-with')).toBe('colloquy');
    expect(xhr.file?.name).toBe('phonology-abstract.pdf');
    expect(xhr.file?.size).toBe(4096);

    await xhr.progress(1024, 4096);
    expect(bar).toHaveAttribute('value', '25');
    expect(screen.getByText('25%')).toBeInTheDocument();
    await xhr.progress(3000, 4096);
    expect(bar).toHaveAttribute('value', '73');
    expect(screen.getByText('73%')).toBeInTheDocument();
    await xhr.progress(4096, 4096);
    expect(bar).toHaveAttribute('value', '100');
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('Checking your abstract…')).toBeInTheDocument();
    // Still busy until the server has answered.
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();

    await xhr.respond(201, phonologyAbstract);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank You for Your Submission' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sculc/view-submission');
    expect(await findMessage('status', 'Your abstract was uploaded successfully.')).toHaveClass('is-success');
    expect(await screen.findByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' })).toBeInTheDocument();
  });

  it('cancels an upload under way: nothing is reported, the file stays chosen, and it can be sent again', async () => {
    const requests = installFakeXhr();
    const { user, router } = renderSubmitPage();
    const input = await picker();
    await user.upload(input, pdfFile('phonology-abstract.pdf', 4096));
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    expect(await screen.findByText(/Uploading/, { selector: 'p' })).toHaveTextContent(
      'Uploading phonology-abstract.pdf (4 KB)',
    );
    await requests[0]?.progress(1024, 4096);

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(requests[0]?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
    await waitFor(() => {
      expect(input).toHaveFocus();
    });
    expect(input).toHaveAccessibleDescription('Selected file: phonology-abstract.pdf (4 KB)');
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    expect(requests).toHaveLength(2);
  });

  it('names the file with the reason it was not uploaded', async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile('phonology-abstract.pdf'));
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    await requests[0]?.failNetwork();

    expect(await findMessage('alert', 'Failed to upload the file. Please try again.')).toHaveTextContent(
      'phonology-abstract.pdf: Failed to upload the file. Please try again.',
    );
  });

  it('sends one upload however often the button is pressed', async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    const button = screen.getByRole('button', { name: 'Upload Abstract' });
    await user.dblClick(button);
    fireEvent.submit(button.closest('form') ?? button);

    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['a server error', (xhr: FakeXhr) => xhr.respond(500, { error: 'Internal server error' })],
    ['a proxy error page', (xhr: FakeXhr) => xhr.respond(502)],
    ['a lost connection', (xhr: FakeXhr) => xhr.failNetwork()],
  ])("says 'Failed to upload the file. Please try again.' on %s, and can try again", async (_case, fail) => {
    const requests = installFakeXhr();
    const { user, router } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    const [xhr] = requests;
    if (!xhr) throw new Error('no upload');
    await fail(xhr);

    const message = await findMessage('alert', 'Failed to upload the file. Please try again.');
    expect(message).toHaveClass('is-error');
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // The file stays chosen for another try.
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    expect(requests).toHaveLength(2);
  });

  it.each([
    [413, { error: 'The file is larger than the 10 MB limit.' }],
    [422, { error: 'The file must be a PDF.', code: 'not_pdf' }],
  ])("shows the server's reason for a %i", async (status, body) => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    await requests[0]?.respond(status, body);

    expect(await findMessage('alert', body.error)).toHaveClass('is-error');
    expect(screen.getByRole('button', { name: 'Upload Abstract' })).toBeEnabled();
  });

  it('says the call is closed, with the deadline, and does not upload', async () => {
    const requests = installFakeXhr();
    renderSubmitPage(closedEdition);

    expect(
      await findMessage(
        'status',
        'The call for abstracts for SCULC 2025 is closed: the deadline was March 21, 2025, 11:59 PM PDT.',
      ),
    ).toBeInTheDocument();
    // No form to fill in for nothing: the way on is the member's home.
    expect(screen.queryByRole('button', { name: 'Upload Abstract' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a PDF file')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'conference home' })).toHaveAttribute('href', '/sculc');
    expect(screen.getByRole('region', { name: 'Submission Guidelines' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('says when a call that has not opened yet opens', async () => {
    renderSubmitPage({ ...closedEdition, year: 2099, call_opens_at: '2099-01-15T08:00:00Z', call_closes_at: null });

    expect(
      await findMessage('status', 'The call for abstracts for SCULC 2099 opens on January 15, 2099, 12:00 AM PST.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the call closed while the page was open, then the closed call", async () => {
    const requests = installFakeXhr();
    let edition = edition2025;
    const { user } = renderSubmitPage(edition2025, { 'GET /api/editions/current': () => Response.json(edition) });
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    edition = closedEdition;
    await requests[0]?.respond(403, {
      error: 'The call for abstracts closed on March 21, 2025 at 11:59 PM PDT.',
      code: 'call_closed',
    });

    expect(await findMessage('alert', 'The call for abstracts closed on March 21, 2025 at 11:59 PM PDT.')).toBeInTheDocument();
    expect(
      await findMessage('status', 'The call for abstracts for SCULC 2025 is closed: the deadline was'),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Upload Abstract' })).not.toBeInTheDocument();
    });
    // The server's reason stays on the screen once the form has gone.
    expect(screen.getByRole('alert')).toHaveTextContent('The call for abstracts closed on March 21, 2025 at 11:59 PM PDT.');
  });

  it("shows the server's reason when the author has reached the edition's limit, and the form stays usable", async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    const limit =
      'You can submit at most 5 abstracts to SCULC 2025. To upload another, first delete or withdraw one of yours.';
    await requests[0]?.respond(409, { error: limit, code: 'submission_limit' });

    expect(await findMessage('alert', limit)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Abstract' })).toBeEnabled();
  });

  it('shows the guidelines loading, and an error when they cannot be loaded', async () => {
    const answer = deferred<Response>();
    renderSubmitPage(edition2025, { 'GET /api/editions/current': () => answer.promise });

    expect(await findMessage('status', 'Loading the submission guidelines…')).toBeInTheDocument();
    answer.resolve(errorResponse(500, 'Internal server error'));
    expect(await findMessage('alert', 'Failed to load the conference details. Please try again.')).toBeInTheDocument();
  });

  it('sends the title, co-authors, keywords and preferred format before the file', async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    expect(screen.getByText(/You are the corresponding author/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a co-author' }));
    await user.click(screen.getByRole('button', { name: 'Add a co-author' }));
    const first = screen.getByRole('group', { name: 'Co-author 1' });
    await user.type(within(first).getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
    await user.type(within(first).getByRole('textbox', { name: 'E-mail' }), 'grace@example.org');
    await user.type(within(first).getByRole('textbox', { name: 'Institution' }), 'Vassar College');
    // A row added by mistake goes again.
    await user.click(screen.getByRole('button', { name: 'Remove co-author 2' }));
    expect(screen.queryByRole('group', { name: 'Co-author 2' })).not.toBeInTheDocument();

    const keywords = screen.getByRole('group', { name: 'Keywords' });
    for (const keyword of ['Syntax', 'Phonetics', 'Semantics']) {
      await user.click(within(keywords).getByRole('checkbox', { name: keyword }));
    }
    // Three is the most: the others wait until one is unticked.
    expect(within(keywords).getByRole('checkbox', { name: 'Morphology' })).toBeDisabled();
    await user.click(within(keywords).getByRole('checkbox', { name: 'Semantics' }));
    expect(within(keywords).getByRole('checkbox', { name: 'Morphology' })).toBeEnabled();

    const format = screen.getByRole('group', { name: 'Preferred format' });
    expect(within(format).getByRole('radio', { name: 'Either' })).toBeChecked();
    await user.click(within(format).getByRole('radio', { name: 'Poster' }));

    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    const body = requests[0]?.body as FormData;
    expect([...body.keys()]).toEqual(['title', 'coauthors', 'keywords', 'keywords', 'preferred_format', 'file']);
    expect(body.get('title')).toBe('Tone sandhi in Southern Min');
    expect(JSON.parse(body.get('coauthors') as string)).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.org', institution: 'Vassar College' },
    ]);
    // In the edition's order, whatever the order of the clicks.
    expect(body.getAll('keywords')).toEqual(['Phonetics', 'Syntax']);
    expect(body.get('preferred_format')).toBe('poster');
  });

  it('asks for the title and every field of a co-author before sending anything', async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await user.click(screen.getByRole('button', { name: 'Add a co-author' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));

    expect(await findMessage('alert', 'Please correct the details marked below.')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toBeInvalid();
    expect(title).toHaveAccessibleDescription('Please enter the title of your abstract.');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      "Please enter the co-author's e-mail address.",
    );
    expect(requests).toHaveLength(0);
  });

  it("shows the server's message beside each field it refused", async () => {
    const requests = installFakeXhr();
    const { user } = renderSubmitPage();
    await user.upload(await picker(), pdfFile());
    await giveTitle(user);
    await user.click(screen.getByRole('button', { name: 'Add a co-author' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.edu');
    await user.type(screen.getByRole('textbox', { name: 'Institution' }), 'UCL');
    await user.click(screen.getByRole('button', { name: 'Upload Abstract' }));
    await screen.findByRole('button', { name: 'Uploading...' });
    const own = 'You are the corresponding author: list only the other authors.';
    await requests[0]?.respond(422, { error: own, fields: { 'coauthors.0.email': [own] } });

    expect(await findMessage('alert', own)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(own);
    expect(screen.getByRole('button', { name: 'Upload Abstract' })).toBeEnabled();
  });
});
