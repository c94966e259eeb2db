import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { allowSlowPageLoads } from '../../../test/admin-data';
import { sculc2026Facts } from '../../../test/conference-data';
import { answerDialog } from '../../../test/dialog';
import { admin, errorResponse, findMessage, renderApp } from '../../../test/render-app';
import type { AdminEvent, AdminEventSummary, AdminQuestion, AdminRegistration } from '../api/events';

allowSlowPageLoads();

const summary: AdminEventSummary = {
  ...sculc2026Facts,
  capacity: 10,
  offer_hours: 48,
  counts: { registered: 1, taken: 1, offered: 0, waiting: 0, checked_in: 0, lunches: 0, needs: 0 },
};

const university: AdminQuestion = { id: 'q-university', label: 'University or college', required: true, retired: false };
const shirt: AdminQuestion = { id: 'q-shirt', label: 'T-shirt size', required: false, retired: false };

const ada: AdminRegistration = {
  id: '0190c0de-0000-7000-8000-000000000001',
  first_name: 'Ada',
  last_name: 'Tester',
  email: 'ada@example.edu',
  arrival: 1,
  state: 'registered',
  mode: 'in_person',
  lunch: false,
  dietary: '',
  access: '',
  offer_expires_at: null,
  created_at: '2026-03-01T18:00:00Z',
  checked_in_at: null,
  question_answers: [
    { question_id: 'q-university', answer: 'UCLA' },
    { question_id: 'q-shirt', answer: 'M' },
  ],
};

function eventWith(questions: AdminQuestion[], registrations: AdminRegistration[] = [ada]): AdminEvent {
  return { ...summary, open: true, questions, registrations };
}

/** The text of `row`'s cell under the column headed `header`. */
function cellUnder(table: HTMLElement, row: HTMLElement, header: string): string | null | undefined {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  return row.children[headers.indexOf(header)]?.textContent;
}

