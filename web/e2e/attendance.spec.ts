/**
 * Presenters answer on the site (issue 15 items 1, 2, 6): on the
 * congratulations page an accepted author confirms a talk in person with a
 * corrected title and uploads slides; another declines, after a question.
 * Each test has a server of its own (review-world.ts): accepting and the
 * presenters' deadlines belong to the current edition, which the suite's
 * shared server keeps for the submission journeys.
 */
import { formatFileSize } from '../src/lib/format-size.ts';
import { expect, test } from './fixtures.ts';
import { abstractPdf } from './pdfs.ts';
import { acceptAbstract, setPresenterDeadlines } from './program-world.ts';
import { signInAs, startReviewWorld } from './review-world.ts';

const PAGE = '/sculc/congratulations-page';
const IN_A_YEAR = new Date(Date.now() + 365 * 24 * 3600 * 1000);

test('an accepted author confirms a talk in person with a corrected title, then uploads slides', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const world = await startReviewWorld(playwright);
  try {
    const author = await world.person('Ines', 'Nunez');
    await world.upload(author, 'Clitic doubling draft.pdf');
    acceptAbstract(world, 'Clitic doubling draft.pdf');
    setPresenterDeadlines(world, IN_A_YEAR, IN_A_YEAR);
    await signInAs(page, world, author);
    await page.goto(`${world.url}${PAGE}`);
    const card = page.getByRole('region', { name: 'Attendance' }).getByRole('article');
    // The card's own heading; "Final materials" follows it once confirmed.
    const cardTitle = card.getByRole('heading', { level: 3 }).first();
    await expect(cardTitle).toHaveText(/^Clitic doubling draft\.pdf \(S25-\d+\)$/);
    await expect(card).toContainText('You have not answered yet.');

    await test.step('the author confirms in person, as a talk, with the title corrected', async () => {
      await card.getByRole('button', { name: 'Confirm Your Attendance' }).click();
      const form = card.getByRole('group', { name: 'How will you attend?' });
      // The form takes the focus, so keyboard users start on its first question.
      await expect(form.getByRole('radio', { name: 'In person' })).toBeFocused();
      await form.getByRole('radio', { name: 'In person' }).check();
      await card
        .getByRole('group', { name: 'Format' })
        .getByRole('radio', { name: '15-minute talk plus 5 minutes of questions' })
        .check();
      const title = card.getByLabel('Title (as it will appear in the program)');
      await expect(title).toHaveValue('Clitic doubling draft.pdf');
      await title.fill('Clitic doubling in Rioplatense Spanish');
      await card.getByRole('button', { name: 'Save' }).click();

      await expect(card.getByRole('button', { name: 'Save' })).toHaveCount(0);
      await expect(cardTitle).toHaveText(
        /^Clitic doubling in Rioplatense Spanish \(S25-\d+\)$/,
      );
      await expect(card.getByRole('definition')).toHaveText(['In person', '15-minute talk plus 5 minutes of questions']);
      await expect(card.getByText('Your attendance is confirmed.')).toBeAttached();
      const change = card.getByRole('button', { name: 'Change Your Answer' });
      await expect(change).toBeFocused();
      await expect(card.getByRole('button', { name: 'Decline' })).toBeVisible();
    });

    await test.step('the answer is kept: read again, the page shows it', async () => {
      await page.reload();
      await expect(cardTitle).toHaveText(
        /^Clitic doubling in Rioplatense Spanish \(S25-\d+\)$/,
      );
      await expect(card.getByRole('definition')).toHaveText(['In person', '15-minute talk plus 5 minutes of questions']);
      await expect(card).not.toContainText('You have not answered yet.');
      await expect(page.getByRole('region', { name: 'Your Submissions' })).toContainText(
        'Clitic doubling in Rioplatense Spanish',
      );
    });

    await test.step('the author uploads slides and sees them listed with name and size', async () => {
      const slides = await abstractPdf({ title: 'Clitic doubling in Rioplatense Spanish' });
      await expect(card.getByText('No slides uploaded yet.')).toBeVisible();
      await card.getByLabel('Upload slides (PDF)').setInputFiles({
        name: 'Núñez slides.pdf',
        mimeType: 'application/pdf',
        buffer: slides,
      });
      await expect(card.getByText('Your slides were uploaded.')).toBeVisible();
      const link = card.getByRole('link', { name: 'Núñez slides.pdf' });
      await expect(link).toBeVisible();
      await expect(link.locator('xpath=..')).toContainText(`(${formatFileSize(slides.length)}, uploaded `);
      await expect(card.getByLabel('Replace slides (PDF)')).toBeVisible();
      await expect(card.getByText('No poster uploaded yet.')).toBeVisible();

      // The listed file is the one uploaded, byte for byte.
      const href = await link.getAttribute('href');
      const download = await page.request.get(`${world.url}${href ?? ''}`);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.compare(await download.body(), slides)).toBe(0);

      await page.reload();
      await expect(card.getByRole('link', { name: 'Núñez slides.pdf' })).toBeVisible();
      await expect(card.getByLabel('Replace slides (PDF)')).toBeVisible();
    });
  } finally {
    await world.close();
  }
});

test('an accepted author declines, after answering the question', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const world = await startReviewWorld(playwright);
  try {
    const author = await world.person('Bjorn', 'Lindqvist');
    await world.upload(author, 'Tone in Swedish.pdf');
    acceptAbstract(world, 'Tone in Swedish.pdf');
    setPresenterDeadlines(world, IN_A_YEAR, IN_A_YEAR);
    await signInAs(page, world, author);
    await page.goto(`${world.url}${PAGE}`);
    const card = page.getByRole('region', { name: 'Attendance' }).getByRole('article');
    await expect(card).toContainText('You have not answered yet.');
    const question = card.getByText('Are you sure you want to decline presenting “Tone in Swedish.pdf”?');

    await test.step('"Decline" asks first; "No" changes nothing', async () => {
      await card.getByRole('button', { name: 'Decline' }).click();
      // The question takes the focus, so a screen reader reads it out before the buttons.
      await expect(question).toBeFocused();
      await expect(card.getByRole('button', { name: 'Yes, decline' })).toBeVisible();
      await card.getByRole('button', { name: 'No', exact: true }).click();
      await expect(question).toHaveCount(0);
      await expect(card).toContainText('You have not answered yet.');
      await expect(card.getByRole('button', { name: 'Confirm Your Attendance' })).toBeFocused();
    });

    await test.step('"Yes, decline" declines', async () => {
      await card.getByRole('button', { name: 'Decline' }).click();
      await card.getByRole('button', { name: 'Yes, decline' }).click();
      await expect(question).toHaveCount(0);
      // Shown in the card, and announced once by its live region.
      await expect(card.getByText('You declined to present this abstract.', { exact: true })).toHaveCount(2);
      await expect(card.getByRole('button', { name: 'Decline' })).toHaveCount(0);
      // Until the deadline the author may still change their mind.
      await expect(card.getByRole('button', { name: 'Confirm Your Attendance' })).toBeFocused();
      await expect(card.getByRole('heading', { name: 'Final materials' })).toHaveCount(0);
    });

    await test.step('the answer is kept: read again, the page shows it', async () => {
      await page.reload();
      await expect(card.getByText('You declined to present this abstract.', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Decline' })).toHaveCount(0);
      await expect(card.getByRole('button', { name: 'Confirm Your Attendance' })).toBeVisible();
    });
  } finally {
    await world.close();
  }
});
