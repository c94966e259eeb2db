/**
 * Committee review end to end (issue 14), at desktop and phone widths, on a
 * server of the test's own (review-world.ts): an admin makes two reviewers
 * with the Reviewer box in the user table, assigns automatically (preview,
 * then confirm), both reviewers score and submit through the form (a draft
 * autosaves first, Save & next moves on), the admin sorts the overview by
 * mean and decides by threshold with the comments for the authors, and the
 * accepted author's status button leads to the congratulations page.
 * E-mail requests: 5 per project, each to its own server.
 */
import type { Page } from '@playwright/test';

import type { Person } from './accounts.ts';
import { answerDialog } from './dialog.ts';
import { expect, test } from './fixtures.ts';
import { openNav } from './nav.ts';
import { signInAs, startReviewWorld, type ReviewWorld } from './review-world.ts';

function main(page: Page) {
  return page.getByRole('main');
}

/** Fills the review form on the page: one score for every criterion, a recommendation and a comment. */
async function score(page: Page, scores: [string, string][], recommendation: string, comment: string) {
  for (const [criterion, value] of scores) {
    await main(page).getByRole('group', { name: criterion }).getByRole('radio', { name: value, exact: true }).check();
  }
  await main(page)
    .getByRole('group', { name: 'Recommendation' })
    .getByRole('radio', { name: recommendation, exact: true })
    .check();
  await main(page).getByLabel('Comment for the author').fill(comment);
}

/** The overview's rows' codes, top to bottom. */
async function codesInOverview(page: Page): Promise<string[]> {
  const table = main(page).getByRole('table', { name: /^Submissions of SCULC 2025/ });
  return table.locator('tbody th[scope="row"] a').evaluateAll((links) =>
    links.map((link) => link.textContent.replace(' reviews', '').trim()),
  );
}

