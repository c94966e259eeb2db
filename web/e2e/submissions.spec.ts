/**
 * Abstract submissions in the real browser against the real server: upload
 * a real PDF (made by pdf-lib, pdfs.ts) and watch its progress, see it
 * listed with its word count, open it in a new tab (the bytes are the ones
 * uploaded, sandboxed), follow the status button of /sculc-2025, delete it,
 * find the congratulations page empty; the files that are refused (not a
 * PDF, damaged, with JavaScript); and, on a server of its own, an author at
 * the edition's limit whose decided abstract is withdrawn, not deleted.
 *
 * The global setup opens the call for abstracts of SCULC 2025, which closed
 * in March 2025: otherwise the server refuses every upload.
 *
 * Journeys do not depend on the screen width: desktop runs them once.
 * E-mail requests (see accounts.ts): 2 (one account per test) to the
 * suite's server, and 2 to the withdrawal test's own server (its own limit).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';

import type { Edition, SessionUser, Submission, SubmissionList } from '../src/api/types.ts';
import {
  CSRF_HEADERS,
  newPerson,
  profileLink,
  registerVerifiedAccount,
  submitSignIn,
  type Person,
} from './accounts.ts';
import { repoRoot, runCommand, serverBinary, startServer, type RunningServer } from './colloquy-server.ts';
import { answerDialog, dialogOf } from './dialog.ts';
import { Outbox, uniqueEmail } from './emails.ts';
import { expect, test } from './fixtures.ts';
import { ABSTRACT_TEXT, ABSTRACT_TITLE, abstractPdf, countWords } from './pdfs.ts';

/** Chromium logs every answer in the 400s as an error; some tests provoke them on purpose. */
const REFUSED = (status: number) => new RegExp(`Failed to load resource: .*status of ${status}`);

const NOT_PDF = 'The file must be a PDF.';
const DAMAGED =
  'The PDF is damaged and cannot be opened (it may be incomplete, for example from an interrupted download). ' +
  'Save or download it again and upload the new file.';
const SCRIPT =
  'The PDF contains JavaScript, which an abstract may not have. ' +
  'Export it again as a plain PDF (for example with Print to PDF) and upload that.';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Chromium's built-in PDF viewer (an extension), which renders the file in a frame of its own. */
const PDF_VIEWER = 'mhjfbmdgcfjbbpaeojofohoefgiehjai';

/** A name with a space and a letter outside ASCII, as people's files have. */
const FILE_NAME = 'Vowel harmony – Ngäbere.pdf';
const TITLE = 'Vowel harmony in Ngäbere';
const WORDS = countWords(`${ABSTRACT_TITLE} ${ABSTRACT_TEXT}`);
/**
 * A figure of 840 × 840 pixels makes the PDF about 2 MB; sent at 1 MB/s
 * (Chromium's network emulation), the upload takes about two seconds, long
 * enough to see the progress bar between 0 and 100%.
 */
const FIGURE_SIDE = 840;
const UPLOAD_BYTES_PER_SECOND = 1024 * 1024;

function main(page: Page) {
  return page.getByRole('main');
}

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

function statusButton(page: Page) {
  return main(page).getByRole('link', { name: 'View Submission Status', exact: true });
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The signed-in user's submissions, from the server (page.request sends the browser's cookies). */
async function submissionsOf(page: Page): Promise<SubmissionList['submissions']> {
  const response = await page.request.get('/api/submissions');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as SubmissionList).submissions;
}

