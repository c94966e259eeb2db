/**
 * Editing the site in the browser (issue 24), as an officer who has never
 * seen the code, at desktop and phone width, on a server of the test's own
 * (publishing changes what every other test reads):
 *   1. start the 2025–2026 board term, fill in two members, one with a
 *      photo, and publish;
 *   2. move a member first with the keyboard, change the home page's
 *      description, add a carousel photo with its alt text and move it
 *      first, preview, publish;
 *   3. a visitor sees all of it;
 *   4. restore the first version, and the visitor sees the old board and
 *      home page.
 * Axe checks each screen in each state on the way (empty draft, unsaved,
 * a refused publication, the preview banner, the history).
 */
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';

import { expectNoViolations } from './axe.ts';
import { answerDialog } from './dialog.ts';
import { expect, test } from './fixtures.ts';
import { openNav } from './nav.ts';
import { signInAs, startReviewWorld } from './review-world.ts';



/** Photos the officer uploads: two of the site's own pictures, as files on their computer. */
const PORTRAIT = fileURLToPath(new URL('../public/images/home/ipa-vowels-960.webp', import.meta.url));
const PHOTO = fileURLToPath(new URL('../public/images/home/scripts-1600.webp', import.meta.url));
const NOT_A_PHOTO = fileURLToPath(new URL('../public/favicon.svg', import.meta.url));
const NEW_DESCRIPTION = 'We meet on Thursdays, and everyone is welcome.';
const NEW_ALT = 'Members at the spring phonetics workshop';

/** Uploads `file` in a photo's group and waits until the server has stored it. */
async function uploadPhoto(group: Locator, label: RegExp, file: string) {
  await group.getByLabel(label).setInputFiles(file);
  await expect(group.getByText(/is uploaded\. It is saved with the draft\./)).toBeVisible({ timeout: 30_000 });
  await expect(group.locator('img')).toHaveJSProperty('complete', true);
}

/** Waits until the form's text is saved as a draft (it saves itself a moment after each change). */
async function expectSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Saved as a draft' })).toBeVisible({ timeout: 15_000 });
}

