import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Attendance, Submission } from '../../../api/types';
import { edition2025, pdfFile, phonologyAbstract } from '../../../test/conference-data';
import { installFakeXhr } from '../../../test/fake-xhr';
import { findMessage, member, renderApp } from '../../../test/render-app';

const PAGE = '/sculc/congratulations-page';
const presenter = { ...member, applicant: true, presenter: true };
const inApp = { ...edition2025, attendance_in_app: true };
const accepted: Submission = {
  ...phonologyAbstract,
  title: 'Tone sandhi',
  code: 'S25-014',
  status: 'accepted',
  attendance_open: true,
};
const answer: Attendance = {
  response: 'confirmed',
  mode: 'in_person',
  format: 'talk',
  needs: '',
  answered_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
};
const confirmed: Submission = { ...accepted, attendance: answer, materials_open: true };

function renderPage(initial: Submission) {
  let current = initial;
  return renderApp(PAGE, {
    user: presenter,
    api: {
      'GET /api/editions/current': () => Response.json(inApp),
      'GET /api/submissions': () => Response.json({ submissions: [current] }),
      [`PUT /api/submissions/${accepted.id}/attendance`]: (request) => {
        const body = request.body as { response: 'confirmed' | 'declined'; title?: string };
        current =
          body.response === 'declined'
            ? { ...current, attendance: { ...answer, response: 'declined', mode: null, format: null } }
            : { ...confirmed, title: body.title ?? current.title };
        return Response.json(current);
      },
    },
  });
}

