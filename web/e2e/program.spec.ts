/**
 * The program from data (issue 15 item 5), on a server of the test's own
 * (publishing acts on the current edition): the admin adds a session,
 * places a confirmed talk with the "Place in…" select, publishes; the
 * public Program section, the PDF and the presenter's page show it.
 */
import { answerDialog } from './dialog.ts';
import { expect, forgetSession, test } from './fixtures.ts';
import { confirmTalk, pdfText, renamePerson } from './program-world.ts';
import { signInAs, startReviewWorld, type ReviewWorld } from './review-world.ts';

// The e2e upload gives the file's name as the title.
const TITLE = 'Clitic doubling in Rioplatense Spanish.pdf';

test('the admin builds the day from a confirmed talk and publishes it; the public page, the PDF and the presenter see it', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const world: ReviewWorld = await startReviewWorld(playwright);
  try {
    const admin = await world.person('Edward', 'Sapir');
    const author = await world.person('Ines', 'Nunez');
    renamePerson(world, author.email, 'Inés', 'Núñez');
    await world.command('admin', 'grant', admin.email);
    await world.upload(author, TITLE);
    confirmTalk(world, TITLE);

    await test.step('the admin adds a session and places the talk in it', async () => {
      await signInAs(page, world, admin);
      await page.goto(`${world.url}/user-data/program`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Program');
      const main = page.getByRole('main');
      await expect(main.getByText('Not published yet')).toBeVisible();
      const add = main.getByRole('region', { name: 'Add a session' });
      await add.getByLabel('Title').fill('Morning talks');
      await add.getByLabel('Date').fill('2025-05-17');
      await add.getByLabel('Starts (Pacific time)').fill('09:00');
      await add.getByLabel('Ends (Pacific time)').fill('10:30');
      await add.getByLabel('Room').fill('Room 101');
      await add.getByRole('button', { name: 'Add session' }).click();
      await expect(main.getByRole('status')).toHaveText('The session “Morning talks” was added.');

      const unplaced = main.getByRole('region', { name: 'Unplaced presentations' });
      await unplaced.getByLabel(/^Place S25-\d+ in…$/).selectOption({ label: '9:00 AM – 10:30 AM · Morning talks' });
      await unplaced.getByRole('button', { name: /^Place S25-/ }).click();
      await expect(main.getByRole('status')).toContainText('was placed in “Morning talks”');
      const session = main.getByRole('article', { name: '9:00 AM – 10:30 AM · Morning talks' });
      await expect(session.getByRole('listitem')).toContainText(TITLE);
      await expect(session.getByRole('listitem')).toContainText('Inés Núñez');
      await expect(unplaced).toContainText('Every confirmed presentation is placed.');
    });

    await test.step('the admin publishes, after a question', async () => {
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await answerDialog(page, 'Publish the program', 'Publish', /^Publish the SCULC 2025 program\?/);
      await expect(page.getByRole('main').getByRole('status')).toHaveText('The SCULC 2025 program was published.');
      await expect(page.getByRole('main')).toContainText('No changes since.');
    });

    await test.step('the public Program section and the PDF show it', async () => {
      await forgetSession(page);
      await page.goto(`${world.url}/sculc-2025`);
      const program = page.getByRole('region', { name: 'Program' });
      await expect(program.getByRole('heading', { name: '9:00 AM – 10:30 AM Morning talks' })).toBeVisible();
      await expect(program).toContainText(TITLE);
      await expect(program).toContainText('Inés Núñez');
      await expect(program).toContainText('Room 101');
      await expect(program.getByRole('link', { name: `Add to calendar: ${TITLE}` })).toBeVisible();
      const href = await program.getByRole('link', { name: 'Download the program (PDF)' }).getAttribute('href');
      const pdf = await world.api.get(href ?? '/sculc-program.pdf');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      const text = pdfText(await pdf.body());
      expect(text).toContain(TITLE);
      expect(text).toContain('9:00 AM – 10:30 AM');
      expect(text).toContain('Inés Núñez');
    });

    await test.step('the presenter sees the slot on their page', async () => {
      await signInAs(page, world, author);
      await page.goto(`${world.url}/sculc/congratulations-page`);
      const slot = page.getByRole('region', { name: 'Your slot in the program' });
      await expect(slot).toContainText(TITLE);
      await expect(slot).toContainText('Morning talks');
    });
  } finally {
    await world.close();
  }
});
