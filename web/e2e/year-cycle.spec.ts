/**
 * A year's cycle (issue 25), on a server of the test's own: a presenter
 * finds their next step on /sculc as the edition moves on; the admin's home
 * says what waits; the admin publishes 2025's program, creates SCULC 2026
 * with the guided form, finds /sculc-2025 with its program and PDF
 * unchanged, and browses 2025's presenters with the edition picker. Axe
 * runs on each new screen in each of its states.
 */
import type { Page } from '@playwright/test';

import { expectNoViolations } from './axe.ts';
import { answerDialog } from './dialog.ts';
import { expect, forgetSession, test } from './fixtures.ts';
import { acceptAbstract, confirmTalk, pdfText, setPresenterDeadlines } from './program-world.ts';
import { signInAs, startReviewWorld, type ReviewWorld } from './review-world.ts';

// The e2e upload gives the file's name as the title.
const TITLE = 'Evidentiality in Quechua.pdf';
const DAY = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Pacific date of `at`, `weeks` on (as the guided form moves dates), as the server writes a date in a refusal ("8 Dec 2027"). */
function pacificDateLater(at: Date, weeks: number) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const later = new Date(at.getTime() + weeks * 7 * DAY);
  const part = (type: string) => Number(format.formatToParts(later).find((found) => found.type === type)?.value);
  return `${String(part('day'))} ${MONTHS[part('month') - 1] ?? ''} ${String(part('year'))}`;
}

