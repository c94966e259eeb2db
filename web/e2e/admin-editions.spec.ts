/**
 * Edition settings end to end, on a server of this test's own: creating
 * and announcing SCULC 2026 makes it the current edition for the whole
 * site, which the suite's shared server must never see (every other test
 * expects 2025).
 *
 * An admin (made with the real CLI) corrects the current edition's call
 * window in Pacific time, sees the server's field error at its field,
 * saves new limits (words, file size, submissions per author), then
 * prepares the next edition from today's date with the guided form,
 * announces it, opens its registration from the edition's card (prefilled)
 * and moves it to another place, and reads 2025's settings with the
 * picker; axe at 1280 and 375 px. E-mail
 * requests: 1, to this test's own server (its own limit).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Edition } from '../src/api/types.ts';
import { newPerson, registerVerifiedAccount, submitSignIn } from './accounts.ts';
import { repoRoot, runCommand, serverBinary, startServer, type RunningServer } from './colloquy-server.ts';
import { expectNoViolations } from './axe.ts';
import { answerDialog } from './dialog.ts';
import { Outbox } from './emails.ts';
import { expect, test } from './fixtures.ts';


/** The binary global-setup.ts started, found the same way. */

let dataDir: string;
let own: RunningServer;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'colloquy-e2e-editions-'));
  own = await startServer({ binary: serverBinary(), cwd: repoRoot, dataDir });
});