/** No axe violation, at 1280 and at 375 px. */
async function expectNoAxeViolations(page: Page) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const found = results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }));
    expect(found, `axe at ${viewport.width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signIn(page: Page, person: Person) {
  await page.goto('/login');
  await submitSignIn(page, person.email, person.password);
  await expect(page).toHaveURL('/sculc');
  await expect(profileLink(page)).toBeVisible();
}

test.describe('abstract submissions', { tag: '@desktop' }, () => {
  test('upload a PDF with its progress, open it, find the status button, delete it', async ({
    page,
    context,
    request,
    outbox,
    server,
  }) => {
    // Two seconds of throttled upload, and a server reading a 2 MB PDF.
    test.setTimeout(60_000);
    const person = newPerson('Mary', 'Haas');
    await registerVerifiedAccount(request, outbox, person);
    const pdf = await abstractPdf({ figureSide: FIGURE_SIDE });
    await signIn(page, person);

    await test.step('no status button before any submission', async () => {
      await page.goto('/sculc-2025');
      await expect(heading(page)).toHaveText('SCULC 2025');
      // The session has loaded (the nav shows it), so the button's absence means something.
      await expect(profileLink(page)).toBeVisible();
      await expect(statusButton(page)).toHaveCount(0);
    });

    const upload = main(page).getByRole('button', { name: 'Upload Abstract', exact: true });

    await test.step('the submission page, and no file chosen', async () => {
      await page.goto('/sculc/submit-abstract');
      await expect(heading(page)).toHaveText('Abstract Submission Portal');
      const guidelines = main(page).getByRole('region', { name: 'Submission Guidelines' });
      await expect(guidelines).toContainText('at most 500 words, excluding references');
      await expect(guidelines).toContainText('anonymized');
      await expect(guidelines).toContainText('principal investigator');
      await expect(main(page).getByLabel('Choose a PDF file')).toHaveAttribute('accept', '.pdf,application/pdf');

      await upload.click();
      await expect(main(page).getByRole('alert')).toHaveText('Please select a file to upload.');
    });

    const coauthor = uniqueEmail('grace.hopper');

    await test.step('the details: title, a co-author, keywords, the preferred format', async () => {
      await main(page).getByRole('textbox', { name: 'Title' }).fill(TITLE);
      await expect(main(page)).toContainText('You are the corresponding author.');
      await main(page).getByRole('button', { name: 'Add a co-author' }).click();
      const row = main(page).getByRole('group', { name: 'Co-author 1' });
      await row.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
      await row.getByRole('textbox', { name: 'E-mail' }).fill(coauthor);
      await row.getByRole('textbox', { name: 'Institution' }).fill('Vassar College');
      const keywords = main(page).getByRole('group', { name: 'Keywords' });
      await keywords.getByRole('checkbox', { name: 'Phonology', exact: true }).check();
      await keywords.getByRole('checkbox', { name: 'Language documentation' }).check();
      await main(page).getByRole('group', { name: 'Preferred format' }).getByRole('radio', { name: 'Poster' }).check();
      // The form with its details, and a refused upload's messages, pass axe.
      await expectNoAxeViolations(page);
    });

    await test.step('choose the PDF and upload it, with progress', async () => {
      const chooserOpened = page.waitForEvent('filechooser');
      await main(page).getByText('Choose a PDF file', { exact: true }).click();
      const chooser = await chooserOpened;
      expect(chooser.isMultiple()).toBe(false);
      await chooser.setFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: pdf });
      await expect(main(page)).toContainText(`Selected file: ${FILE_NAME}`);
      // Choosing a file clears the earlier message.
      await expect(main(page).getByRole('alert')).toHaveCount(0);

      // On the loopback 2 MB go in a blink: slow the upload down to watch it.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: UPLOAD_BYTES_PER_SECOND,
      });

      await upload.click();
      await expect(main(page).getByRole('button', { name: 'Uploading...', exact: true })).toBeDisabled();
      const bar = main(page).getByRole('progressbar', { name: 'Upload progress' });
      await expect(bar).toBeVisible();
      await expect(main(page).getByText(/^\d{1,3}%$/)).toBeVisible();

      // Follow the bar until the page moves on (a navigation inside the app,
      // so the page can be read all along): it shows shares between 0 and
      // 100% and never goes back.
      const seen: number[] = [];
      const deadline = Date.now() + 20_000;
      while (new URL(page.url()).pathname === '/sculc/submit-abstract' && Date.now() < deadline) {
        const value = await page.evaluate(() => document.querySelector('progress')?.value);
        if (value !== undefined) seen.push(value);
        await page.waitForTimeout(50);
      }
      await expect(page).toHaveURL('/sculc/view-submission');
      const shown = seen.join(', ');
      const between = new Set(seen.filter((value) => value > 0 && value < 100));
      expect(between.size, `shares between 0 and 100% (it showed ${shown})`).toBeGreaterThanOrEqual(2);
      const backwards = seen.filter((value, at) => value < (seen[at - 1] ?? 0));
      expect(backwards, `the bar never goes back (it showed ${shown})`).toEqual([]);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    });

    const fileButton = main(page).getByRole('button', { name: `${FILE_NAME} (opens in a new tab)`, exact: true });

    const submission = await test.step('listed with its word count', async () => {
      await expect(heading(page)).toHaveText('Thank You for Your Submission');
      // The list's own loading notice is a status too, for a moment.
      await expect(main(page).getByRole('status').filter({ hasText: 'uploaded' })).toHaveText(
        'Your abstract was uploaded successfully.',
      );
      await expect(main(page)).toContainText('Your abstract is being processed. We will contact you about any updates.');
      await expect(fileButton).toBeVisible();
      const item = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `${FILE_NAME} (opens in a new tab)`, exact: true }) });
      await expect(item).toContainText(`${WORDS} words (limit 500)`);
      // Anonymized and short: no warnings.
      await expect(item.getByRole('list', { name: 'Guideline warnings' })).toHaveCount(0);

      const submissions = await submissionsOf(page);
      expect(submissions).toHaveLength(1);
      const [stored] = submissions;
      expect(stored).toMatchObject({
        title: TITLE,
        code: expect.stringMatching(/^S25-\d{3}$/),
        coauthors: [{ name: 'Grace Hopper', email: coauthor, institution: 'Vassar College' }],
        keywords: ['Phonology', 'Language documentation'],
        preferred_format: 'poster',
        editable: true,
        original_name: FILE_NAME,
        size_bytes: pdf.length,
        word_count: WORDS,
        word_limit: 500,
        warnings: [],
        status: 'submitted',
      });
      if (!stored) throw new Error('unreachable');
      return stored;
    });

    await test.step('the co-author is told once, by name, with the title', async () => {
      const email = await outbox.waitForEmail(coauthor);
      expect(email.subject).toBe('You were named as a co-author of an abstract for SCULC 2025');
      expect(email.body).toContain('Hello Grace Hopper');
      expect(email.body).toContain(`Mary Haas submitted an abstract to SCULC 2025`);
      expect(email.body).toContain(TITLE);
    });

    await test.step('the author edits the details; the co-author is not told again', async () => {
      const item = main(page).getByRole('listitem').filter({ hasText: TITLE });
      await expect(item).toContainText('Grace Hopper (Vassar College)');
      await item.getByRole('button', { name: `Edit the details of ${TITLE}` }).click();
      const form = main(page).getByRole('form', { name: `Edit the details of ${TITLE}` });
      await form.getByRole('textbox', { name: 'Title' }).fill('');
      await form.getByRole('button', { name: 'Save details' }).click();
      await expect(form.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
        'Please enter the title of your abstract.',
      );
      // The view page with its edit form and a message at a field passes axe.
      await expectNoAxeViolations(page);
      await form.getByRole('textbox', { name: 'Title' }).fill(`${TITLE}, revised`);
      await form.getByRole('radio', { name: 'Talk' }).check();
      await form.getByRole('button', { name: 'Save details' }).click();
      await expect(main(page).getByRole('status').filter({ hasText: 'saved' })).toHaveText(
        'The details were saved successfully.',
      );
      await expect(main(page)).toContainText(`${TITLE}, revised`);
      const [edited] = await submissionsOf(page);
      expect(edited).toMatchObject({ title: `${TITLE}, revised`, preferred_format: 'talk', code: submission.code });
      // Give the sender loop time to write anything it would.
      await page.waitForTimeout(500);
      expect(await outbox.emailsTo(coauthor)).toHaveLength(1);
    });

    await test.step('the file opens in a new tab, the bytes uploaded', async () => {
      const opened = context.waitForEvent('page');
      await fileButton.click();
      const tab = await opened;
      const fileUrl = `${server.url}/api/submissions/${submission.id}/file`;
      await expect(tab).toHaveURL(fileUrl);
      // Shown inline, in the browser's PDF viewer, not downloaded; the
      // sandbox the server puts it in does not keep the viewer out.
      await expect.poll(() => tab.evaluate(() => document.contentType)).toBe('application/pdf');
      await expect
        .poll(() => tab.frames().some((frame) => frame.url().startsWith(`chrome-extension://${PDF_VIEWER}/`)))
        .toBe(true);

      const file = await page.request.get(fileUrl);
      expect(file.status()).toBe(200);
      const headers = file.headers();
      expect(headers['content-type']).toBe('application/pdf');
      const disposition = headers['content-disposition'] ?? '';
      expect(disposition).toMatch(/^inline;/);
      // The exact name travels percent-encoded (RFC 6266), beside an ASCII fallback.
      const encodedName = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1] ?? '';
      expect(decodeURIComponent(encodedName), disposition).toBe(FILE_NAME);
      expect(headers['x-content-type-options']).toBe('nosniff');
      // Whatever a file holds, it runs nothing as the site, and no other site embeds it.
      expect(headers['content-security-policy']).toBe('sandbox');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      const body = await file.body();
      expect(body.length).toBe(pdf.length);
      expect(sha256(body), 'the served file is the uploaded one').toBe(sha256(pdf));
      await tab.close();
    });

    await test.step('the status button now leads to the submissions', async () => {
      await page.goto('/sculc-2025');
      await statusButton(page).click();
      await expect(page).toHaveURL('/sculc/view-submission');
      await expect(heading(page)).toHaveText('Thank You for Your Submission');
    });

    await test.step('delete it: confirm, then the alert', async () => {
      const remove = main(page).getByRole('button', { name: `Delete ${TITLE}, revised`, exact: true });
      await remove.click();
      // The question starts on Cancel, and Esc answers it no: nothing is deleted, focus is back on the ×.
      const question = dialogOf(page, 'Delete submission');
      await expect(question).toBeVisible();
      await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(remove).toBeFocused();
      await expect(fileButton).toHaveCount(1);

      await remove.click();
      await answerDialog(page, 'Delete submission', 'Delete', `Are you sure you want to delete “${TITLE}, revised”?`);
      await answerDialog(page, 'Submission deleted', 'OK', 'Your submission has been deleted.');
      await expect(fileButton).toHaveCount(0);
      await expect(main(page)).toContainText("You have no submissions for this year's conference yet.");
      // The upload's success message belonged to the upload, not to this list.
      await expect(main(page)).not.toContainText('Your abstract was uploaded successfully.');
      expect(await submissionsOf(page)).toEqual([]);
      // Nor is it served any more.
      expect((await page.request.get(`/api/submissions/${submission.id}/file`)).status()).toBe(404);
    });

    await test.step('no longer an applicant: no status button, and no submissions found', async () => {
      await page.goto('/sculc-2025');
      await expect(heading(page)).toHaveText('SCULC 2025');
      await expect(profileLink(page)).toBeVisible();
      await expect(statusButton(page)).toHaveCount(0);

      await page.goto('/sculc/congratulations-page');
      await expect(
        main(page).getByText('No submissions found. Please ensure your submission was successful.', { exact: true }),
      ).toBeVisible();
    });
  });

  test('a file that is not a PDF is refused and nothing is kept', async ({ page, request, outbox, browserErrors }) => {
    browserErrors.allow(REFUSED(422));
    const person = newPerson('Morris', 'Swadesh');
    await registerVerifiedAccount(request, outbox, person);
    await signIn(page, person);
    await page.goto('/sculc/submit-abstract');
    await expect(heading(page)).toHaveText('Abstract Submission Portal');

    const picker = main(page).getByLabel('Choose a PDF file');
    const upload = main(page).getByRole('button', { name: 'Upload Abstract', exact: true });
    await main(page).getByRole('textbox', { name: 'Title' }).fill('Basic vocabulary lists');
    const uploads: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/submissions') uploads.push(sent.url());
    });

    await test.step('a text file, by its name and type, is refused in the page', async () => {
      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(ABSTRACT_TEXT) });
      // The refusal names the file it is about.
      await expect(main(page).getByRole('alert')).toHaveText('notes.txt: The file must be a PDF.');
      await expect(main(page)).toContainText('No file selected.');
      await upload.click();
      await expect(main(page).getByRole('alert')).toHaveText('Please select a file to upload.');
      expect(uploads, 'nothing was sent').toEqual([]);
    });

    const real = await abstractPdf();
    const refusals = [
      { what: 'a text file named .pdf', name: 'abstract.pdf', content: Buffer.from(ABSTRACT_TEXT), message: NOT_PDF },
      {
        what: 'a file that only starts like a PDF',
        name: 'broken.pdf',
        content: Buffer.from(`%PDF-1.7\n${ABSTRACT_TEXT}\n`),
        message: DAMAGED,
      },
      { what: 'a cut-off download', name: 'cut.pdf', content: real.subarray(0, real.length - 60), message: DAMAGED },
      {
        what: 'a PDF that runs JavaScript when opened',
        name: 'script.pdf',
        content: await abstractPdf({ openScript: 'app.alert("opened")' }),
        message: SCRIPT,
      },
    ];
    for (const { what, name, content, message } of refusals) {
      await test.step(`${what} is refused by the server`, async () => {
        const sent = uploads.length;
        await picker.setInputFiles({ name, mimeType: 'application/pdf', buffer: content });
        await expect(main(page)).toContainText(`Selected file: ${name}`);
        await upload.click();
        await expect(main(page).getByRole('alert')).toHaveText(`${name}: ${message}`);
        expect(uploads).toHaveLength(sent + 1);
        // The form is usable again, on the same page.
        await expect(upload).toBeEnabled();
        await expect(page).toHaveURL('/sculc/submit-abstract');
      });
    }

    expect(await submissionsOf(page)).toEqual([]);
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ applicant: false, presenter: false });
  });
});