/** An admin's API request through the signed-in page (its cookies), checked to succeed. */
async function asAdmin(page: Page, world: ReviewWorld, method: 'POST' | 'PUT', path: string, data: unknown) {
  const response = await page.request.fetch(`${world.url}${path}`, {
    method,
    data,
    headers: { 'X-Requested-With': 'colloquy' },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

test("a year's cycle: each member's next step, 2025 kept when 2026 is created, and 2025 browsed with the picker", async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(300_000);
  const world = await startReviewWorld(playwright);
  const main = page.getByRole('main');
  // 2025's presenters confirm by then; 2026's proposal is a year on.
  const confirmBy = new Date(Date.now() + 10 * DAY);
  try {
    const admin = await world.person('Edward', 'Sapir');
    const author = await world.person('Ines', 'Nunez');
    await world.command('admin', 'grant', admin.email);
    await world.upload(author, TITLE);

    await test.step('an applicant lands on their home and finds their submission under review', async () => {
      await signInAs(page, world, author);
      const edition = main.getByRole('region', { name: 'SCULC 2025' });
      await expect(edition.getByRole('link', { name: 'SCULC 2025' })).toHaveAttribute('href', '/sculc-2025');
      const mine = main.getByRole('region', { name: 'Your submissions' });
      await expect(mine).toContainText(`${TITLE}: Under review`);
      await expect(mine).toContainText('The committee has not decided yet.');
      await expectNoViolations(page, 'the home of an applicant');
    });

    await test.step('once accepted, the home asks them to confirm, by the deadline, and takes them there', async () => {
      acceptAbstract(world, TITLE);
      setPresenterDeadlines(world, confirmBy, new Date(Date.now() + 20 * DAY));
      await page.reload();
      const edition = main.getByRole('region', { name: 'SCULC 2025' });
      await expect(edition).toContainText('Your next deadline: Confirm your attendance by');
      const mine = main.getByRole('region', { name: 'Your submissions' });
      await expect(mine).toContainText(`${TITLE}: Accepted`);
      await expect(mine).toContainText('Next step: confirm your attendance by');
      await expectNoViolations(page, 'the home of a presenter with a step to take');
      await mine.getByRole('link', { name: 'Confirm attendance' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Congratulations!');
    });

    await test.step('confirmed, the materials are next', async () => {
      confirmTalk(world, TITLE);
      await page.goto(`${world.url}/sculc`);
      await expect(main.getByRole('region', { name: 'Your submissions' })).toContainText(
        'Next step: upload your final materials by',
      );
      await expect(main.getByRole('region', { name: 'SCULC 2025' })).toContainText(
        'Your next deadline: Send your final materials by',
      );
    });

    await test.step("the admin's home says what waits, and each count is a link", async () => {
      await signInAs(page, world, admin);
      const waiting = main.getByRole('region', { name: 'The year at a glance' });
      await expect(waiting.getByRole('link', { name: '0 submissions without a decision' })).toHaveAttribute(
        'href',
        '/user-data/reviews',
      );
      await expect(waiting.getByRole('link', { name: '0 presenters who have not confirmed' })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Your submissions' })).toContainText(
        'You have no submission to SCULC 2025.',
      );
      await expectNoViolations(page, "the admin's home");
    });

    await test.step("the admin publishes 2025's program", async () => {
      const session = await asAdmin(page, world, 'POST', '/api/admin/program/2025/sessions', {
        kind: 'talks',
        title: 'Morning talks',
        starts_at: '2025-05-17T09:00:00-07:00',
        ends_at: '2025-05-17T10:30:00-07:00',
        room: 'Room 101',
      });
      const sessions = session.sessions as { id: string; title: string }[];
      const unplaced = session.unplaced as { submission_id: string }[];
      const morning = sessions.find((found) => found.title === 'Morning talks');
      await asAdmin(page, world, 'PUT', `/api/admin/program/2025/sessions/${morning?.id ?? ''}/items`, {
        submission_ids: unplaced.map((item) => item.submission_id),
      });
      await asAdmin(page, world, 'POST', '/api/admin/program/2025/publish', {});
    });

    // What /sculc-2025 shows now; it must read the same once 2026 exists.
    const before = await archivedProgram(page, world);

    await test.step('the admin prepares SCULC 2026 with the guided form; the public site and the presenter still see 2025', async () => {
      await signInAs(page, world, admin);
      await page.goto(`${world.url}/user-data/editions`);
      await main.getByRole('button', { name: 'Prepare the next edition' }).click();
      const next = main.getByRole('region', { name: 'Next year' });
      await expect(next.getByLabel('Year')).toBeFocused();
      // Its weekday beside it; a year on from 2025's, May 2026 has passed, and says so.
      await expect(next.getByLabel('Conference day')).toHaveAccessibleDescription(
        /^Saturday This date has already passed\.$/,
      );
      await expectNoViolations(page, 'the guided form for the next edition');
      // Proposed a year on from 2025's, whose call this world keeps open
      // until 2099 and whose presenters' deadlines it moved: out of order.
      browserErrors.allow(/Failed to load resource: .*status of 422/);
      await next.getByRole('button', { name: 'Create SCULC 2026' }).click();
      // Each refusal is read out with the field it is about.
      await expect(next.getByLabel('Presenters confirm by')).toHaveAccessibleDescription(
        new RegExp(`Confirm-by \\(${pacificDateLater(confirmBy, 52)}\\) must come after the call's close \\(30 Dec 2100\\)`),
      );
      await expect(next.getByLabel('Conference day')).toHaveAccessibleDescription(
        /The conference day \(16 May 2026\) must not come before the materials deadline/,
      );
      await expectNoViolations(page, 'the guided form refusing dates out of order');
      await next.getByLabel('Call opens').fill('2026-01-10T00:00');
      await next.getByLabel('Call closes').fill('2026-03-21T23:59');
      await next.getByLabel('Reviews due').fill('2026-03-31T23:59');
      await next.getByLabel('Decisions sent').fill('2026-04-03T12:00');
      await next.getByLabel('Presenters confirm by').fill('2026-04-15T23:59');
      await next.getByLabel('Final materials by').fill('2026-05-10T23:59');
      await next.getByRole('button', { name: 'Create SCULC 2026' }).click();
      // In December 2026 that call is over: the chair is asked first, and says why it may go ahead.
      browserErrors.allow(/Failed to load resource: .*status of 409 .*\/api\/admin\/editions/);
      await answerDialog(
        page,
        'Create SCULC 2026 anyway?',
        'Create SCULC 2026 anyway',
        /closes on March 21, 2026 at 11:59 PM PDT, which has already passed: no one could submit\./,
      );
      await expect(main.getByRole('region', { name: 'SCULC 2026 (not announced yet)' })).toBeVisible();
      await signInAs(page, world, author);
      await expect(main.getByRole('region', { name: 'SCULC 2025' })).toBeVisible();
      await expect(main.getByRole('region', { name: 'Your submissions' })).toContainText(TITLE);
    });

    await test.step('announced, SCULC 2026 is the members\' edition; /sculc-2025 keeps its program and the same PDF', async () => {
      await signInAs(page, world, admin);
      await page.goto(`${world.url}/user-data/editions`);
      await main.getByRole('button', { name: 'Announce SCULC 2026 on the site' }).click();
      await answerDialog(page, 'Announce SCULC 2026', 'Announce', /^Announce SCULC 2026 on the site\?/);
      await answerDialog(page, 'Announce SCULC 2026 anyway?', 'Announce anyway', /has already passed/);
      await expect(main.getByRole('region', { name: 'SCULC 2026 (current edition)' })).toBeVisible();
      const after = await archivedProgram(page, world);
      expect(after.text).toBe(before.text);
      expect(after.pdf.equals(before.pdf)).toBe(true);
      expect(pdfText(after.pdf)).toContain(TITLE);
      await signInAs(page, world, author);
      await expect(main.getByRole('region', { name: 'Your submissions' })).toContainText(
        'You have no submission to SCULC 2026.',
      );
      await expectNoViolations(page, 'the home once the next edition is announced');
    });

    await test.step("the admin browses 2025's presenters with the picker", async () => {
      await signInAs(page, world, admin);
      await page.goto(`${world.url}/user-data`);
      const table = main.getByRole('table');
      await expect(table).toHaveAccessibleName(/^Users of SCULC 2026, sorted by/);
      const row = table.locator('tbody > tr', { hasText: author.email });
      await expect(row.getByRole('cell').nth(2)).toHaveText('No'); // Presenter, in 2026
      await main.getByRole('combobox', { name: 'Edition' }).selectOption({ label: 'SCULC 2025' });
      await expect(page).toHaveURL(/[?&]edition=2025/);
      await expect(table).toHaveAccessibleName(/^Users of SCULC 2025, sorted by/);
      await expect(row.getByRole('cell').nth(2)).toHaveText('Yes'); // Presenter, in 2025
      await expect(row).toContainText(TITLE);
      await expectNoViolations(page, "the user table showing an earlier edition");
      // The choice survives a reload, and the CSV is 2025's.
      await page.reload();
      await expect(main.getByRole('combobox', { name: 'Edition' })).toHaveValue('2025');
      const csvHref = await main.getByRole('link', { name: /CSV/ }).getAttribute('href');
      expect(csvHref).toContain('edition=2025');
      const csv = await page.request.get(`${world.url}${csvHref ?? ''}`);
      expect(await csv.text()).toContain(TITLE);
    });
  } finally {
    await world.close();
  }
});

/** /sculc-2025's Program section as a visitor reads it, and the PDF its link gives. */
async function archivedProgram(page: Page, world: ReviewWorld) {
  await forgetSession(page);
  await page.goto(`${world.url}/sculc-2025`);
  const program = page.getByRole('region', { name: 'Program' });
  await expect(program).toContainText(TITLE);
  const href = await program.getByRole('link', { name: 'Download the program (PDF)' }).getAttribute('href');
  expect(href).toMatch(/^\/sculc-2025\/program-[^/]+\.pdf$/);
  const pdf = await world.api.get(href ?? '');
  expect(pdf.status()).toBe(200);
  return { text: await program.innerText(), pdf: await pdf.body() };
}
