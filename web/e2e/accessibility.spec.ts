/**
 * Every public route, every page and state of committee review (the
 * site's dialog open over one of them), the admin table filtered with its
 * reminder, and the presenters' answers on the congratulations page, passes
 * axe (WCAG 2.0 and 2.1, levels A and AA) with no violation, at desktop and
 * phone widths, once its content has arrived.
 * The embedded third-party frames (forms, slides, the PDF viewer) are not
 * ours to fix and are left out of the scan; their <iframe> elements, with
 * their titles, are checked.
 */

import { protectedRoutes } from '../src/config/protected-routes.ts';
import { routeList } from '../src/config/routes.ts';
import { CSRF_HEADERS } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { dialogOf } from './dialog.ts';
import { expect, test } from './fixtures.ts';
import { holdRequests } from './held-request.ts';
import { abstractPdf } from './pdfs.ts';
import { acceptAbstract, confirmTalk, declineTalk, setPresenterDeadlines } from './program-world.ts';
import { organiserReviewingUploads, signInAs, startReviewWorld } from './review-world.ts';


const publicRoutes = routeList.filter(({ id }) => !protectedRoutes[id]);

test.describe('axe finds no violation', () => {
  for (const { path, title } of publicRoutes) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // Content pages: wait for their data, not the loading notice.
      await expect(page.getByText('Loading page…')).toHaveCount(0);

      await expectNoViolations(page);
    });
  }
});


/**
 * The review pages need a reviewer with an assignment and an admin with
 * submissions to look at: a server of the test's own (review-world.ts),
 * so the suite's shared edition is not assigned. E-mail requests: 2 per
 * project, to that server.
 */
