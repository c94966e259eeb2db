import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads, edition } from '../../../test/admin-data';
import { answerDialog } from '../../../test/dialog';
import { admin, errorResponse, findMessage, renderApp, type FakeRequest } from '../../../test/render-app';

const PAGE = '/user-data/editions';

function editionsApi(extra = {}) {
  return { 'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]), ...extra };
}

allowSlowPageLoads();

describe('/user-data/editions', () => {
  it('shows the current edition’s settings in Pacific time and sends them in UTC, the size in bytes', async () => {
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: editionsApi({ 'PUT /api/admin/editions/2025': () => Response.json(edition(2025)) }),
    });

    const form = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    const closes = within(form).getByLabelText('Call closes');
    expect(closes).toHaveValue('2025-03-21T23:59');
    expect(within(form).getByLabelText('Call opens')).toHaveValue('2025-01-15T00:00');
    expect(within(form).getByLabelText('Maximum file size (MiB)')).toHaveValue(10);
    expect(within(form).getByLabelText('Word limit')).toHaveValue(500);

    await user.clear(closes);
    await user.type(closes, '2025-03-28T17:00');
    const size = within(form).getByLabelText('Maximum file size (MiB)');
    await user.clear(size);
    await user.type(size, '1.5');
    const perAuthor = within(form).getByLabelText('Submissions per author');
    expect(perAuthor).toHaveValue(5);
    await user.clear(perAuthor);
    await user.type(perAuthor, '2');
    await user.clear(within(form).getByLabelText('Confirm attendance by'));
    expect(within(form).getByLabelText('Maximum slides or poster size (MiB)')).toHaveValue(25);
    const quota = within(form).getByLabelText('Storage quota for final materials (MiB)');
    expect(quota).toHaveValue(2048);
    expect(quota).toHaveAccessibleDescription(/300 MB used now/);
    await user.clear(quota);
    await user.type(quota, '1024');
    const inApp = within(form).getByRole('checkbox', { name: /Presenters confirm attendance on this site/ });
    expect(inApp).toBeChecked();
    await user.click(inApp);
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));

    expect(await findMessage('status', 'The settings of SCULC 2025 were saved.')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/editions/2025')).toEqual([
      {
        call_opens_at: '2025-01-15T08:00:00Z',
        call_closes_at: '2025-03-29T00:00:00Z',
        word_limit: 500,
        max_file_bytes: 1_572_864,
        max_submissions_per_author: 2,
        confirm_attendance_by: null,
        final_materials_by: '2025-05-11T06:59:00Z',
        confirmation_form_url: 'https://forms.example.com/sculc-2025-attendance',
        contact_email: 'sculc@example.edu',
        max_materials_bytes: 25 * 1024 * 1024,
        materials_quota_bytes: 1024 * 1024 * 1024,
        attendance_in_app: false,
        decisions_at: '',
        conference_on: '',
        keywords: ['Phonology', 'Syntax'],
      },
    ]);
  });

  it('shows the server’s field errors at their fields', async () => {
    const { user } = renderApp(PAGE, {
      user: admin,
      api: editionsApi({
        'PUT /api/admin/editions/2025': () =>
          errorResponse(422, 'Please correct the highlighted fields.', {
            fields: {
              call_closes_at: ['The call must close after it opens.'],
              max_file_bytes: ['The size limit must be between 1 KiB and 64 MiB.'],
              contact_email: ['Enter a valid e-mail address.'],
            },
          }),
      }),
    });
    const form = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    await user.click(within(form).getByRole('button', { name: 'Save Settings' }));

    expect(await findMessage('alert', 'Please correct the highlighted fields.')).toBeInTheDocument();
    const closes = within(form).getByLabelText('Call closes');
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(closes).toHaveAccessibleDescription('Empty: no deadline. The call must close after it opens.');
    expect(within(form).getByLabelText('Maximum file size (MiB)')).toHaveAccessibleDescription(
      /The size limit must be between 1 KiB and 64 MiB\./,
    );
    expect(within(form).getByLabelText('Contact e-mail')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(within(form).getByLabelText('Word limit')).not.toHaveAttribute('aria-invalid');
  });

  it('proposes next year’s dates in Pacific time with the day’s weekday, and creates the edition with them', async () => {
    let years = [2025, 2024];
    const proposal = {
      ...edition(2026),
      call_opens_at: '2025-12-27T08:00:00Z',
      conference_on: '2026-05-16',
      review_deadline: '2026-04-05T06:59:00Z',
      announced_at: null,
    };
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: {
        'GET /api/admin/editions': () =>
          Response.json(years.map((year) => (year === 2026 ? proposal : edition(year)))),
        'GET /api/admin/editions/proposal': () => Response.json(proposal),
        'POST /api/admin/editions': () => {
          years = [2026, ...years];
          return Response.json(proposal, { status: 201 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Prepare the next edition' }));

    const next = screen.getByRole('region', { name: 'Next year' });
    const year = await within(next).findByLabelText('Year');
    expect(year).toHaveValue(2026);
    expect(year).toHaveFocus();
    const day = within(next).getByLabelText('Conference day');
    expect(day).toHaveValue('2026-05-16');
    // Every date of this fixture has passed: each says so beside it.
    const past = 'This date has already passed.';
    expect(day).toHaveAccessibleDescription(`Saturday ${past}`);
    expect(within(next).getByLabelText('Call closes')).toHaveAccessibleDescription(past);
    expect(within(next).getByLabelText('Call opens')).toHaveValue('2025-12-27T00:00');
    expect(within(next).getByLabelText('Call closes')).toHaveValue('2026-03-21T23:59');
    expect(within(next).getByLabelText('Reviews due')).toHaveValue('2026-04-04T23:59');
    expect(within(next).getByLabelText('Decisions sent')).toHaveValue('');
    expect(within(next).getByLabelText('Presenters confirm by')).toHaveValue('2026-04-15T23:59');
    expect(within(next).getByLabelText('Final materials by')).toHaveValue('2026-05-10T23:59');
    expect(within(next).getByLabelText('Confirmation form URL')).toHaveAccessibleDescription(
      'Moved from the link of SCULC 2025: check that this form exists.',
    );

    await user.clear(day);
    await user.type(day, '2026-05-17');
    expect(day).toHaveAccessibleDescription(`Sunday ${past}`);
    await user.type(within(next).getByLabelText('Decisions sent'), '2026-04-08T12:00');
    await user.click(within(next).getByRole('button', { name: 'Create SCULC 2026' }));

    expect(await findMessage('status', 'SCULC 2026 was created. It is not on the public site yet')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/editions')).toEqual([
      {
        year: 2026,
        conference_on: '2026-05-17',
        call_opens_at: '2025-12-27T08:00:00Z',
        call_closes_at: '2026-03-22T06:59:00Z',
        review_deadline: '2026-04-05T06:59:00Z',
        decisions_at: '2026-04-08T19:00:00Z',
        confirm_attendance_by: '2026-04-16T06:59:00Z',
        final_materials_by: '2026-05-11T06:59:00Z',
        confirmation_form_url: 'https://forms.example.com/sculc-2026-attendance',
        call_over_confirmed: false,
      },
    ]);
    expect(await screen.findByRole('region', { name: 'SCULC 2026 (not announced yet)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Announce SCULC 2026 on the site' })).toBeInTheDocument();
  });

  it('shows the server’s date-order refusals at their fields and moves the focus to the first', async () => {
    const materials = 'The materials deadline (1 Jan 2027) must come after confirm-by (15 Apr 2027).';
    const day = 'The conference day (16 May 2026) must not come before the materials deadline (17 May 2026).';
    const { user } = renderApp(PAGE, {
      user: admin,
      api: editionsApi({
        'GET /api/admin/editions/proposal': () => Response.json({ ...edition(2026), conference_on: '2026-05-16' }),
        'POST /api/admin/editions': () =>
          errorResponse(422, `${day} ${materials}`, {
            fields: { conference_on: [day], final_materials_by: [materials] },
          }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Prepare the next edition' }));
    const next = screen.getByRole('region', { name: 'Next year' });
    await user.click(await within(next).findByRole('button', { name: 'Create SCULC 2026' }));

    expect(await findMessage('alert', `${day} ${materials}`)).toBeInTheDocument();
    const conferenceDay = within(next).getByLabelText('Conference day');
    expect(conferenceDay).toHaveAttribute('aria-invalid', 'true');
    expect(conferenceDay).toHaveAccessibleDescription(`Saturday This date has already passed. ${day}`);
    await waitFor(() => {
      expect(conferenceDay).toHaveFocus();
    });
    expect(within(next).getByLabelText('Final materials by')).toHaveAccessibleDescription(
      `This date has already passed. ${materials}`,
    );
    expect(within(next).getByLabelText('Call closes')).not.toHaveAttribute('aria-invalid');
  });

  it('asks before creating an edition whose call would already be over, with the server’s reason', async () => {
    const reason =
      'The call for abstracts of SCULC 2026 closes on March 20, 2026 at 11:59 PM PDT, which has already passed: no one could submit.';
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: editionsApi({
        'GET /api/admin/editions/proposal': () => Response.json({ ...edition(2026), conference_on: '2026-05-16' }),
        'POST /api/admin/editions': (request: FakeRequest) =>
          (request.body as { call_over_confirmed: boolean }).call_over_confirmed
            ? Response.json({ ...edition(2026), announced_at: null }, { status: 201 })
            : errorResponse(409, reason, { code: 'call_over' }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Prepare the next edition' }));
    const next = screen.getByRole('region', { name: 'Next year' });
    await user.click(await within(next).findByRole('button', { name: 'Create SCULC 2026' }));
    expect(await answerDialog(user, 'Cancel', 'Create SCULC 2026 anyway?')).toBe(reason);
    expect(requestsTo('POST /api/admin/editions')).toHaveLength(1);

    await user.click(within(next).getByRole('button', { name: 'Create SCULC 2026' }));
    await answerDialog(user, 'Create SCULC 2026 anyway', 'Create SCULC 2026 anyway?');
    expect(await findMessage('status', 'SCULC 2026 was created.')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/editions').map((body) => (body as { call_over_confirmed: boolean }).call_over_confirmed)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('reads and saves an earlier edition’s settings with the picker', async () => {
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: editionsApi({ 'PUT /api/admin/editions/2024': () => Response.json(edition(2024)) }),
    });
    const picker = await screen.findByRole('combobox', { name: 'Edition' });
    expect(screen.getByRole('region', { name: 'SCULC 2025 (current edition)' })).toBeInTheDocument();
    await user.selectOptions(picker, 'SCULC 2024');
    const earlier = await screen.findByRole('region', { name: 'SCULC 2024 (an earlier edition)' });
    expect(within(earlier).queryByRole('button', { name: /Announce/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Next year' })).not.toBeInTheDocument();
    await user.click(within(earlier).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => {
      expect(requestsTo('PUT /api/admin/editions/2024')).toHaveLength(1);
    });
  });

  it('announces an edition that is not on the site after a confirmation', async () => {
    let announced: string | null = null;
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: {
        'GET /api/admin/editions': () =>
          Response.json([{ ...edition(2026), announced_at: announced }, edition(2025)]),
        'POST /api/admin/editions/2026/announce': () => {
          announced = '2026-11-27T12:00:00Z';
          return Response.json({ ...edition(2026), announced_at: announced });
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Announce SCULC 2026 on the site' });
    expect(screen.getByRole('region', { name: 'SCULC 2026 (not announced yet)' })).toHaveTextContent(
      /still show SCULC 2025, and its call stays closed/,
    );
    await user.click(button);
    expect(await answerDialog(user, 'Cancel', 'Announce SCULC 2026')).toMatch(/^Announce SCULC 2026 on the site\?/);
    expect(requestsTo('POST /api/admin/editions/2026/announce')).toHaveLength(0);

    await user.click(button);
    await answerDialog(user, 'Announce', 'Announce SCULC 2026');
    expect(await findMessage('status', 'SCULC 2026 is on the public site.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'SCULC 2026 (current edition)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Announce SCULC 2026 on the site' })).not.toBeInTheDocument();
  });

  it('deletes an edition without submissions after a confirmation, and shows a refusal', async () => {
    let years = [2200, 2025, 2024];
    const { user, requestsTo, requests } = renderApp(PAGE, {
      user: admin,
      api: {
        'GET /api/admin/editions': () => Response.json(years.map(edition)),
        'GET /api/admin/event-proposal': ({ url }) =>
          years.includes(Number(url.searchParams.get('edition')))
            ? Response.json({ slug: 'sculc-x', title: 'SCULC', starts_at: null, place: '', exists: false })
            : errorResponse(404, 'There is no such edition.'),
        'DELETE /api/admin/editions/2200': () => {
          years = years.filter((year) => year !== 2200);
          return new Response(null, { status: 204 });
        },
        'DELETE /api/admin/editions/2025': () =>
          errorResponse(409, 'SCULC 2025 has submissions, so it cannot be deleted (withdrawn ones count too).'),
      },
    });
    const remove = await screen.findByRole('button', { name: 'Delete SCULC 2200' });

    await user.click(remove);
    expect(await answerDialog(user, 'Cancel', 'Delete SCULC 2200')).toContain('SCULC 2025 becomes the current edition again');
    expect(requestsTo('DELETE /api/admin/editions/2200')).toHaveLength(0);

    await user.click(remove);
    await answerDialog(user, 'Delete', 'Delete SCULC 2200');
    expect(await findMessage('status', 'SCULC 2200 was deleted.')).toBeInTheDocument();
    expect(requestsTo('DELETE /api/admin/editions/2200')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' })).toBeInTheDocument();
    // After the deletion, the deleted year's registration and signatory are
    // not asked about again (they would answer 404); the current year's are.
    const afterDeletion = () =>
      requests
        .slice(requests.findIndex((r) => r.method === 'DELETE'))
        .map((r) => `${r.path}${r.url.search}`)
        .filter((asked) => asked.includes('2200') || asked.includes('2025'));
    await waitFor(() => {
      expect(afterDeletion()).toContain('/api/admin/event-proposal?edition=2025');
    });
    expect(afterDeletion().filter((asked) => asked.includes('2200'))).toEqual(['/api/admin/editions/2200']);

    await user.click(screen.getByRole('button', { name: 'Delete SCULC 2025' }));
    await answerDialog(user, 'Delete', 'Delete SCULC 2025');
    expect(
      await findMessage('alert', 'SCULC 2025 has submissions, so it cannot be deleted (withdrawn ones count too).'),
    ).toBeInTheDocument();
  });

  it('saves the settings and the keywords with one Save, and shows a refusal of the keywords at their field', async () => {
    const duplicate = '‘syntax’ is listed twice.';
    let answer = () => errorResponse(422, duplicate, { fields: { keywords: [duplicate] } });
    const { user, requestsTo } = renderApp(PAGE, {
      user: admin,
      api: editionsApi({ 'PUT /api/admin/editions/2025': () => answer() }),
    });
    const form = await screen.findByRole('region', { name: 'SCULC 2025 (current edition)' });
    const keywords = within(within(form).getByRole('group', { name: 'Keywords' })).getByLabelText(
      'Keywords, one per line',
    );
    // One form, one Save: the keywords are a group of the settings' form.
    const save = within(form).getByRole('button', { name: 'Save Settings' });
    expect(keywords.closest('form')).toBe(save.closest('form'));
    expect(within(form).queryByRole('button', { name: 'Save keywords' })).not.toBeInTheDocument();
    expect(keywords).toHaveValue('Phonology\nSyntax');
    expect(keywords).toHaveAccessibleDescription(/^1 to 40 keywords of at most 60 characters\./);

    const wordLimit = within(form).getByLabelText('Word limit');
    await user.clear(wordLimit);
    await user.type(wordLimit, '300');
    await user.type(keywords, '\n\n syntax ');
    await user.click(save);

    expect(await findMessage('alert', duplicate)).toBeInTheDocument();
    expect(keywords).toBeInvalid();
    expect(keywords).toHaveAccessibleDescription(expect.stringContaining(duplicate) as string);
    await waitFor(() => {
      expect(keywords).toHaveFocus();
    });
    expect(wordLimit).not.toHaveAttribute('aria-invalid');
    expect(requestsTo('PUT /api/admin/editions/2025')).toEqual([
      expect.objectContaining({ word_limit: 300, keywords: ['Phonology', 'Syntax', 'syntax'] }),
    ]);
    expect(requestsTo('PUT /api/admin/editions/2025/keywords')).toHaveLength(0);

    answer = () => Response.json({ ...edition(2025), word_limit: 300, keywords: ['Phonology', 'Typology'] });
    await user.clear(keywords);
    await user.type(keywords, 'Phonology\nTypology');
    await user.click(save);
    expect(await findMessage('status', 'The settings of SCULC 2025 were saved.')).toBeInTheDocument();
    expect(keywords).toHaveValue('Phonology\nTypology');
    expect(keywords).not.toHaveAttribute('aria-invalid');
    expect(wordLimit).toHaveValue(300);
    expect(requestsTo('PUT /api/admin/editions/2025')[1]).toEqual(
      expect.objectContaining({ word_limit: 300, keywords: ['Phonology', 'Typology'] }),
    );
  });
});
