/**
 * Opening the next edition is data, not code. On a server of this test's
 * own (the shared one must stay on 2025), the operator opens SCULC 2026's
 * call with the real CLI, and the frame follows with no new build: the
 * banner announces 2026's call, the SCULC dropdown lists 2026 first, the
 * /sculc page points to it, and an author who submits to 2026 finds the
 * 'View Submission Status' button on 2026's page (and no longer on 2025's).
 * E-mail requests: 1, to this test's own server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { CSRF_HEADERS, newPerson, registerVerifiedAccount, submitSignIn } from './accounts.ts';
import { repoRoot, runCommand, serverBinary, startServer, type RunningServer } from './colloquy-server.ts';
import { Outbox } from './emails.ts';
import { expect, test } from './fixtures.ts';
import { abstractPdf } from './pdfs.ts';


/** The binary global-setup.ts started, found the same way. */

let dataDir: string;
let own: RunningServer;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'colloquy-e2e-current-edition-'));
  own = await startServer({ binary: serverBinary(), cwd: repoRoot, dataDir });
});

test.afterAll(async () => {
  try {
    await own.stop();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

function banner(page: Page) {
  return page.getByRole('complementary', { name: 'Conference news' });
}

async function dropdownLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const button = nav.getByRole('button', { name: 'SCULC', exact: true });
  await button.click();
  const list = page.locator(`[id="${(await button.getAttribute('aria-controls')) ?? ''}"]`);
  await expect(list).toBeVisible();
  const labels = await list.getByRole('link').allTextContents();
  await page.keyboard.press('Escape');
  return labels;
}

test('opening SCULC 2026 from the command line moves the banner, the dropdown and the status button', {
  tag: '@desktop',
}, async ({ page, playwright }) => {
  test.setTimeout(90_000);

  await test.step('before: 2025’s dropdown, and no banner long after its day', async () => {
    await page.goto(`${own.url}/`);
    expect(await dropdownLabels(page)).toEqual(['SCULC 2025', 'SCULC 2024', 'SCULC 2023', 'SCULC 2022']);
    await expect(banner(page)).toHaveCount(0);
  });

  const day = 24 * 60 * 60 * 1000;
  const from = new Date(Date.now() - day).toISOString();
  const until = new Date(Date.now() + 30 * day).toISOString();
  await runCommand({
    binary: serverBinary(),
    cwd: repoRoot,
    dataDir,
    args: ['edition', 'call', '2026', '--from', from, '--until', until],
  });

  await test.step('after: the banner and the dropdown follow, with no new build', async () => {
    await page.goto(`${own.url}/`);
    await expect(banner(page)).toHaveText(/^The call for abstracts for SCULC 2026 is open until \w+ \d+, \d{4}, /);
    await expect(banner(page).getByRole('link', { name: 'See the conference page' })).toHaveAttribute(
      'href',
      '/sculc-2026',
    );
    expect(await dropdownLabels(page)).toEqual([
      'SCULC 2026',
      'SCULC 2025',
      'SCULC 2024',
      'SCULC 2023',
      'SCULC 2022',
    ]);
    await page.goto(`${own.url}/sculc`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to SCULC 2026' })).toHaveAttribute(
      'href',
      '/sculc-2026',
    );
  });

  await test.step('an author of 2026 finds the status button on 2026’s page', async () => {
    const author = newPerson('Mary', 'Haas');
    const api = await playwright.request.newContext({ baseURL: own.url });
    await registerVerifiedAccount(api, new Outbox(join(dataDir, 'outbox')), author);
    await page.goto(`${own.url}/login`);
    await submitSignIn(page, author.email, author.password);
    await expect(page).toHaveURL(`${own.url}/sculc`);

    await page.goto(`${own.url}/sculc-2026`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SCULC 2026');
    await expect(page.getByRole('link', { name: 'View Submission Status' })).toHaveCount(0);
    const uploaded = await page.request.post(`${own.url}/api/submissions`, {
      headers: CSRF_HEADERS,
      multipart: { title: 'Tone sandhi', file: { name: 'abstract.pdf', mimeType: 'application/pdf', buffer: await abstractPdf() } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    await page.goto(`${own.url}/sculc-2025`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SCULC 2025');
    await expect(page.getByRole('link', { name: 'View Submission Status' })).toHaveCount(0);
    await page.goto(`${own.url}/sculc-2026`);
    await page.getByRole('link', { name: 'View Submission Status' }).click();
    await expect(page).toHaveURL(`${own.url}/sculc/view-submission`);
  });
});
