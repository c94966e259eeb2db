/**
 * The desk a volunteer cannot get wrong (issue 39 item 8), on a server of
 * the test's own: the volunteer finds "Lucía Fernández-Øberg" by typing
 * "lucia fernandez", sees a member on the waiting list in red with the
 * reason, and checks three people in one after the other with the
 * keyboard alone: after each check-in the search is empty and has the
 * focus, and the result is in the live region screen readers announce. The
 * camera's notice can be hidden. Axe at 375 and 1280 px in each new state.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { newPerson, registerVerifiedAccount, type Person } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { uniqueEmail } from './emails.ts';
import { expect, test } from './fixtures.ts';
import { ok, sessionOf, signInAs, startReviewWorld } from './review-world.ts';

const SLUG = 'sculc-2025';

/** Axe at the phone's width and a desktop's; at neither does the page scroll sideways. */
async function axeAtBothWidths(page: Page, state: string) {
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const [width, height] of [
    [375, 667],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoViolations(page, `${state} at ${String(width)} px`);
    expect(await fits(), `${state} fits ${String(width)} px`).toBe(true);
  }
  await page.setViewportSize({ width: 375, height: 667 });
}

test('@phone a volunteer finds “lucia fernandez”, sees a waiting member in red, and checks three in without touching the search box', async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  // Chromium without a camera refuses it: the notice says so.
  browserErrors.allow(/getUserMedia|NotFoundError|NotAllowedError|Requested device not found/);
  const world = await startReviewWorld(playwright);
  const sessions: APIRequestContext[] = [];
  try {
    const admin = await world.person('Edward', 'Sapir');
    const volunteer = await world.person('Noam', 'Chomsky');
    // Her address is plain ASCII; her name is not.
    const lucia: Person = { ...newPerson('Lucia', 'F'), firstName: 'Lucía', lastName: 'Fernández-Øberg', email: uniqueEmail('lf') };
    await registerVerifiedAccount(world.api, world.outbox, lucia);
    const ken = await world.person('Ken', 'Hale');
    const mary = await world.person('Mary', 'Haas');
    const leonard = await world.person('Leonard', 'Bloomfield');
    await world.command('admin', 'grant', admin.email);
    const adminApi = await sessionOf(playwright, world, admin);
    sessions.push(adminApi);

    await test.step('three places, taken; a fourth member waits; the volunteer gets the role', async () => {
      const startsSoon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await ok(await adminApi.post('/api/admin/events', { data: { slug: SLUG, title: 'SCULC 2025', starts_at: startsSoon, capacity: 3 } }));
      for (const person of [lucia, ken, mary, leonard]) {
        const member = await sessionOf(playwright, world, person);
        sessions.push(member);
        await ok(await member.post(`/api/events/${SLUG}/registration`, { data: { mode: 'in_person', lunch: true, dietary: '', access: '' } }));
      }
      const volunteerApi = await sessionOf(playwright, world, volunteer);
      sessions.push(volunteerApi);
      const me = (await (await ok(await volunteerApi.get('/api/session'))).json()) as { user: { id: string } };
      await ok(await adminApi.put(`/api/admin/users/${me.user.id}/roles/check_in`));
    });

    await signInAs(page, world, volunteer);
    await page.goto(`${world.url}/check-in/${SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check-in: SCULC 2025');
    const box = page.getByRole('searchbox', { name: 'Name or e-mail address' });
    const live = page.locator('.check-in-result-region');
    await expect(live).toHaveAttribute('role', 'status');
    await expect(live).toHaveAttribute('aria-live', 'polite');

    await test.step('the camera notice is hidden with one press, and the desk works by name', async () => {
      await page.getByRole('button', { name: 'Start the camera' }).click();
      const notice = page.getByRole('region', { name: 'Scan a ticket' }).getByRole('alert');
      await expect(notice).toBeVisible();
      await page.getByRole('button', { name: 'Hide this notice' }).click();
      await expect(notice).toHaveCount(0);
    });

    await test.step('the waiting member shows in red, with the reason, and no button', async () => {
      await box.fill('bloomfield');
      await box.press('Enter');
      const person = page.locator('.check-in-person', { hasText: 'Leonard Bloomfield' });
      await expect(person).toContainText('Not registered: on the waiting list.');
      await expect(person).toHaveCSS('background-color', 'rgb(253, 226, 226)');
      await expect(page.getByRole('button', { name: 'Check in Leonard Bloomfield' })).toHaveCount(0);
      await axeAtBothWidths(page, 'a waiting member in red');
    });

    await test.step('“lucia fernandez” finds Lucía Fernández-Øberg, and the next two follow by keyboard alone', async () => {
      await box.fill('lucia fernandez');
      await box.press('Enter');
      await page.getByRole('button', { name: 'Check in Lucía Fernández-Øberg' }).click();
      await expect(live).toContainText('Checked in');
      await expect(live).toContainText('Lucía Fernández-Øberg');
      for (const [typed, name] of [
        ['hale', 'Ken Hale'],
        ['HAAS', 'Mary Haas'],
      ] as const) {
        // Ready for the next person: empty, and where the keys go.
        await expect(box).toHaveValue('');
        await expect(box).toBeFocused();
        await page.keyboard.type(typed);
        await page.keyboard.press('Enter');
        await page.getByRole('button', { name: `Check in ${name}` }).click();
        await expect(live).toContainText(name);
      }
      await expect(box).toBeFocused();
      const counted = page.locator('.check-in-count').filter({ has: page.locator('dt', { hasText: /^Checked in$/ }) });
      await expect(counted.locator('dd')).toHaveText('3');
      await axeAtBothWidths(page, 'three checked in, the search ready for the next');
    });
  } finally {
    for (const session of sessions) await session.dispose();
    await world.close();
  }
});