describe("an event's own questions on the admin screen", () => {
  it("shows each registration's answers, adds a question with the server's refusal at its field, and retires one after asking", async () => {
    let current = eventWith([university, shirt]);
    let adds = 0;
    const { user, requestsTo } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json([summary]),
        'GET /api/admin/events/sculc-2026': () => Response.json(current),
        'POST /api/admin/events/sculc-2026/questions': () => {
          adds += 1;
          if (adds === 1) {
            return errorResponse(422, 'Please correct the fields marked below.', {
              fields: { label: ['A question of 1 to 200 characters.'] },
            });
          }
          current = eventWith([university, shirt, { id: 'q-pronouns', label: 'Pronouns', required: false, retired: false }]);
          return Response.json(current, { status: 201 });
        },
        'DELETE /api/admin/events/sculc-2026/questions/q-shirt': () => {
          current = eventWith([university, { ...shirt, retired: true }]);
          return Response.json(current);
        },
      },
    });

    const table = await screen.findByRole('table', { name: 'Registrations for SCULC 2026, in order of arrival' });
    const row = within(table).getByRole('row', { name: /Ada Tester/ });
    // One column per question, each answer under its own header (issue 39).
    expect(cellUnder(table, row, 'University or college')).toBe('UCLA');
    expect(cellUnder(table, row, 'T-shirt size')).toBe('M');
    const questions = screen.getByRole('region', { name: 'Questions' });
    expect(within(questions).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('University or college (required)'),
      expect.stringContaining('T-shirt size (optional)'),
    ]);
    expect(within(questions).getByRole('button', { name: 'Move “University or college” up' })).toBeDisabled();

    await user.type(within(questions).getByRole('textbox', { name: 'Question' }), 'Pronouns');
    await user.click(within(questions).getByRole('button', { name: 'Add the Question' }));
    expect(await findMessage('alert', 'Please correct the fields marked below.')).toBeInTheDocument();
    expect(within(questions).getByRole('textbox', { name: 'Question' })).toHaveAccessibleDescription(
      expect.stringContaining('A question of 1 to 200 characters.'),
    );
    await user.click(within(questions).getByRole('button', { name: 'Add the Question' }));
    expect(await findMessage('status', '“Pronouns” is asked now.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/events/sculc-2026/questions')[1]).toEqual({ label: 'Pronouns', required: false });
    expect(within(questions).getByRole('textbox', { name: 'Question' })).toHaveValue('');

    await user.click(within(questions).getByRole('button', { name: 'Retire “T-shirt size”' }));
    expect(await answerDialog(user, 'Retire the question', 'Retire the question')).toBe(
      'Stop asking “T-shirt size”? The answers already given stay in the list and the CSV.',
    );
    expect(await findMessage('status', '“T-shirt size” is no longer asked.')).toBeInTheDocument();
    expect(questions).toHaveTextContent('Retired, their answers kept: “T-shirt size”.');
    expect(cellUnder(table, row, 'T-shirt size (retired)')).toBe('M');
  });

  it('cuts a long answer with the whole of it on demand, and opens a person’s whole registration from their name', async () => {
    const long = 'Universidad Nacional Autónoma de México, Facultad de Filosofía y Letras, Colegio de Letras Modernas';
    const bea: AdminRegistration = {
      ...ada,
      id: '0190c0de-0000-7000-8000-000000000002',
      first_name: 'Bea',
      question_answers: [{ question_id: 'q-university', answer: long }],
      dietary: 'Vegetarian',
    };
    const { user } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json([summary]),
        'GET /api/admin/events/sculc-2026': () => Response.json(eventWith([university], [bea])),
      },
    });
    const table = await screen.findByRole('table', { name: 'Registrations for SCULC 2026, in order of arrival' });
    const row = within(table).getByRole('row', { name: /Bea Tester/ });
    expect(cellUnder(table, row, 'University or college')).not.toContain('Letras Modernas');
    const more = within(row).getByRole('button', { name: 'Show all of Bea Tester’s answer to “University or college”' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(cellUnder(table, row, 'University or college')).toContain(long);

    await user.click(within(row).getByRole('button', { name: 'Bea Tester: see the whole registration' }));
    const detail = await screen.findByRole('region', { name: 'Bea Tester' });
    expect(within(detail).getByRole('heading', { name: 'Bea Tester' })).toHaveFocus();
    expect(detail).toHaveTextContent(`University or college${long}`);
    expect(detail).toHaveTextContent('Dietary needsVegetarian');
    await user.click(within(detail).getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('button', { name: 'Bea Tester: see the whole registration' })).toHaveFocus();
  });

  it('rewords a question and makes it required', async () => {
    let current = eventWith([shirt]);
    const { user, requestsTo } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json([summary]),
        'GET /api/admin/events/sculc-2026': () => Response.json(current),
        'PUT /api/admin/events/sculc-2026/questions/q-shirt': () => {
          current = eventWith([{ ...shirt, label: 'Shirt size', required: true }]);
          return Response.json(current);
        },
      },
    });
    const questions = await screen.findByRole('region', { name: 'Questions' });
    await user.click(within(questions).getByRole('button', { name: 'Change “T-shirt size”' }));
    const label = within(questions).getByRole('textbox', { name: 'Question' });
    expect(label).toHaveValue('T-shirt size');
    await user.clear(label);
    await user.type(label, 'Shirt size');
    await user.click(within(questions).getByRole('checkbox', { name: 'An answer is required' }));
    await user.click(within(questions).getByRole('button', { name: 'Save the Question' }));
    expect(await findMessage('status', '“Shirt size” is saved.')).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(within(questions).getByRole('listitem')).toHaveTextContent('Shirt size (required)');
    });
    expect(requestsTo('PUT /api/admin/events/sculc-2026/questions/q-shirt')).toEqual([
      { label: 'Shirt size', required: true },
    ]);
  });

  it('asks a new event its own questions from the start, leaving out empty rows', async () => {
    const { user, requestsTo } = renderApp('/user-data/registration', {
      user: admin,
      api: {
        'GET /api/admin/events': () => Response.json([]),
        'GET /api/admin/events/sculc-2026': () => Response.json(eventWith([university])),
        'POST /api/admin/events': () => Response.json(eventWith([university]), { status: 201 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open Registration for an Event' }));
    await user.type(screen.getByLabelText('Event'), 'SCULC 2026');
    await user.type(screen.getByLabelText('Starts'), '2026-05-16T09:00');
    await user.type(screen.getByLabelText('Places in person'), '120');
    await user.click(screen.getByRole('button', { name: 'Add a Question' }));
    await user.click(screen.getByRole('button', { name: 'Add a Question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 1' }), 'University or college');
    await user.click(screen.getByRole('checkbox', { name: 'An answer to question 1 is required' }));
    await user.click(screen.getByRole('button', { name: 'Open Registration' }));
    expect(await findMessage('status', 'Registration for SCULC 2026 is set up.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/events')[0]).toMatchObject({
      questions: [{ label: 'University or college', required: true }],
    });
  });
});