/** The page's horizontal overflow, in pixels (0: nothing sticks out). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The home carousel's first slide shows the photo `alt`, loaded. */
async function expectFirstPhoto(page: Page, alt: string) {
  const gallery = page.getByRole('region', { name: 'Photos of the society' });
  const first = gallery.getByAltText(alt).first();
  // The carousel's placeholder is replaced (by a region of the same name)
  // once it comes near the screen: scroll until the photo is there.
  await expect(async () => {
    await gallery.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(first).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(first).toHaveJSProperty('complete', true);
  expect(await first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
}

test('an officer starts a board term, changes the home page and carousel, publishes, and restores', async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  const world = await startReviewWorld(playwright);
  try {
    const admin = await world.person('Edward', 'Sapir');
    const officer = await world.person('Mary', 'Haas');
    await world.command('admin', 'grant', admin.email);
    const adminApi = await playwright.request.newContext({
      baseURL: world.url,
      extraHTTPHeaders: { 'X-Requested-With': 'colloquy' },
    });
    expect((await adminApi.post('/api/accounts/login', { data: admin })).status()).toBe(200);
    const users = (await (await adminApi.get('/api/admin/users?q=Haas')).json()) as { users: { id: string }[] };
    const officerId = users.users[0]?.id ?? '';
    expect((await adminApi.put(`/api/admin/users/${officerId}/roles/editor`)).status()).toBe(200);

    await signInAs(page, world, officer);
    await openNav(page);
    await page.getByRole('link', { name: 'Site', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit the Site');
    await expect(page.getByText(/Visitors see everything: version 1 is live\./)).toBeVisible();
    await expectNoViolations(page, 'overview, nothing unpublished');

    await test.step('1. start the 2025–2026 term and fill in two members', async () => {
      await page.getByLabel('Term (two years)').fill('2025-2026');
      await page.getByRole('button', { name: 'Start the 2025–2026 term' }).click();
      await page.getByRole('link', { name: 'Fill in its members' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Board 2025–2026');
      const first = page.getByRole('group', { name: 'Member 1' });
      await first.getByLabel('Name', { exact: true }).fill('Ana Lingua');
      await first.getByLabel('Pronouns').fill('she/her');
      await first.getByRole('button', { name: 'Add photo' }).click();
      const portrait = first.getByRole('group', { name: 'Photo' });
      // A file that is no photo is refused, by name, and nothing changes.
      browserErrors.allow(/Failed to load resource: .*status of 422/);
      await portrait.getByLabel(/^Upload photo/).setInputFiles(NOT_A_PHOTO);
      await expect(portrait.getByText(/favicon\.svg is not a photo the site can use/)).toBeVisible();
      await expect(portrait.getByText('No photo yet.')).toBeVisible();
      await expectNoViolations(page, 'board term, a photo refused');
      await uploadPhoto(portrait, /^Upload photo/, PORTRAIT);
      await portrait.getByLabel(/^Alt text/).fill('Ana Lingua smiling');
      const second = page.getByRole('group', { name: 'Member 2' });
      await second.getByLabel('Name', { exact: true }).fill('Bo Syntax');
      await expectNoViolations(page, 'board term, being saved');
      expect(await overflow(page)).toBe(0);
      await expectSaved(page);
    });

    await test.step('a publication with empty names is refused, naming the page and the field', async () => {
      await page.getByRole('link', { name: 'All pages' }).click();
      await page.getByRole('button', { name: 'Publish everything' }).click();
      await answerDialog(page, 'Publish everything', 'Publish everything');
      const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was published' });
      await expect(refusal).toContainText('Board 2025–2026');
      await expect(refusal).toContainText('Member 3: every member needs a name');
      await expectNoViolations(page, 'overview, publication refused');
      // Only two members this year: the others go.
      await page.getByRole('link', { name: 'Board 2025–2026' }).last().click();
      // Counted once the term's form is drawn: counted on the overview still, the loop
      // would remove nobody and the publication below would be refused again.
      const members = page.getByRole('group', { name: /^Member \d+$/ });
      await expect(page.getByRole('group', { name: 'Member 3' })).toBeVisible();
      while ((await members.count()) > 2) {
        await page.getByRole('button', { name: /^Remove member 3$/ }).click();
      }
      await expect(members).toHaveCount(2);
      await expectSaved(page);
      await page.getByRole('link', { name: 'All pages' }).click();
      await page.getByRole('button', { name: 'Publish everything' }).click();
      await answerDialog(page, 'Publish everything', 'Publish everything');
      await expect(page.getByText('Published: version 2 is live. Visitors see it now.')).toBeVisible();
      // The new term is the board's; the earlier ones are folded away, as on /board.
      const earlier = page.getByRole('group').filter({ has: page.getByText(/^Earlier board terms \(\d+\)$/) });
      await expect(earlier.getByRole('link', { name: 'Board 2024–2025' })).toBeHidden();
      await page.getByText(/^Earlier board terms/).click();
      await expect(earlier.getByRole('link', { name: 'Board 2024–2025' })).toBeVisible();
      await expectNoViolations(page, 'overview, earlier terms open');
    });

    await test.step('2. move a member first by keyboard, change the home page, add a carousel photo, preview, publish', async () => {
      await page.getByRole('link', { name: 'Board 2025–2026' }).last().click();
      const moveUp = page.getByRole('button', { name: 'Move up member 2' });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      // The focus follows the member to their new place.
      await expect(page.getByRole('button', { name: 'Move down member 1' })).toBeFocused();
      await expect(page.getByRole('group', { name: 'Member 1' }).getByLabel('Name', { exact: true })).toHaveValue(
        'Bo Syntax',
      );
      await expectSaved(page);

      await page.getByRole('link', { name: 'All pages' }).click();
      await page.getByRole('link', { name: 'Home page, footer and carousel' }).click();
      const description = page.getByRole('group', { name: 'Description' });
      await description.getByLabel('Paragraph 1').fill(NEW_DESCRIPTION);
      const gallery = page.getByRole('group', { name: 'Gallery' });
      const photos = gallery.getByRole('group', { name: /^Photo \d+$/ });
      const before = await photos.count();
      await gallery.getByRole('button', { name: 'Add photo' }).click();
      const added = gallery.getByRole('group', { name: `Photo ${String(before + 1)}` });
      await expect(added.getByText('No photo yet.')).toBeVisible();
      await expectNoViolations(page, 'home page, a new photo not yet uploaded');
      await uploadPhoto(added, /^Upload photo/, PHOTO);
      await added.getByLabel(/^Alt text \(describe/).fill(NEW_ALT);
      await added.getByLabel('Caption').fill('Spring workshop');
      // Carried to the top with the mouse, one place at a time.
      for (let at = before + 1; at > 1; at -= 1) {
        await gallery.getByRole('button', { name: `Move up photo ${String(at)}` }).click();
      }
      await expect(gallery.getByRole('group', { name: 'Photo 1' }).getByLabel(/^Alt text \(describe/)).toHaveValue(NEW_ALT);
      await expectNoViolations(page, 'home page, being saved');
      expect(await overflow(page)).toBe(0);
      await expectSaved(page);

      const [preview] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('link', { name: /Preview this page/ }).click(),
      ]);
      await expect(preview.getByRole('region', { name: 'Preview' })).toContainText('Preview of the draft');
      await expect(preview.getByText(NEW_DESCRIPTION)).toBeVisible();
      await expectFirstPhoto(preview, NEW_ALT);
      await expectNoViolations(preview, 'preview banner');
      await preview.goto(`${world.url}/board?preview=draft`);
      await expect(preview.getByText('Bo Syntax')).toBeVisible();
      await expect(preview.getByAltText('Ana Lingua smiling')).toHaveJSProperty('complete', true);
      await preview.close();

      await page.getByRole('link', { name: 'All pages' }).click();
      await page.getByRole('button', { name: 'Publish everything' }).click();
      await answerDialog(page, 'Publish everything', 'Publish everything');
      await expect(page.getByText('Published: version 3 is live. Visitors see it now.')).toBeVisible();
    });

    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error('no browser');
    try {
      await test.step('3. a visitor sees the new board', async () => {
        await visitor.goto(`${world.url}/board`);
        await expect(visitor.getByText('Ana Lingua')).toBeVisible();
        await expect(visitor.getByText('Bo Syntax')).toBeVisible();
        const portrait = visitor.getByAltText('Ana Lingua smiling');
        await expect(portrait).toHaveJSProperty('complete', true);
        expect(await portrait.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        await expect(visitor.getByRole('region', { name: 'Preview' })).toHaveCount(0);
        await visitor.goto(world.url);
        await expect(visitor.getByText(NEW_DESCRIPTION)).toBeVisible();
        await expectFirstPhoto(visitor, NEW_ALT);
      });

      await test.step('4. restoring version 1 takes the new board off the site', async () => {
        await page.getByRole('link', { name: 'History' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site History');
        await expectNoViolations(page, 'history');
        await page.getByRole('button', { name: 'Restore version 1' }).click();
        await answerDialog(page, 'Restore version 1', 'Restore');
        await expect(page.getByText('Version 1 restored: version 4 is live. Visitors see it now.')).toBeVisible();
        await visitor.goto(`${world.url}/board`);
        await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Our Board');
        await expect(visitor.getByText('Ana Lingua')).toHaveCount(0);
        await visitor.goto(world.url);
        await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(visitor.getByText(NEW_DESCRIPTION)).toHaveCount(0);
        await expect(visitor.getByAltText(NEW_ALT)).toHaveCount(0);
      });
    } finally {
      await visitor.close();
    }
  } finally {
    await world.close();
  }
});

/**
 * Issue 39, as a new president who has never seen the code: the home page
 * saves itself while they type; leaving by "All pages" mid-edit loses
 * nothing, and coming back shows the draft; a photo without its
 * description is named at once, next to its field, and the summary leads
 * there; "Publish this page" publishes the home page alone while the new
 * board term stays a draft.
 */
test('the president edits the home page, comes back to the draft, fixes a missing alt text and publishes that page alone', async ({
  page,
  playwright,
}) => {
  test.setTimeout(150_000);
  const world = await startReviewWorld(playwright);
  try {
    const president = await world.person('Noam', 'Chomsky');
    await world.command('admin', 'grant', president.email);
    await signInAs(page, world, president);
    await page.goto(`${world.url}/site`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit the Site');

    await test.step('the next term starts empty, as a draft', async () => {
      await page.getByLabel('Term (two years)').fill('2025-2026');
      await page.getByRole('radio', { name: /^Start empty/ }).check();
      await expectNoViolations(page, 'overview, starting a term');
      await page.getByRole('button', { name: 'Start the 2025–2026 term' }).click();
      await page.getByRole('link', { name: 'Fill in its members' }).click();
      await expect(page.getByRole('group', { name: /^Member \d+$/ })).toHaveCount(1);
      await page.getByRole('link', { name: 'All pages' }).click();
    });

    await test.step('leaving mid-edit by "All pages" keeps the text, and it is there on coming back', async () => {
      await page.getByRole('link', { name: 'Home page, footer and carousel' }).click();
      await page.getByRole('group', { name: 'Description' }).getByLabel('Paragraph 1').fill(NEW_DESCRIPTION);
      // At once, before the page has saved by itself.
      await page.getByRole('link', { name: 'All pages' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit the Site');
      const home = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Home page, footer and carousel' }) });
      await expect(home).toContainText('Unpublished changes');
      await home.getByRole('link').click();
      await expect(page.getByRole('group', { name: 'Description' }).getByLabel('Paragraph 1')).toHaveValue(NEW_DESCRIPTION);
    });

    await test.step('a photo without its description is named next to its field, and the summary leads there', async () => {
      const gallery = page.getByRole('group', { name: 'Gallery' });
      const before = await gallery.getByRole('group', { name: /^Photo \d+$/ }).count();
      await gallery.getByRole('button', { name: 'Add photo' }).click();
      const added = gallery.getByRole('group', { name: `Photo ${String(before + 1)}` });
      await uploadPhoto(added, /^Upload photo/, PHOTO);
      await expectSaved(page);
      const problem = `Photo ${String(before + 1)}: describe the picture for people who cannot see it`;
      const summary = page.getByRole('region', { name: '1 problem to fix before publishing' });
      await expect(summary.getByRole('link', { name: problem })).toBeVisible();
      const alt = added.getByLabel(/^Alt text \(describe/);
      await expect(alt).toHaveAccessibleDescription(new RegExp(problem.replace(/[()]/g, '\\$&')));
      await expectNoViolations(page, 'home page, a problem shown by its field');
      expect(await overflow(page)).toBe(0);
      await summary.getByRole('link', { name: problem }).click();
      await expect(alt).toBeFocused();
      await alt.fill(NEW_ALT);
      await expectSaved(page);
      await expect(summary).toHaveCount(0);
    });

    await test.step('"Publish this page" publishes the home page alone; the board stays a draft', async () => {
      await page.getByRole('button', { name: 'Publish this page' }).click();
      await expect(page.getByText('This page is published: version 2 is live. Visitors see it now.')).toBeVisible();
      await expect(page.getByText(`Carousel: photo added (${NEW_ALT})`)).toBeVisible();
      await expectNoViolations(page, 'home page, published alone');
      await page.getByRole('link', { name: 'All pages' }).click();
      const board = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Board 2025–2026' }) });
      await expect(board).toContainText('New, not published yet');
      await expect(page.getByText('1 page has unpublished changes.')).toBeVisible();
      await page.getByRole('link', { name: 'History', exact: true }).click();
      await expect(page.getByText('As installed', { exact: false })).toBeVisible();
      await expect(page.getByText('Home: description changed')).toBeVisible();
      await expectNoViolations(page, 'history in words');
    });
  } finally {
    await world.close();
  }
});