test('axe finds no violation on the review pages, in each of their states', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const world = await startReviewWorld(playwright);
  try {
    const { call } = await organiserReviewingUploads(page, world, ['Vowel harmony.pdf']);
    await page.reload();
    const main = page.getByRole('main');
    const scan = async (path: string, title: string | RegExp, state: string) => {
      if (new URL(page.url()).pathname !== path) await page.goto(`${world.url}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(main.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoViolations(page, `${path}: ${state}`);
    };

    await scan('/review', 'Review', 'the list and the conflicts');
    await main.getByRole('button', { name: 'Declare conflict' }).click();
    await expect(main.getByRole('alert')).toBeVisible();
    await scan('/review', 'Review', 'the conflict form refused');

    await scan('/review/S25-001', 'Review S25-001', 'the empty form');
    await main.getByRole('button', { name: 'Submit review' }).click();
    await expect(main.getByText('Choose a recommendation.')).toBeVisible();
    await scan('/review/S25-001', 'Review S25-001', 'the missing answers');
    await main.getByRole('group', { name: 'Relevance' }).getByRole('radio', { name: '4', exact: true }).check();
    await expect(main.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await scan('/review/S25-001', 'Review S25-001', 'the draft saved');
    await main.getByRole('button', { name: 'Abstain', exact: true }).click();
    await scan('/review/S25-001', 'Review S25-001', 'the abstain form');
    // The site's dialog (it replaced window.confirm), open over the page: its question before sending.
    await main.getByLabel('Why are you abstaining?').fill('I supervised this student.');
    await main.getByRole('button', { name: 'Abstain from S25-001' }).click();
    const question = dialogOf(page, 'Abstain');
    await expect(question).toBeVisible();
    await expectNoViolations(page, '/review/S25-001: the abstain question');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toHaveCount(0);

    await scan('/user-data', 'User Data', 'the Reviewer boxes');
    await scan('/user-data/reviews', 'Reviews', 'the overview and the settings');
    const assign = main.getByRole('region', { name: 'Assign automatically' });
    await assign.getByRole('button', { name: 'Preview assignments' }).click();
    await expect(assign.getByRole('heading', { level: 3 })).toBeVisible();
    const threshold = main.getByRole('region', { name: 'Decide by threshold' });
    await threshold.getByLabel('Cut-off (mean score)').fill('3');
    await threshold.getByRole('button', { name: 'Preview decisions' }).click();
    await expect(threshold.getByRole('heading', { name: 'At a cut-off of 3' })).toBeVisible();
    await scan('/user-data/reviews', 'Reviews', 'both previews open');
    await main.getByRole('link', { name: 'S25-001 reviews' }).click();
    await scan(new URL(page.url()).pathname, 'Reviews of S25-001', 'a submission’s reviews');

    // A deadline in the past: the form is read-only, and its settings show the criteria locked.
    const settings = (await (await page.request.get(`${world.url}/api/admin/review/settings`)).json()) as Record<
      string,
      unknown
    >;
    await call('put', '/api/admin/review/settings', {
      deadline: '2025-01-01T00:00:00Z',
      reviewers_per_submission: settings.reviewers_per_submission,
      visibility: settings.visibility,
      criteria: settings.criteria,
    });
    await scan('/review/S25-001', 'Review S25-001', 'after the deadline');
    await expect(main.getByText('The review deadline has passed. This review can no longer be changed.')).toBeVisible();
    await scan('/user-data/reviews', 'Reviews', 'the criteria locked');

    // After acceptance: the filtered table and the reminder's question and answer.
    const users = (await (await page.request.get(`${world.url}/api/admin/users?q=Lovelace`)).json()) as {
      users: { first_submission: { id: string } }[];
    };
    const accepted = users.users[0]?.first_submission.id ?? '';
    await call('post', `/api/admin/submissions/${accepted}/decision`, { decision: 'accepted' });
    await page.goto(`${world.url}/user-data?filter=not_confirmed`);
    await expect(main.getByRole('cell', { name: 'Not confirmed' })).toBeVisible();
    await scan('/user-data', 'User Data', 'the table filtered: accepted but not confirmed');
    await main.getByRole('button', { name: 'Send reminder to 1 person' }).click();
    await expect(main.getByRole('button', { name: 'Send reminders' })).toBeVisible();
    await scan('/user-data', 'User Data', 'the reminder’s question');
    await main.getByRole('button', { name: 'Send reminders' }).click();
    await expect(main.getByText('Reminder sent to 1 person.')).toBeVisible();
    await scan('/user-data', 'User Data', 'the reminder sent');
  } finally {
    await world.close();
  }
});

/**
 * The program builder, empty and filled, and the published Program section
 * on the edition page: on a server of the test's own, since publishing
 * changes the current edition's page for everyone.
 */
test('axe finds no violation on the program builder and the published program', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const world = await startReviewWorld(playwright);
  try {
    const organiser = await world.person('Edward', 'Sapir');
    const author = await world.person('Zoë', 'Núñez');
    await world.command('admin', 'grant', organiser.email);
    await world.upload(author, 'Tone sandhi.pdf');
    await world.upload(author, 'Vowel harmony.pdf');
    confirmTalk(world, 'Tone sandhi.pdf');
    confirmTalk(world, 'Vowel harmony.pdf');
    await signInAs(page, world, organiser);
    await page.goto(`${world.url}/user-data/program`);
    await expect(page.getByRole('heading', { level: 2, name: 'Unplaced presentations' })).toBeVisible();
    await expectNoViolations(page, 'empty program');

    const base = `${world.url}/api/admin/program/2025`;
    const added = await page.request.post(`${base}/sessions`, {
      headers: CSRF_HEADERS,
      data: {
        kind: 'talks',
        title: 'Morning talks',
        starts_at: '2025-05-17T09:00:00-07:00',
        ends_at: '2025-05-17T10:30:00-07:00',
        room: 'Room 101',
      },
    });
    expect(added.status()).toBe(201);
    await page.request.post(`${base}/sessions`, {
      headers: CSRF_HEADERS,
      data: {
        kind: 'break',
        title: 'Lunch',
        starts_at: '2025-05-17T12:00:00-07:00',
        ends_at: '2025-05-17T13:00:00-07:00',
        room: '',
      },
    });
    const program = (await added.json()) as { sessions: { id: string }[]; unplaced: { submission_id: string }[] };
    const [session] = program.sessions;
    const placed = await page.request.put(`${base}/sessions/${session?.id ?? ''}/items`, {
      headers: CSRF_HEADERS,
      data: { submission_ids: program.unplaced.map((item) => item.submission_id) },
    });
    expect(placed.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('article', { name: /Morning talks/ })).toContainText('Tone sandhi.pdf');
    await expectNoViolations(page, 'filled program');
    // A presenter declines after being placed: the builder lists the talk publishing leaves out.
    declineTalk(world, 'Vowel harmony.pdf');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Left out when publishing' })).toBeVisible();
    await expectNoViolations(page, 'a placed talk left out');
    // Two sessions at once in Room 101: the clash on the page and on both sessions (issue 25).
    const clashing = await page.request.post(`${base}/sessions`, {
      headers: CSRF_HEADERS,
      data: {
        kind: 'keynote',
        title: 'Keynote',
        starts_at: '2025-05-17T10:00:00-07:00',
        ends_at: '2025-05-17T11:00:00-07:00',
        room: 'Room 101',
      },
    });
    expect(clashing.status()).toBe(201);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Clashes to resolve before publishing' })).toBeVisible();
    await expectNoViolations(page, 'a clash');
    const withClash = (await clashing.json()) as { sessions: { id: string; title: string }[] };
    const keynote = withClash.sessions.find((candidate) => candidate.title === 'Keynote');
    const removed = await page.request.delete(`${base}/sessions/${keynote?.id ?? ''}`, { headers: CSRF_HEADERS });
    expect(removed.status()).toBe(200);

    expect((await page.request.post(`${base}/publish`, { headers: CSRF_HEADERS })).status()).toBe(200);
    await page.goto(`${world.url}/sculc-2025`);
    await expect(page.getByRole('region', { name: 'Program' })).toContainText('Tone sandhi.pdf');
    await expect(page.getByRole('region', { name: 'Program' })).not.toContainText('Vowel harmony.pdf');
    await expect(page.getByText('Loading page…')).toHaveCount(0);
    await expectNoViolations(page, 'published program');
  } finally {
    await world.close();
  }
});

/**
 * The editions screen: the guided form for the next edition, a date out of
 * order at its field, the new edition not announced and the question to
 * announce it, then deleting it. A server of the test's own, since the
 * newest edition changes.
 */
test('axe finds no violation on the editions screen, preparing, announcing and deleting an edition', async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const world = await startReviewWorld(playwright);
  try {
    const organiser = await world.person('Edward', 'Sapir');
    await world.command('admin', 'grant', organiser.email);
    await signInAs(page, world, organiser);
    await page.goto(`${world.url}/user-data/editions`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'SCULC 2025 (current edition)' })).toBeVisible();
    await expectNoViolations(page, 'the current edition');

    await main.getByRole('button', { name: 'Prepare the next edition' }).click();
    const next = main.getByRole('region', { name: 'Next year' });
    await expect(next.getByLabel('Conference day')).toBeVisible();
    await expectNoViolations(page, 'the guided form');
    const width = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(width.scrollWidth, 'the guided form is wider than the screen').toBeLessThanOrEqual(width.clientWidth);
    // This world's call is open until 2099 (review-world.ts): a year on, it
    // would close after 2026's confirm-by, which the server refuses there.
    browserErrors.allow(/Failed to load resource: .*status of 422/);
    await next.getByRole('button', { name: 'Create SCULC 2026' }).click();
    await expect(next.getByLabel('Presenters confirm by')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, 'a date out of order');
    await next.getByLabel('Call closes').fill('2026-03-21T23:59');
    await next.getByRole('button', { name: 'Create SCULC 2026' }).click();
    // A call already over (on today's clock) is asked about first.
    browserErrors.allow(/Failed to load resource: .*status of 409/);
    const callOver = dialogOf(page, 'Create SCULC 2026 anyway?');
    await expect(callOver).toBeVisible();
    await expectNoViolations(page, 'the question about a call already over');
    await callOver.getByRole('button', { name: 'Create SCULC 2026 anyway' }).click();
    await expect(main.getByRole('heading', { level: 2, name: 'SCULC 2026 (not announced yet)' })).toBeVisible();
    await expectNoViolations(page, 'the new edition created');
    await main.getByRole('button', { name: 'Announce SCULC 2026 on the site' }).click();
    await expect(dialogOf(page, 'Announce SCULC 2026')).toBeVisible();
    await expectNoViolations(page, 'the announce question');
    await dialogOf(page, 'Announce SCULC 2026').getByRole('button', { name: 'Cancel' }).click();

    // Once deleted, nothing of 2026 is asked for again (its card's registration or signatory would answer 404).
    let deleted = false;
    const askedAfter: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (deleted && `${pathname}${search}`.includes('2026')) askedAfter.push(`${pathname}${search}`);
    });
    page.on('response', (response) => {
      if (response.request().method() === 'DELETE' && response.ok()) deleted = true;
    });
    await main.getByRole('button', { name: 'Delete SCULC 2026' }).click();
    const question = dialogOf(page, 'Delete SCULC 2026');
    await expect(question).toBeVisible();
    await expectNoViolations(page, 'the delete question');
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(question).toHaveCount(0);
    await expect(main.getByRole('heading', { level: 2, name: 'SCULC 2025 (current edition)' })).toBeVisible();
    await expectNoViolations(page, 'the edition deleted');
    expect(askedAfter).toEqual([]);
  } finally {
    await world.close();
  }
});

/**
 * The congratulations page in the presenters' new states: the confirm form
 * with a refusal shown, the decline question, declined, confirmed with the
 * final materials, and after the confirm-by deadline. A server of the
 * test's own, since the deadlines belong to the current edition.
 */
test('axe finds no violation on the congratulations page in its attendance states', async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  // Saving the form with nothing chosen is refused (422) on purpose.
  browserErrors.allow(/Failed to load resource: .*status of 422/);
  const world = await startReviewWorld(playwright);
  try {
    const author = await world.person('Ada', 'Lovelace');
    await world.upload(author, 'Vowel harmony.pdf');
    await world.upload(author, 'Tone sandhi.pdf');
    acceptAbstract(world, 'Vowel harmony.pdf');
    acceptAbstract(world, 'Tone sandhi.pdf');
    const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    setPresenterDeadlines(world, inAYear, inAYear);
    await signInAs(page, world, author);
    await page.goto(`${world.url}/sculc/congratulations-page`);
    const attendance = page.getByRole('region', { name: 'Attendance' });
    const harmony = attendance.getByRole('article', { name: /^Vowel harmony\.pdf/ });
    const sandhi = attendance.getByRole('article', { name: /^Tone sandhi\.pdf/ });
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

    await harmony.getByRole('button', { name: 'Confirm Your Attendance' }).click();
    await harmony.getByRole('button', { name: 'Save' }).click();
    await expect(harmony.getByText('Choose a format. Choose how you will attend.')).toBeVisible();
    await expectNoViolations(page, 'the confirm form with a refusal');

    await sandhi.getByRole('button', { name: 'Decline' }).click();
    await expect(sandhi.getByRole('button', { name: 'Yes, decline' })).toBeVisible();
    await expectNoViolations(page, 'the decline question');
    await sandhi.getByRole('button', { name: 'Yes, decline' }).click();
    await expect(sandhi.getByRole('button', { name: 'Decline' })).toHaveCount(0);
    await expect(sandhi.getByText('You declined to present this abstract.', { exact: true }).first()).toBeVisible();

    await harmony.getByRole('radio', { name: 'Virtually (video call)' }).check();
    await harmony.getByRole('radio', { name: 'Poster', exact: true }).check();
    await harmony.getByRole('button', { name: 'Save' }).click();
    await expect(harmony.getByRole('button', { name: 'Change Your Answer' })).toBeVisible();
    await expect(harmony.getByLabel('Upload poster (PDF)')).toBeVisible();
    await expectNoViolations(page, 'one declined, one confirmed with its final materials');

    await harmony.getByLabel('Upload poster (PDF)').setInputFiles({
      name: 'Vowel harmony poster.pptx',
      mimeType: 'application/vnd.ms-powerpoint',
      buffer: Buffer.from('PK'),
    });
    await expect(harmony.getByRole('alert')).toHaveText('Vowel harmony poster.pptx: The file must be a PDF.');
    await expectNoViolations(page, 'a final material refused, named');
    // Held on its way until scanned, then sent on to the server.
    const poster = await holdRequests(page, '**/materials/poster', 'PUT');
    await harmony
      .getByLabel('Upload poster (PDF)')
      .setInputFiles({ name: 'Vowel harmony poster.pdf', mimeType: 'application/pdf', buffer: await abstractPdf() });
    await expect(harmony.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expectNoViolations(page, 'a final material uploading');
    poster.release();
    await expect(harmony.getByRole('status').filter({ hasText: 'Your poster was uploaded.' })).toBeVisible();
    await poster.done();

    setPresenterDeadlines(world, new Date(Date.now() - 24 * 3600 * 1000), new Date(Date.now() - 3600 * 1000));
    await page.reload();
    await expect(harmony).toContainText('The deadline to confirm attendance has passed.');
    await expect(harmony).toContainText('The deadline for final materials has passed.');
    await expect(sandhi).toContainText('The deadline to confirm attendance has passed.');
    await expect(attendance.getByRole('button')).toHaveCount(0);
    await expectNoViolations(page, 'after the deadlines');
  } finally {
    await world.close();
  }
});

/**
 * The abstract submission page in each of its states: open with nothing
 * chosen, details refused, uploading (the picker disabled), and the call
 * closed or not yet open (no form then, only the notice and the
 * guidelines). A server of the test's own, since the
 * call belongs to the current edition.
 */
test('axe finds no violation on the abstract submission page, open, busy, closed and not yet open', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const world = await startReviewWorld(playwright);
  try {
    const author = await world.person('Ada', 'Lovelace');
    await signInAs(page, world, author);
    const main = page.getByRole('main');
    // Axe runs once the state is on the screen, not while the page loads.
    const open = async (state: string, shown: () => Promise<void>) => {
      await page.goto(`${world.url}/sculc/submit-abstract`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Abstract Submission Portal');
      await expect(main.getByRole('region', { name: 'Submission Guidelines' })).toBeVisible();
      await shown();
      await expectNoViolations(page, state);
    };

    await open('the call open, nothing chosen', async () => {
      await expect(main.getByLabel('Choose a PDF file')).toBeEnabled();
    });
    await main
      .getByLabel('Choose a PDF file')
      .setInputFiles({ name: 'Vowel harmony.pdf', mimeType: 'application/pdf', buffer: await abstractPdf() });
    await main.getByRole('button', { name: 'Upload Abstract', exact: true }).click();
    await expect(main.getByText('Please correct the details marked below.')).toBeVisible();
    await expectNoViolations(page, 'the details refused');
    await main
      .getByLabel('Choose a PDF file')
      .setInputFiles({ name: 'Vowel harmony.docx', mimeType: 'application/msword', buffer: Buffer.from('PK') });
    await expect(main.getByRole('alert').filter({ hasText: 'The file must be a PDF.' })).toHaveText(
      'Vowel harmony.docx: The file must be a PDF.',
    );
    await expectNoViolations(page, 'a file refused, named');
    await main
      .getByLabel('Choose a PDF file')
      .setInputFiles({ name: 'Vowel harmony.pdf', mimeType: 'application/pdf', buffer: await abstractPdf() });

    // Held on its way until scanned, then sent on to the server.
    const submission = await holdRequests(page, '**/api/submissions', 'POST');
    await main.getByRole('textbox', { name: 'Title' }).fill('Vowel harmony');
    await main.getByRole('button', { name: 'Upload Abstract', exact: true }).click();
    await expect(main.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(main.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expectNoViolations(page, 'uploading');
    submission.release();
    await expect(page).toHaveURL(`${world.url}/sculc/view-submission`);
    await submission.done();

    await world.command('edition', 'call', '2025', '--from', '2025-01-01T00:00:00Z', '--until', '2025-03-22T06:59:00Z');
    await open('the call closed', async () => {
      await expect(main.getByText(/is closed: the deadline was/)).toBeVisible();
      await expect(main.getByLabel('Choose a PDF file')).toHaveCount(0);
    });

    await world.command(
      'edition', 'call', '2025', '--from', '2099-01-15T08:00:00Z', '--until', '2099-03-22T06:59:00Z', '--allow-out-of-order',
    );
    await open('the call not yet open', async () => {
      await expect(main.getByText(/opens on/)).toBeVisible();
      await expect(main.getByLabel('Choose a PDF file')).toHaveCount(0);
    });
  } finally {
    await world.close();
  }
});