test.afterAll(async () => {
  try {
    await own.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('an admin edits the current edition in Pacific time and creates the next one', { tag: '@desktop' }, async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: own.url });
  const organiser = newPerson('Edward', 'Sapir');
  await registerVerifiedAccount(api, new Outbox(join(dataDir, 'outbox')), organiser);
  await runCommand({ binary: serverBinary(), cwd: repoRoot, dataDir, args: ['admin', 'grant', organiser.email] });
  const current = async (): Promise<Edition> => {
    const response = await api.get('/api/editions/current');
    expect(response.status()).toBe(200);
    return (await response.json()) as Edition;
  };

  await page.goto(`${own.url}/login`);
  await submitSignIn(page, organiser.email, organiser.password);
  await expect(page).toHaveURL(`${own.url}/sculc`);
  await page.goto(`${own.url}/user-data/editions`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edition Settings');
  const form = page.getByRole('region', { name: 'SCULC 2025 (current edition)' });
  const opens = form.getByLabel('Call opens');
  const closes = form.getByLabel('Call closes');

  await test.step('the seeded deadline reads in Pacific time', async () => {
    // 2025-03-22T06:59:00Z is March 21, 11:59 PM PDT.
    await expect(closes).toHaveValue('2025-03-21T23:59');
    await expect(form.getByLabel('Maximum file size (MiB)')).toHaveValue('10');
  });

  await test.step('a call that opens after it closes is refused at its field', async () => {
    browserErrors.allow(/Failed to load resource: .*status of 422/);
    await opens.fill('2025-04-01T09:00');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(closes).toHaveAttribute('aria-invalid', 'true');
    await expect(closes).toHaveAccessibleDescription(
      /The call's close \(21 Mar 2025\) must come after the call's opening \(1 Apr 2025\)\./,
    );
    expect((await current()).call_opens_at ?? null).toBeNull();
  });

  await test.step('new window and limits are saved, in UTC and bytes', async () => {
    await opens.fill('2025-01-15T00:00');
    await closes.fill('2025-03-28T17:00');
    await form.getByLabel('Word limit').fill('450');
    await form.getByLabel('Maximum file size (MiB)').fill('5');
    await expect(form.getByLabel('Submissions per author')).toHaveValue('5');
    await form.getByLabel('Submissions per author').fill('3');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'The settings of' })).toHaveText('The settings of SCULC 2025 were saved.');
    await expect(closes).not.toHaveAttribute('aria-invalid');
    expect(await current()).toMatchObject({
      year: 2025,
      call_opens_at: '2025-01-15T08:00:00Z',
      call_closes_at: '2025-03-29T00:00:00Z',
      word_limit: 450,
      max_file_bytes: 5 * 1024 * 1024,
      max_submissions_per_author: 3,
    });
  });

  let year = 0;
  await test.step('the next edition is proposed from today, on 2025\'s weekdays, created and announced', async () => {
    await page.getByRole('button', { name: 'Prepare the next edition' }).click();
    const next = page.getByRole('region', { name: 'Next year' });
    await expect(next.getByLabel('Year')).toBeFocused();
    year = Number(await next.getByLabel('Year').inputValue());
    // The first edition whose call is still ahead: its close has not passed.
    const closes = await next.getByLabel('Call closes').inputValue();
    expect(Date.parse(`${closes}:00-07:00`)).toBeGreaterThan(Date.now());
    await expect(next.getByLabel('Call closes')).not.toHaveAccessibleDescription(/passed/);
    // 2025's day, Saturday 17 May, stays a Saturday; nothing is flagged as past.
    await expect(next.getByLabel('Conference day')).toHaveAccessibleDescription('Saturday');
    await expect(next.getByLabel('Call closes')).toHaveValue(/T17:00$/);
    await expectNoViolations(page, 'the guided form');
    await next.getByRole('button', { name: `Create SCULC ${String(year)}` }).click();
    await expect(page.getByRole('main').getByRole('status').first()).toContainText(
      `SCULC ${String(year)} was created. It is not on the public site yet`,
    );
    await expect(page.getByRole('region', { name: `SCULC ${String(year)} (not announced yet)` })).toBeVisible();
    expect((await current()).year).toBe(2025);

    await page.getByRole('button', { name: `Announce SCULC ${String(year)} on the site` }).click();
    await answerDialog(page, `Announce SCULC ${String(year)}`, 'Announce', /^Announce SCULC \d+ on the site\?/);
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
      `SCULC ${String(year)} is on the public site.`,
    );
    expect(await current()).toMatchObject({ year, word_limit: 450, max_file_bytes: 5 * 1024 * 1024 });
    await expect(page.getByRole('region', { name: `SCULC ${String(year)} (current edition)` })).toBeVisible();
  });

  await test.step('registration opens from the edition, prefilled, and its place changes', async () => {
    const card = page.getByRole('region', { name: `SCULC ${String(year)} (current edition)` });
    await card.getByRole('button', { name: `Open registration for SCULC ${String(year)}` }).click();
    await expect(card.getByLabel('Event')).toHaveValue(`SCULC ${String(year)}`);
    await expect(card.getByLabel('Address')).toHaveValue(`sculc-${String(year)}`);
    await expect(card.getByLabel('Starts')).toHaveValue(/T09:00$/);
    await expect(card.getByLabel('Place (optional)')).toHaveValue('Campus Learning Pavilion');
    await card.getByLabel('Places in person').fill('100');
    await card.getByRole('button', { name: 'Open Registration' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Registration for' })).toHaveText(`Registration for SCULC ${String(year)} is open.`);
    // Nobody signs this new edition's certificates yet: the chair is asked, with the way to the form.
    const asked = card.getByRole('status').filter({ hasText: 'Who signs' });
    await expect(asked).toContainText(`Who signs the certificates of SCULC ${String(year)}?`);
    await expectNoViolations(page, 'the chair asked for a signatory');
    await asked.getByRole('link', { name: 'name the signatory or choose no signature' }).click();
    await expect(card.getByRole('heading', { name: 'Certificates’ signatory' })).toBeInViewport();
    await card.getByRole('link', { name: /change its name, date, place or window/ }).click();
    const details = page.getByRole('form', { name: 'Name, date and place' });
    await details.getByLabel('Place').fill('Main Library, Room 101');
    await details.getByRole('button', { name: 'Save the details' }).click();
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText(
      `The details of SCULC ${String(year)} were saved.`,
    );
    await expectNoViolations(page, 'an event\'s details');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoViolations(page, 'an event\'s details at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('2025\'s settings, signatory included, are read with the picker', async () => {
    await page.goto(`${own.url}/user-data/editions`);
    await page.getByRole('combobox', { name: 'Edition' }).selectOption({ label: 'SCULC 2025' });
    const earlier = page.getByRole('region', { name: 'SCULC 2025 (an earlier edition)' });
    await expect(earlier.getByLabel('Word limit')).toHaveValue('450');
    await expect(earlier.getByLabel("Signatory's name")).toBeVisible();
    await expect(page).toHaveURL(/\?edition=2025$/);
    await expectNoViolations(page, 'an earlier edition');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoViolations(page, 'an earlier edition at 375 px');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('both changes are in the activity log', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity Log' }).click();
    const log = page.getByRole('list', { name: 'Admin actions, newest first' });
    await expect(log).toContainText(`Announced SCULC ${String(year)} on the site`);
    await expect(log).toContainText(`Created SCULC ${String(year)} from the settings of SCULC 2025 (not announced yet)`);
    await expect(log).toContainText('Changed the name, date, place or window of');
    await expect(log).toContainText('Updated the settings of SCULC 2025');
    await expect(log).toContainText('Edward Sapir');
  });
  await api.dispose();
});
