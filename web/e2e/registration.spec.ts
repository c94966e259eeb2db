/**
 * Registration on the member's home (issue 26), on a server of the test's
 * own: one in-person place; the first member takes it, the second waits;
 * the first cancels, after a question, and the place is offered to the
 * second, who takes it. Axe runs on each state of the card.
 */
import type { Page } from '@playwright/test';

import { expectNoViolations } from './axe.ts';
import { answerDialog } from './dialog.ts';
import { expect, test } from './fixtures.ts';
import { signInAs, startReviewWorld, type ReviewWorld } from './review-world.ts';

async function openRegistration(page: Page, world: ReviewWorld) {
  const starts = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
  const response = await page.request.post(`${world.url}/api/admin/events`, {
    data: { slug: 'sculc-2025', title: 'SCULC 2025', starts_at: starts, capacity: 1 },
    headers: { 'X-Requested-With': 'colloquy' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('members register on their home, wait for a place, and take one offered when another cancels', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const world = await startReviewWorld(playwright);
  const card = page.getByRole('main').getByRole('region', { name: 'Registration' });
  try {
    const admin = await world.person('Edward', 'Sapir');
    const first = await world.person('Ada', 'Lovelace');
    const second = await world.person('Grace', 'Hopper');
    await world.command('admin', 'grant', admin.email);
    await signInAs(page, world, admin);
    await openRegistration(page, world);

    await test.step('the first member registers in person, with lunch', async () => {
      await signInAs(page, world, first);
      await expect(card).toContainText('1 of 1 in-person places left.');
      await expectNoViolations(page, 'the registration form');
      await card.getByLabel('I would like lunch').check();
      await card.getByLabel('Dietary needs (optional)').fill('Vegetarian');
      await card.getByRole('button', { name: 'Register' }).click();
      await expect(card).toContainText('You are registered for SCULC 2025: in person, with lunch.');
      await expectNoViolations(page, 'registered');
    });

    await test.step('the second joins the waiting list', async () => {
      await signInAs(page, world, second);
      await expect(card).toContainText('All 1 in-person places are taken');
      await card.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(card).toContainText('You are number 1 on the waiting list');
      await expectNoViolations(page, 'on the waiting list');
    });

    await test.step('the first cancels, after a question', async () => {
      await signInAs(page, world, first);
      await card.getByRole('button', { name: 'Cancel my registration' }).click();
      await answerDialog(page, 'Cancel your registration', 'Cancel your registration', /Your place goes to the next person waiting\.$/);
      // Their place is held for the one who waited: the form offers the list.
      await expect(card.getByRole('button', { name: 'Join the waiting list' })).toBeVisible();
    });

    await test.step('the place is offered to the second, by e-mail and on the home, who takes it', async () => {
      // Their second e-mail, after the verification.
      const offer = await world.outbox.waitForEmail(second.email, { count: 2 });
      expect(offer.subject).toBe('A place at SCULC 2025 is yours if you want it');
      expect(offer.body).toContain('Dear Grace,');
      await signInAs(page, world, second);
      await expect(card).toContainText('A place has come free for you. Take it by');
      await expect(page.getByRole('main').getByRole('region', { name: 'SCULC 2025' })).toContainText(
        'Your next deadline: Take the place offered to you by',
      );
      await expectNoViolations(page, 'a place offered');
      await card.getByRole('button', { name: 'Take the place' }).click();
      await expect(card).toContainText('You are registered for SCULC 2025: in person.');
    });
  } finally {
    await world.close();
  }
});
