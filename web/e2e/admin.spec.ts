/**
 * The admins' journey on the real server: the first admin is made with the
 * real command line (`colloquy admin grant EMAIL`, as the README tells an
 * organiser), signs in, finds an applicant's abstract in /user-data by
 * sorting and searching, opens the applicant's submissions and accepts
 * the abstract, filters "Accepted but not confirmed" and sends the
 * reminder; the applicant gets the acceptance e-mail and the
 * /sculc-2025 status button now leads to the congratulations page. Before
 * that, the applicant (not an admin) sees 'Not authorised' at /user-data.
 *
 * Nothing here changes what other tests depend on: no new edition (the
 * newest is the current one for every test), and the accounts are this
 * test's own. Runs at both widths (the table scrolls in its region on a phone).
 * E-mail requests (see accounts.ts): 2 per project, 4 in all.
 */
import { randomBytes } from 'node:crypto';

import type { Page } from '@playwright/test';

import type { Submission } from '../src/api/types.ts';
import { CSRF_HEADERS, newPerson, profileLink, registerVerifiedAccount, submitSignIn, type Person } from './accounts.ts';
import { repoRoot, runCommand, serverBinary } from './colloquy-server.ts';
import { linkIn } from './emails.ts';
import { answerDialog } from './dialog.ts';
import { expect, forgetSession, test } from './fixtures.ts';
import { openNav } from './nav.ts';
import { ABSTRACT_TEXT, ABSTRACT_TITLE, abstractPdf, countWords } from './pdfs.ts';
import { confirmTalk } from './program-world.ts';