test('two reviewers score, the admin sorts by mean and decides by threshold; the accepted author is congratulated', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const world: ReviewWorld = await startReviewWorld(playwright);
  try {
    const organiser = await world.person('Edward', 'Sapir');
    const sapir = await world.person('Mary', 'Haas');
    const hale = await world.person('Ken', 'Hale');
    const ada = await world.person('Ada', 'Lovelace');
    const noam = await world.person('Noam', 'Chomsky');
    await world.command('admin', 'grant', organiser.email);
    // In this order: S25-001 is Ada's, S25-002 Noam's.
    await world.upload(ada, 'Vowel harmony.pdf');
    await world.upload(noam, 'Clitic doubling.pdf');

    await test.step('the admin makes two reviewers with the Reviewer box beside Admin', async () => {
      await signInAs(page, world, organiser);
      await (await openNav(page)).getByRole('link', { name: 'User Data', exact: true }).click();
      for (const reviewer of [sapir, hale]) {
        const name = `${reviewer.firstName} ${reviewer.lastName}`;
        const box = main(page).getByRole('checkbox', { name: `Reviewer: ${name}` });
        // The box shows the server's state: it ticks once the server has said yes.
        await box.click();
        await expect(main(page).getByRole('status').filter({ hasText: 'is now a reviewer' })).toHaveText(
          `${name} is now a reviewer.`,
        );
        await expect(box).toBeChecked();
      }
    });

    await test.step('the admin assigns automatically: a preview, then confirm; each reviewer is e-mailed once', async () => {
      await main(page).getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews');
      const panel = main(page).getByRole('region', { name: 'Assign automatically' });
      await panel.getByRole('button', { name: 'Preview assignments' }).click();
      await expect(panel.getByRole('heading', { name: '4 new assignments' })).toBeFocused();
      await expect(panel.getByRole('row')).toHaveCount(5);
      await panel.getByRole('button', { name: 'Confirm 4 assignments' }).click();
      await expect(panel.getByRole('status')).toHaveText('4 assignments were saved. The reviewers were e-mailed.');
      // Nothing is left to assign.
      await panel.getByRole('button', { name: 'Preview assignments' }).click();
      await expect(panel.getByRole('heading', { name: 'Nothing to assign' })).toBeVisible();
      for (const reviewer of [sapir, hale]) {
        const email = await world.outbox.waitForEmail(reviewer.email, { count: 2 });
        expect(email.body).toContain('S25-001');
        expect(email.body).toContain('S25-002');
        expect(email.body).toContain('/review');
      }
    });

    const review = async (reviewer: Person, first: [string, string][], second: [string, string][]) => {
      await signInAs(page, world, reviewer);
      await (await openNav(page)).getByRole('link', { name: 'Review', exact: true }).click();
      await expect(page).toHaveURL(`${world.url}/review`);
      await expect(main(page).getByText('0 of 2 reviewed')).toBeVisible();
      // Blind: no author's name anywhere on the reviewer's page.
      await expect(main(page)).not.toContainText('Lovelace');
      await main(page).getByRole('link', { name: 'S25-001 Vowel harmony.pdf' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review S25-001');
      await expect(main(page).getByRole('link', { name: 'Download S25-001.pdf' })).toBeVisible();

      // A draft saves by itself once typing pauses. The pause alone is 1.2 s
      // (AUTOSAVE_DELAY_MS), so the save gets the usual 5 s after it.
      await main(page).getByRole('group', { name: 'Relevance' }).getByRole('radio', { name: first[0]?.[1] ?? '' }).check();
      await expect(main(page).getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 6_200 });

      // Submitting an incomplete review names what is missing and sends focus there.
      await main(page).getByRole('button', { name: 'Submit review' }).click();
      await expect(main(page).getByRole('group', { name: 'Originality' }).getByRole('radio', { name: '1', exact: true })).toBeFocused();

      await score(page, first.slice(0, 3), first[3]?.[1] ?? '', `Comment on S25-001 by ${reviewer.lastName}.`);
      await main(page).getByRole('button', { name: 'Submit review' }).click();
      await expect(main(page).getByText('Your review of S25-001 was submitted. You can edit it until the deadline.')).toBeVisible();

      await main(page).getByRole('button', { name: 'Save & next' }).click();
      await expect(page).toHaveURL(`${world.url}/review/S25-002`);
      await expect(main(page).getByText('Clitic doubling.pdf')).toBeVisible();
      await score(page, second.slice(0, 3), second[3]?.[1] ?? '', `Comment on S25-002 by ${reviewer.lastName}.`);
      await main(page).getByRole('button', { name: 'Submit review' }).click();
      await expect(main(page).getByText('Your review of S25-002 was submitted. You can edit it until the deadline.')).toBeVisible();

      await (await openNav(page)).getByRole('link', { name: 'Review', exact: true }).click();
      await expect(main(page).getByText('2 of 2 reviewed')).toBeVisible();
    };

    await test.step('the first reviewer scores both and submits', async () => {
      await review(
        sapir,
        [['Relevance', '5'], ['Originality', '4'], ['Clarity', '5'], ['', 'Accept']],
        [['Relevance', '2'], ['Originality', '2'], ['Clarity', '3'], ['', 'Weak reject']],
      );
    });

    await test.step('the second reviewer scores both and submits', async () => {
      await review(
        hale,
        [['Relevance', '4'], ['Originality', '4'], ['Clarity', '4'], ['', 'Weak accept']],
        [['Relevance', '1'], ['Originality', '2'], ['Clarity', '2'], ['', 'Reject']],
      );
    });

    await test.step('the admin sorts the overview by mean, highest first', async () => {
      await signInAs(page, world, organiser);
      await page.goto(`${world.url}/user-data/reviews`);
      const table = main(page).getByRole('table', { name: /^Submissions of SCULC 2025/ });
      await expect(table.getByRole('row').filter({ hasText: 'S25-001' })).toContainText('2 of 2');
      await expect(table.getByRole('row').filter({ hasText: 'S25-001' })).toContainText('4.33');
      await expect(table.getByRole('row').filter({ hasText: 'S25-002' })).toContainText('2.00');
      const mean = table.getByRole('button', { name: /^Mean/ });
      await mean.click();
      await expect(table.getByRole('columnheader', { name: /^Mean/ })).toHaveAttribute('aria-sort', 'ascending');
      await expect.poll(() => codesInOverview(page)).toEqual(['S25-002', 'S25-001']);
      // The keyboard sorts too.
      await mean.focus();
      await page.keyboard.press('Enter');
      await expect(table.getByRole('columnheader', { name: /^Mean/ })).toHaveAttribute('aria-sort', 'descending');
      await expect.poll(() => codesInOverview(page)).toEqual(['S25-001', 'S25-002']);
    });

    await test.step('the admin decides by threshold, with the reviewers’ comments for the authors', async () => {
      const panel = main(page).getByRole('region', { name: 'Decide by threshold' });
      await panel.getByLabel('Cut-off (mean score)').fill('3');
      await panel.getByRole('button', { name: 'Preview decisions' }).click();
      await expect(panel.getByRole('list', { name: 'Accepted (1)' })).toContainText('S25-001 Vowel harmony.pdf');
      await expect(panel.getByRole('list', { name: 'Rejected (1)' })).toContainText('S25-002 Clitic doubling.pdf');
      await panel.getByRole('checkbox', { name: 'Send the reviewers’ comments for the author' }).check();
      await panel.getByRole('button', { name: 'Confirm decisions' }).click();
      await answerDialog(page, 'Decide by threshold', 'Send the decisions', /^Accept 1 and reject 1 submissions\?/);
      await expect(panel.getByRole('status')).toHaveText('1 accepted and 1 rejected. The authors were e-mailed.');
      const table = main(page).getByRole('table', { name: /^Submissions of SCULC 2025/ });
      await expect(table.getByRole('row').filter({ hasText: 'S25-001' })).toContainText('Accepted');
      await expect(table.getByRole('row').filter({ hasText: 'S25-002' })).toContainText('Rejected');

      const accepted = await world.outbox.waitForEmail(ada.email, { count: 2 });
      expect(accepted.subject).toBe('Your abstract for SCULC 2025 has been accepted');
      expect(accepted.body).toContain('Comment on S25-001 by Haas.');
      const rejected = await world.outbox.waitForEmail(noam.email, { count: 2 });
      expect(rejected.body).toContain('Comment on S25-002 by Hale.');
    });

    await test.step('the accepted author’s status button leads to the congratulations page', async () => {
      await signInAs(page, world, ada);
      await page.goto(`${world.url}/sculc-2025`);
      await main(page).getByRole('link', { name: 'View Submission Status', exact: true }).click();
      await expect(page).toHaveURL(`${world.url}/sculc/congratulations-page`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Congratulations!');
    });
  } finally {
    // The page first: its queries still in flight when the server stops
    // would log "connection refused" and fail the browser-errors check.
    await page.close();
    await world.close();
  }
});