/** The binary global-setup.ts started, found the same way. */

/**
 * On a server of its own: the limit of submissions per author is an
 * edition setting the suite's server must keep at its default, and this
 * journey's e-mails count against that server's limit, not the suite's.
 */
test.describe('withdrawing a decided abstract', { tag: '@desktop' }, () => {
  let dataDir: string;
  let own: RunningServer;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'colloquy-e2e-withdraw-'));
    own = await startServer({ binary: serverBinary(), cwd: repoRoot, dataDir });
  });

  test.afterAll(async () => {
    try {
      await own.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  /** A request context signed in as `person`. */
  async function signedIn(api: APIRequestContext, person: Person) {
    const response = await api.post('/api/accounts/login', {
      headers: CSRF_HEADERS,
      data: { email: person.email, password: person.password },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  test('an author at the limit is told why; once accepted, the abstract is withdrawn, not deleted', async ({
    page,
    playwright,
    browserErrors,
  }) => {
    test.setTimeout(60_000);
    browserErrors.allow(REFUSED(409));
    const outbox = new Outbox(join(dataDir, 'outbox'));
    const admin = await playwright.request.newContext({ baseURL: own.url });
    const author = await playwright.request.newContext({ baseURL: own.url });
    const organiser = newPerson('Edward', 'Sapir');
    const applicant = newPerson('Ella', 'Deloria');
    await registerVerifiedAccount(admin, outbox, organiser);
    await registerVerifiedAccount(author, outbox, applicant);
    await runCommand({ binary: serverBinary(), cwd: repoRoot, dataDir, args: ['admin', 'grant', organiser.email] });
    await signedIn(admin, organiser);

    await test.step('the admin opens the call and allows one abstract per author', async () => {
      const [current] = (await (await admin.get('/api/admin/editions')).json()) as Edition[];
      if (!current) throw new Error('no edition');
      const saved = await admin.put(`/api/admin/editions/${current.year}`, {
        headers: CSRF_HEADERS,
        // A call open until 2099 cannot keep 2025's deadlines before its close.
        data: {
          ...current,
          call_opens_at: null,
          call_closes_at: '2099-03-21T23:59:00-07:00',
          confirm_attendance_by: null,
          final_materials_by: null,
          max_submissions_per_author: 1,
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    });

    const pickAndUpload = async (name: string) => {
      await page.goto(`${own.url}/sculc/submit-abstract`);
      await expect(heading(page)).toHaveText('Abstract Submission Portal');
      await expect(main(page).getByRole('region', { name: 'Submission Guidelines' })).toContainText(
        'You can submit up to 1 abstract.',
      );
      await main(page)
        .getByLabel('Choose a PDF file')
        .setInputFiles({ name, mimeType: 'application/pdf', buffer: await abstractPdf() });
      await expect(main(page)).toContainText(`Selected file: ${name}`);
      await main(page).getByRole('textbox', { name: 'Title' }).fill(name.replace(/\.pdf$/, ''));
      await main(page).getByRole('button', { name: 'Upload Abstract', exact: true }).click();
    };

    await test.step('one abstract is taken, the second is refused with the reason', async () => {
      await page.goto(`${own.url}/login`);
      await submitSignIn(page, applicant.email, applicant.password);
      await expect(page).toHaveURL(`${own.url}/sculc`);
      await pickAndUpload('First.pdf');
      await expect(page).toHaveURL(`${own.url}/sculc/view-submission`);
      await pickAndUpload('Second.pdf');
      await expect(main(page).getByRole('alert')).toHaveText(
        'Second.pdf: You can submit at most 1 abstract to SCULC 2025. To upload another, first delete or withdraw one of yours.',
      );
      await expect(page).toHaveURL(`${own.url}/sculc/submit-abstract`);
    });

    const submission = await test.step('the admin accepts it', async () => {
      await signedIn(author, applicant);
      const [mine] = ((await (await author.get('/api/submissions')).json()) as SubmissionList).submissions;
      if (!mine) throw new Error('no submission');
      const decided = await admin.post(`/api/admin/submissions/${mine.id}/decision`, {
        headers: CSRF_HEADERS,
        data: { decision: 'accepted' },
      });
      expect(decided.status(), await decided.text()).toBe(200);
      return mine;
    });

    await test.step('the author finds Withdraw instead of ×, is asked, and withdraws it', async () => {
      await page.goto(`${own.url}/sculc/view-submission`);
      const item = main(page).getByRole('listitem').filter({ hasText: 'First.pdf' });
      await expect(item).toContainText('Decision: Accepted');
      await expect(main(page).getByRole('button', { name: 'Delete First' })).toHaveCount(0);
      // The list with its Withdraw button, then with the question open over it, passes axe,
      // on a desktop and on a phone, where the dialog fits the screen.
      const question = dialogOf(page, 'Withdraw submission');
      for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
        await page.setViewportSize(viewport);
        const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) }))).toEqual([]);
        await main(page).getByRole('button', { name: 'Withdraw First', exact: true }).click();
        await expect(question).toBeVisible();
        const withQuestion = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(
          withQuestion.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target) })),
          `the question open at ${viewport.width} px`,
        ).toEqual([]);
        const box = await question.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        // Tab stays among the dialog's buttons; Cancel answers no.
        await page.keyboard.press('Tab');
        await expect(question.getByRole('button', { name: 'Withdraw' })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await question.getByRole('button', { name: 'Cancel' }).click();
        await expect(question).toHaveCount(0);
      }
      await main(page).getByRole('button', { name: 'Withdraw First', exact: true }).click();
      await answerDialog(page, 'Withdraw submission', 'Withdraw', /^Withdraw “First”\?/);
      await answerDialog(page, 'Submission withdrawn', 'OK', 'Your submission has been withdrawn.');
      await expect(main(page)).toContainText("You have no submissions for this year's conference yet.");
    });

    await test.step('the admins keep it, marked withdrawn and logged; the author is no presenter', async () => {
      const me = (await (await author.get('/api/me')).json()) as SessionUser;
      expect(me).toMatchObject({ applicant: false, presenter: false });
      const theirs = (await (await admin.get(`/api/admin/users/${me.id}/submissions`)).json()) as Submission[];
      expect(theirs.map(({ original_name, status }) => ({ original_name, status }))).toEqual([
        { original_name: 'First.pdf', status: 'withdrawn' },
      ]);
      expect((await admin.get(`/api/submissions/${submission.id}/file`)).status()).toBe(200);
      const log = (await (await admin.get('/api/admin/audit')).json()) as { entries: { action: string; summary: string }[] };
      expect(log.entries[0]).toMatchObject({
        action: 'submission.withdrawn',
        summary: 'Withdrew ‘First’ by Ella Deloria (SCULC 2025)',
      });
      // Withdrawn abstracts do not count against the limit.
      await pickAndUpload('Second.pdf');
      await expect(page).toHaveURL(`${own.url}/sculc/view-submission`);
    });

    await admin.dispose();
    await author.dispose();
  });
});
