/**
 * Edition settings end to end, on a server of this test's own: creating
 * and announcing SCULC 2026 makes it the current edition for the whole
 * site, which the suite's shared server must never see (every other test
 * expects 2025).
 *
 * An admin (made with the real CLI) corrects the current edition's call
 * window in Pacific time, sees the server's field error at its field,
 * saves new limits (words, file size, submissions per author), then
 * prepares the next year's edition with the guided form and announces it. E-mail
 * requests: 1, to this test's own server (its own limit).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Edition } from '../src/api/types.ts';
import { newPerson, registerVerifiedAccount, submitSignIn } from './accounts.ts';
import { repoRoot, runCommand, serverBinary, startServer, type RunningServer } from './colloquy-server.ts';
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
  test.setTimeout(60_000);
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
    await expect(form.getByRole('status')).toHaveText('The settings of SCULC 2025 were saved.');
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

  await test.step('SCULC 2026 is prepared with the guided form, then announced', async () => {
    await page.getByRole('button', { name: 'Prepare SCULC 2026' }).click();
    const next = page.getByRole('region', { name: 'Next year' });
    await expect(next.getByLabel('Year')).toBeFocused();
    // 2025's page has its day on 17 May 2025: a year on is a Sunday.
    const day = next.getByLabel('Conference day');
    await expect(day).toHaveValue('2026-05-17');
    await expect(day).toHaveAccessibleDescription('Sunday');
    await day.fill('2026-05-16');
    await expect(day).toHaveAccessibleDescription('Saturday');
    await expect(next.getByLabel('Call closes')).toHaveValue('2026-03-28T17:00');
    await next.getByRole('button', { name: 'Create SCULC 2026' }).click();
    await expect(page.getByRole('main').getByRole('status').first()).toContainText(
      'SCULC 2026 was created. It is not on the public site yet',
    );
    await expect(page.getByRole('region', { name: 'SCULC 2026 (not announced yet)' })).toBeVisible();
    // Prepared, not current: members and the site still have 2025.
    expect((await current()).year).toBe(2025);

    await page.getByRole('button', { name: 'Announce SCULC 2026 on the site' }).click();
    await answerDialog(page, 'Announce SCULC 2026', 'Announce', /^Announce SCULC 2026 on the site\?/);
    await expect(page.getByRole('main').getByRole('status').first()).toHaveText('SCULC 2026 is on the public site.');
    expect(await current()).toMatchObject({
      year: 2026,
      conference_on: '2026-05-16',
      word_limit: 450,
      max_file_bytes: 5 * 1024 * 1024,
      max_submissions_per_author: 3,
    });
    await expect(page.getByRole('region', { name: 'SCULC 2026 (current edition)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Prepare SCULC 2027' })).toBeVisible();
  });

  await test.step('both changes are in the activity log', async () => {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity Log' }).click();
    const log = page.getByRole('list', { name: 'Admin actions, newest first' });
    await expect(log.getByRole('listitem').first()).toContainText('Announced SCULC 2026 on the site');
    await expect(log).toContainText('Created SCULC 2026 from the settings of SCULC 2025 (not announced yet)');
    await expect(log).toContainText('Updated the settings of SCULC 2025');
    await expect(log).toContainText('Edward Sapir');
  });
  await api.dispose();
});
