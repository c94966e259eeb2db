import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Edition, Submission } from '../../../api/types';
import { edition2025, phonologyAbstract } from '../../../test/conference-data';
import { errorResponse, findMessage, member, renderApp } from '../../../test/render-app';

const PAGE = '/sculc/congratulations-page';
const presenter = { ...member, applicant: true, presenter: true };

function renderCongratulations(submissions: Submission[], edition: Edition = edition2025) {
  return renderApp(PAGE, {
    user: presenter,
    api: {
      'GET /api/editions/current': () => Response.json(edition),
      'GET /api/submissions': () => Response.json({ submissions }),
    },
  });
}

describe('congratulations page', () => {
  it("gives the presenter's next steps with the edition's deadlines, form and address", async () => {
    renderCongratulations([{ ...phonologyAbstract, status: 'accepted' }]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Congratulations!' })).toBeInTheDocument();
    expect(
      await screen.findByText('Your abstract has been accepted for SCULC 2025. We look forward to your presentation!'),
    ).toBeInTheDocument();

    const attendance = screen.getByRole('region', { name: 'Attendance' });
    expect(attendance).toHaveTextContent(
      'Please confirm your attendance by April 15, 2025, 11:59 PM PDT through the confirmation form.',
    );
    const confirm = within(attendance).getByRole('link', { name: 'Confirm Your Attendance (opens in a new tab)' });
    expect(confirm).toHaveAttribute('href', 'https://forms.example.com/sculc-2025-attendance');
    expect(confirm).toHaveAttribute('target', '_blank');
    expect(confirm).toHaveAttribute('rel', 'noopener noreferrer');
    expect(attendance).toHaveTextContent(
      'If you need more time to seek funding for your trip, e-mail us at sculc@example.edu.',
    );
    expect(within(attendance).getByRole('link', { name: 'sculc@example.edu' })).toHaveAttribute(
      'href',
      'mailto:sculc@example.edu',
    );

    const presentation = screen.getByRole('region', { name: 'Your Presentation' });
    expect(within(presentation).getAllByRole('listitem').map((point) => point.textContent)).toEqual([
      'Each talk is 15 minutes long, followed by 5 minutes of Q&A.',
      'You may be placed in a presentation session, a poster session or both.',
      'If you cannot attend in person, you may present virtually over a video call.',
    ]);

    const materials = screen.getByRole('region', { name: 'Final Materials' });
    expect(materials).toHaveTextContent(
      'Please e-mail your final materials (slides or poster) to sculc@example.edu by May 10, 2025, 11:59 PM PDT.',
    );
    expect(within(materials).getByRole('link', { name: 'sculc@example.edu' })).toHaveAttribute(
      'href',
      'mailto:sculc@example.edu',
    );

    const submissions = screen.getByRole('region', { name: 'Your Submissions' });
    expect(
      await within(submissions).findByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' }),
    ).toBeInTheDocument();
    // Presenters see their submissions, not a way to delete them.
    expect(within(submissions).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('opens a submission in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderCongratulations([phonologyAbstract]);
    await user.click(await screen.findByRole('button', { name: 'phonology-abstract.pdf (opens in a new tab)' }));

    expect(open).toHaveBeenCalledWith(phonologyAbstract.file_url, '_blank', 'noopener');
  });

  it("says 'No submissions found. Please ensure your submission was successful.' without submissions", async () => {
    renderCongratulations([]);

    const submissions = await screen.findByRole('region', { name: 'Your Submissions' });
    expect(
      await within(submissions).findByText('No submissions found. Please ensure your submission was successful.'),
    ).toBeInTheDocument();
  });

  it('leaves out deadlines and the form the edition does not have yet', async () => {
    renderCongratulations([phonologyAbstract], {
      ...edition2025,
      confirm_attendance_by: null,
      final_materials_by: null,
      confirmation_form_url: null,
    });

    const attendance = await screen.findByRole('region', { name: 'Attendance' });
    expect(attendance).toHaveTextContent('Please confirm your attendance through the confirmation form.');
    expect(attendance).toHaveTextContent('The confirmation form is not available yet.');
    expect(within(attendance).queryByRole('link', { name: /Confirm Your Attendance/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Final Materials' })).toHaveTextContent(
      'Please e-mail your final materials (slides or poster) to sculc@example.edu.',
    );
  });

  it('sends presenters who answer on the site to the answer below, and asks for more time only once', async () => {
    const inApp = { ...edition2025, attendance_in_app: true };
    const accepted = { ...phonologyAbstract, status: 'accepted' as const };
    renderCongratulations([{ ...accepted, attendance_open: true, materials_open: true }], inApp);

    const attendance = await screen.findByRole('region', { name: 'Attendance' });
    expect(attendance).toHaveTextContent(
      'Please confirm your attendance by April 15, 2025, 11:59 PM PDT below, on this page.',
    );
    expect(attendance).not.toHaveTextContent('confirmation form');
    expect(attendance).toHaveTextContent('If you need more time to seek funding for your trip');
    expect(screen.getByRole('region', { name: 'Final Materials' })).toHaveTextContent(
      'Please upload your final materials (slides or poster) with your confirmed presentation above by May 10, 2025, 11:59 PM PDT.',
    );
  });

  it('leaves the request for more time to the card once the answer is closed', async () => {
    renderCongratulations([{ ...phonologyAbstract, status: 'accepted' }], { ...edition2025, attendance_in_app: true });

    const attendance = await screen.findByRole('region', { name: 'Attendance' });
    expect(
      await within(attendance).findByText(/The deadline to confirm attendance has passed\. If you need more time/),
    ).toBeInTheDocument();
    expect(within(attendance).getAllByText(/If you need more time/)).toHaveLength(1);
  });

  it('says when the conference details cannot be loaded', async () => {
    renderApp(PAGE, {
      user: presenter,
      api: {
        'GET /api/editions/current': () => errorResponse(500, 'Internal server error'),
        'GET /api/submissions': () => Response.json({ submissions: [] }),
      },
    });

    expect(await findMessage('alert', 'Failed to load the conference details. Please try again.')).toBeInTheDocument();
  });
});