describe('attendance on the congratulations page', () => {
  it('confirms with the form: mode, format, the corrected title and needs', async () => {
    const { user, requestsTo } = renderPage(accepted);
    const card = await screen.findByRole('article', { name: 'Tone sandhi (S25-014)' });
    await user.click(within(card).getByRole('button', { name: 'Confirm Your Attendance' }));

    const inPerson = within(card).getByRole('radio', { name: 'In person' });
    expect(inPerson).toHaveFocus();
    await user.click(inPerson);
    await user.click(within(card).getByRole('radio', { name: '15-minute talk plus 5 minutes of questions' }));
    const title = within(card).getByRole('textbox', { name: 'Title (as it will appear in the program)' });
    expect(title).toHaveValue('Tone sandhi');
    await user.clear(title);
    await user.type(title, 'Tone sandhi in Southern Min');
    await user.type(within(card).getByRole('textbox', { name: /needs/ }), 'Step-free access');
    await user.click(within(card).getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(requestsTo(`PUT /api/submissions/${accepted.id}/attendance`)).toEqual([
        {
          response: 'confirmed',
          mode: 'in_person',
          format: 'talk',
          title: 'Tone sandhi in Southern Min',
          needs: 'Step-free access',
        },
      ]);
    });
    const updated = await screen.findByRole('article', { name: 'Tone sandhi in Southern Min (S25-014)' });
    expect(within(updated).getByText('Your attendance is confirmed.')).toBeInTheDocument();
    expect(within(updated).getByRole('heading', { name: 'Final materials' })).toBeInTheDocument();
    expect(within(updated).getByLabelText('Upload slides (PDF)')).toBeInTheDocument();
  });

  it('asks before declining, sends nothing on No, and shows the declined state with a way back', async () => {
    const { user, requestsTo } = renderPage(accepted);
    const card = await screen.findByRole('article', { name: 'Tone sandhi (S25-014)' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const question = within(card).getByText('Are you sure you want to decline presenting “Tone sandhi”?');
    expect(question).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: 'No' }));
    expect(requestsTo(`PUT /api/submissions/${accepted.id}/attendance`)).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await user.click(within(card).getByRole('button', { name: 'Yes, decline' }));
    expect(await within(card).findByText('You declined to present this abstract.', { selector: 'p:not(.visually-hidden)' })).toBeInTheDocument();
    expect(requestsTo(`PUT /api/submissions/${accepted.id}/attendance`)).toEqual([{ response: 'declined' }]);
    expect(within(card).getByRole('button', { name: 'Confirm Your Attendance' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('after the deadline shows the answer read-only with the address to ask for more time', async () => {
    renderPage({ ...confirmed, attendance_open: false, materials_open: false });
    const card = await screen.findByRole('article', { name: 'Tone sandhi (S25-014)' });
    expect(card).toHaveTextContent(
      'The deadline to confirm attendance has passed. If you need more time, e-mail us at sculc@example.edu.',
    );
    expect(card).toHaveTextContent('In person');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('The deadline for final materials has passed.');
    expect(within(card).queryByLabelText(/Upload/)).not.toBeInTheDocument();
  });

  it('keeps the external form link when the edition answers outside the site', async () => {
    renderApp(PAGE, {
      user: presenter,
      api: {
        'GET /api/editions/current': () => Response.json(edition2025),
        'GET /api/submissions': () => Response.json({ submissions: [accepted] }),
      },
    });
    expect(
      await screen.findByRole('link', { name: 'Confirm Your Attendance (opens in a new tab)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('uploads slides with their progress, and can cancel an upload under way', async () => {
    const requests = installFakeXhr();
    const { user } = renderPage(confirmed);
    const card = await screen.findByRole('article', { name: 'Tone sandhi (S25-014)' });
    const picker = within(card).getByLabelText('Upload slides (PDF)');
    expect(picker).toHaveAttribute('type', 'file');
    expect(picker).toHaveAttribute('accept', 'application/pdf,.pdf');

    await user.upload(picker, pdfFile('slides.pdf', 20 * 1024 * 1024));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('PUT');
    expect(requests[0]?.url).toBe(`/api/submissions/${accepted.id}/materials/slides`);
    // The file named, the bar named, and its value moving: a large file does not look frozen.
    expect(within(card).getByText('slides.pdf')).toBeInTheDocument();
    expect(card).toHaveTextContent('Uploading slides.pdf (20 MB)');
    const bar = within(card).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('value', '0');
    expect(picker).toBeDisabled();
    await requests[0]?.progress(5 * 1024 * 1024, 20 * 1024 * 1024);
    expect(bar).toHaveAttribute('value', '25');
    expect(within(card).getByText('25%')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel upload' }));
    expect(requests[0]?.aborted).toBe(true);
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    // Focus back on the picker, enabled again, for another try.
    await waitFor(() => {
      expect(picker).toHaveFocus();
    });
    expect(picker).toBeEnabled();

    await user.upload(picker, pdfFile('slides.pdf'));
    expect(requests).toHaveLength(2);
    await requests[1]?.progress(2048, 2048);
    expect(within(card).getByText('Checking your slides…')).toBeInTheDocument();
    // Once every byte is sent, cancelling would not stop the server storing the file.
    expect(within(card).queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
    await requests[1]?.respond(200, confirmed);
    expect(await findMessage('status', 'Your slides were uploaded.')).toBeInTheDocument();
  });

  it("names the file and the reason when an upload is refused, by the page or by the server", async () => {
    const requests = installFakeXhr();
    const { user } = renderPage(confirmed);
    const card = await screen.findByRole('article', { name: 'Tone sandhi (S25-014)' });
    const picker = within(card).getByLabelText('Upload poster (PDF)');

    await userEvent.setup({ applyAccept: false }).upload(picker, new File(['PK'], 'poster.pptx'));
    const refused = await findMessage('alert', 'The file must be a PDF.');
    expect(refused).toHaveTextContent('poster.pptx: The file must be a PDF.');
    expect(requests).toHaveLength(0);

    // Dropped onto the picker, as well as chosen with it.
    const zone = picker.parentElement;
    if (!zone) throw new Error('the picker has no zone');
    fireEvent.drop(zone, { dataTransfer: { files: [pdfFile('poster.pdf')], types: ['Files'] } });
    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    await requests[0]?.respond(413, { error: 'The file is larger than the 20 MB limit.' });
    expect(await findMessage('alert', 'poster.pdf: The file is larger than the 20 MB limit.')).toBeInTheDocument();
    expect(picker).toBeEnabled();
    await user.upload(picker, pdfFile('poster.pdf'));
    expect(requests).toHaveLength(2);
  });
});