/** Letters only (names allow no digits), shared by this test's two people so one search finds both. */
function uniqueTag(): string {
  return Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

const WORDS = countWords(`${ABSTRACT_TITLE} ${ABSTRACT_TEXT}`);

function main(page: Page) {
  return page.getByRole('main');
}

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/** Signs the browser in through the form and waits for the session. */
async function signIn(page: Page, person: Person) {
  await page.goto('/login');
  await submitSignIn(page, person.email, person.password);
  await expect(page).toHaveURL('/sculc');
  // On a phone the nav's links are behind its Menu button, which the
  // sign-in's redirect settling may close again just after it opened: wait
  // until the signed-in link stays in view.
  await expect(async () => {
    await openNav(page);
    await expect(profileLink(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The table's body rows' e-mail addresses, top to bottom. */
async function emailsInTable(page: Page): Promise<string[]> {
  const rows = main(page).getByRole('table').locator('tbody > tr:not(.users-details)');
  return rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent ?? ''));
}

test('an admin made by the command line sorts, searches and accepts; the applicant becomes a presenter', async ({
  page,
  outbox,
  server,
  browserErrors,
}, testInfo) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const organiser = newPerson('Edward', `Sapir${tag}`);
  const applicant = newPerson('Mary', `Haas${tag}`);
  await registerVerifiedAccount(page.request, outbox, organiser);
  await registerVerifiedAccount(page.request, outbox, applicant);
  const adminRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) adminRequests.push(request.url());
  });

  await test.step('the applicant uploads an abstract', async () => {
    await signIn(page, applicant);
    const uploaded = await page.request.post('/api/submissions', {
      headers: CSRF_HEADERS,
      multipart: {
        title: 'Vowel harmony',
        file: { name: 'Vowel harmony.pdf', mimeType: 'application/pdf', buffer: await abstractPdf() },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    expect(((await uploaded.json()) as Submission).word_count).toBe(WORDS);
  });

  await test.step('the applicant, not an admin, is not authorised at /user-data and asks for nothing', async () => {
    await page.goto('/user-data');
    await expect(heading(page)).toHaveText('Not authorised');
    await expect(main(page)).toContainText('You need admin rights to see this page.');
    await expect((await openNav(page)).getByRole('link', { name: 'User Data', exact: true })).toHaveCount(0);
    expect(adminRequests).toEqual([]);
    // The server refuses the data anyway.
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
    await forgetSession(page);
  });

  await test.step('the command line makes the organiser an admin', async () => {
    const said = await runCommand({
      binary: serverBinary(),
      cwd: repoRoot,
      dataDir: server.dataDir,
      args: ['admin', 'grant', organiser.email],
    });
    expect(said).toContain(`${organiser.email} is now an admin.`);
  });

  await test.step('the admin finds User Data in the navigation', async () => {
    await signIn(page, organiser);
    await (await openNav(page)).getByRole('link', { name: 'User Data', exact: true }).click();
    await expect(page).toHaveURL('/user-data');
    await expect(heading(page)).toHaveText('User Data');
    await expect(main(page).getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(main(page).getByRole('region', { name: /^Users of SCULC \d{4}, sorted by Name, ascending$/ })).toBeVisible();
  });

  const search = main(page).getByRole('searchbox', { name: 'Search users' });
  const header = (name: string) => main(page).getByRole('columnheader', { name });

  await test.step('a search by the shared part of the names, on Enter, finds the two', async () => {
    await search.fill(tag.toUpperCase());
    // Typing alone does not search.
    await expect(page).toHaveURL('/user-data');
    await search.press('Enter');
    await expect(page).toHaveURL(`/user-data?q=${tag.toUpperCase()}`);
    await expect.poll(() => emailsInTable(page)).toEqual([organiser.email, applicant.email]);
    await expect(main(page)).toContainText('Showing 1–2 of 2 users');
    if (testInfo.project.name === 'phone') {
      // The table scrolls inside its region; the page itself does not.
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(clientWidth);
    }
  });

  await test.step('sorting: a new column ascending, the same column again descending', async () => {
    await main(page).getByRole('button', { name: 'Applicant', exact: true }).click();
    await expect(header('Applicant')).toHaveAttribute('aria-sort', 'ascending');
    // false before true: the admin has no abstract.
    await expect.poll(() => emailsInTable(page)).toEqual([organiser.email, applicant.email]);

    await main(page).getByRole('button', { name: 'Applicant', exact: true }).click();
    await expect(header('Applicant')).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => emailsInTable(page)).toEqual([applicant.email, organiser.email]);
    await expect(page).toHaveURL(`/user-data?q=${tag.toUpperCase()}&sort=applicant&dir=desc`);

    await main(page).getByRole('button', { name: 'Email', exact: true }).click();
    await expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    await expect(header('Applicant')).not.toHaveAttribute('aria-sort');
    await expect.poll(() => emailsInTable(page)).toEqual([organiser.email, applicant.email]);

    // A reload keeps the search and the order.
    await page.reload();
    await expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    await expect(search).toHaveValue(tag.toUpperCase());
    await expect.poll(() => emailsInTable(page)).toEqual([organiser.email, applicant.email]);
  });

  const row = main(page).getByRole('row').filter({ hasText: applicant.email });

  await test.step('the row shows the first abstract, its time in Pacific time, and the CSV has it', async () => {
    await expect(row.getByRole('link', { name: 'Vowel harmony (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(row).toContainText(/(PST|PDT)/);
    const csvHref = await main(page).getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(csvHref).toMatch(new RegExp(`^/api/admin/users\\.csv\\?q=${tag.toUpperCase()}&sort=email&dir=asc&edition=\\d{4}$`));
    const csv = await page.request.get(csvHref ?? '');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(applicant.email);
  });

  await test.step('accept the abstract from the applicant’s submissions', async () => {
    await row.getByRole('button', { name: `Submissions of Mary Haas${tag}` }).click();
    const list = main(page).getByRole('list', { name: `Submissions of Mary Haas${tag}` });
    const item = list.getByRole('listitem').filter({ hasText: 'Vowel harmony.pdf' }).first();
    await expect(item).toContainText(`${WORDS} words`);
    await expect(item).toContainText('Status: Submitted, no decision yet');

    await item.getByRole('button', { name: 'Accept', exact: true }).click();
    await answerDialog(page, 'Accept submission', 'Accept', /^Accept “Vowel harmony” by Mary Haas/);
    // The shared server's 2025 deadlines (April and May 2025) have passed:
    // accepting is asked about first (the server's 409 confirm_by_passed,
    // which the browser logs), and this test keeps the deadlines that other
    // tests rely on.
    browserErrors.allow(/status of 409 \(Conflict\) .*\/decision/);
    await answerDialog(page, 'Extend the deadline to confirm?', 'Not now', /^The deadline to confirm attendance, /);
    await answerDialog(page, 'Accept without extending?', 'Accept anyway', /^Mary Haas\S* will not be able to confirm/);
    await expect(main(page).getByRole('status').filter({ hasText: 'acceptance e-mail' })).toHaveText(
      '“Vowel harmony”: Accepted: the author was sent the acceptance e-mail.',
    );
    await expect(item).toContainText('Status: Accepted');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Yes'); // Presenter
  });

  await test.step('the applicant gets the acceptance e-mail', async () => {
    // The first e-mail was the verification.
    const email = await outbox.waitForEmail(applicant.email, { count: 2 });
    expect(email.subject).toBe('Your abstract for SCULC 2025 has been accepted');
    expect(email.body).toMatch(/^Dear Mary,$/m);
    expect(email.body).toContain('"Vowel harmony" has been accepted');
    expect(new URL(linkIn(email, '/sculc/congratulations-page')).origin).toBe(server.url);
  });

  await test.step('the admin filters “Accepted but not confirmed” and sends the reminder', async () => {
    await expect(row.getByRole('cell').nth(5)).toHaveText('Not confirmed'); // Attendance
    await main(page).getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Accepted but not confirmed' });
    await expect(page).toHaveURL(`/user-data?q=${tag.toUpperCase()}&filter=not_confirmed&sort=email&dir=asc`);
    // The organiser has no accepted abstract: only the applicant is left.
    await expect.poll(() => emailsInTable(page)).toEqual([applicant.email]);
    await main(page).getByRole('button', { name: 'Send reminder to 1 person' }).click();
    const question = main(page).getByRole('group', { name: /^E-mail a reminder to 1 person accepted but not confirmed/ });
    // The question takes the focus, so a screen reader reads it first.
    await expect(question.getByText(/^E-mail a reminder/)).toBeFocused();
    await question.getByRole('button', { name: 'Send reminders' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Reminder sent' })).toHaveText(
      'Reminder sent to 1 person.',
    );
    const reminder = await outbox.waitForEmail(applicant.email, { count: 3 });
    expect(reminder.subject).toBe('SCULC 2025: please confirm your attendance');
    expect(reminder.body).toContain('April 15, 2025 at 11:59 PM PDT');
    expect(reminder.body).toContain('May 10, 2025 at 11:59 PM PDT');
    expect(new URL(linkIn(reminder, '/sculc/congratulations-page')).origin).toBe(server.url);
  });

  await test.step('the activity log has the decision and the reminder', async () => {
    await main(page).getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity Log' }).click();
    await expect(heading(page)).toHaveText('Activity Log');
    await expect(
      main(page).getByRole('listitem').filter({ hasText: `Accepted ‘Vowel harmony’ by Mary Haas${tag}` }),
    ).toContainText(`Edward Sapir${tag}`);
    await expect(
      main(page)
        .getByRole('listitem')
        .filter({ hasText: `Sent a reminder to 1 person accepted but not confirmed matching “${tag.toUpperCase()}”` }),
    ).toContainText(`Edward Sapir${tag}`);
  });

  await test.step('the applicant’s status button now leads to the congratulations page', async () => {
    await forgetSession(page);
    await signIn(page, applicant);
    await page.goto('/sculc-2025');
    await main(page).getByRole('link', { name: 'View Submission Status', exact: true }).click();
    await expect(page).toHaveURL('/sculc/congratulations-page');
    await expect(heading(page)).toHaveText('Congratulations!');
  });
});

test('a visitor at an admin page is sent to sign in', async ({ page }) => {
  await page.goto('/user-data/editions');
  await expect(page).toHaveURL('/login');
  await expect(main(page).getByRole('status')).toHaveText('Please sign in to continue.');
});

test('at 1280 px the user table shows its last column without scrolling sideways, attendance columns too @desktop', async ({
  page,
  outbox,
  server,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const tag = uniqueTag();
  const organiser = newPerson('Edward', `Sapir${tag}`);
  const applicant = newPerson('Mary', `Haas${tag}`);
  await registerVerifiedAccount(page.request, outbox, organiser);
  await registerVerifiedAccount(page.request, outbox, applicant);
  await signIn(page, applicant);
  // A title of the length applicants give their abstracts.
  const uploaded = await page.request.post('/api/submissions', {
    headers: CSRF_HEADERS,
    multipart: {
      title: 'Vowel harmony in Turkish and Hungarian',
      file: {
        name: 'Vowel harmony in Turkish and Hungarian.pdf',
        mimeType: 'application/pdf',
        buffer: await abstractPdf(),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await forgetSession(page);
  await runCommand({
    binary: serverBinary(),
    cwd: repoRoot,
    dataDir: server.dataDir,
    args: ['admin', 'grant', organiser.email],
  });

  await signIn(page, organiser);
  await page.goto(`/user-data?q=${tag}`);
  await expect.poll(() => emailsInTable(page)).toEqual([organiser.email, applicant.email]);

  const fitsTheScreen = async () => {
    const table = main(page).getByRole('region', { name: /^Users of SCULC \d{4}, sorted by/ });
    const { scrollWidth, clientWidth } = await table.evaluate((region) => ({
      scrollWidth: region.scrollWidth,
      clientWidth: region.clientWidth,
    }));
    expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth);
    // Not by squeezing columns until words break ("Con/fir/med").
    const brokenWords = await table.evaluate((region) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(region.querySelector('table') ?? region, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          // Broken when its pieces sit on more than one line (one line may hold several boxes).
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom)));
          if (lines.size > 1) {
            const where = node.parentElement;
            broken.push(`${word[0]} (in ${where?.tagName.toLowerCase() ?? ''}.${where?.className ?? ''})`);
          }
        }
      }
      return broken;
    });
    expect(brokenWords, 'words broken across lines').toEqual([]);
    // The last column, whole, on the screen: its header and each row's switch.
    await expect(main(page).getByRole('columnheader', { name: 'Admin' })).toBeInViewport({ ratio: 1 });
    await expect(main(page).getByRole('checkbox', { name: `Admin: Mary Haas${tag}` })).toBeInViewport({ ratio: 1 });
    await expect(main(page).getByRole('checkbox', { name: `Admin: Edward Sapir${tag}` })).toBeInViewport({
      ratio: 1,
    });
  };
  await test.step('before anyone is accepted', fitsTheScreen);

  await test.step('with the attendance columns of a presenter who confirmed', async () => {
    // The longest answers there are: both formats, virtually.
    confirmTalk(server, 'Vowel harmony in Turkish and Hungarian', { format: 'both', mode: 'virtual' });
    await page.reload();
    await expect(main(page).getByRole('columnheader', { name: 'Final materials' })).toBeVisible();
    await expect(main(page).getByRole('cell', { name: /Confirmed\s*Talk and poster\s*Virtual/ })).toBeVisible();
    await fitsTheScreen();
  });
});
