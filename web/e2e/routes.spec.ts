/**
 * Every route of the spec loads directly by URL from the real server
 * (history fallback), with its title and the site's frame around it; a
 * protected route sends a visitor to /login with its reason instead, and
 * shows itself once signed in.
 *
 * E-mail requests (see accounts.ts): 1 per project, 2 in all.
 */
import type { Page } from '@playwright/test';

import { protectedRoutes } from '../src/config/protected-routes.ts';
import {
  archiveNavigation,
  documentTitle,
  NOT_AUTHORISED_TITLE,
  NOT_FOUND_TITLE,
  routeList,
  routes,
  type ArchiveYear,
} from '../src/config/routes.ts';
import { SOCIETY_NAME } from '../src/config/site.ts';
import type { Site } from '../src/lib/content-types.ts';
import { CSRF_HEADERS, newPerson, registerVerifiedAccount } from './accounts.ts';
import { expect, test } from './fixtures.ts';

const publicRoutes = routeList.filter(({ id }) => !protectedRoutes[id]);
const guardedRoutes = routeList.filter(({ id }) => protectedRoutes[id]);

/** The reasons /login gives, spelled out again as a second reading of the spec. */
const SIGN_IN_REASONS: Readonly<Record<string, string>> = {
  '/sculc/submit-abstract': 'You Must Log In to Submit an Abstract',
  '/complete-profile': 'You need to register first.',
};
const DEFAULT_SIGN_IN_REASON = 'Please sign in to continue.';

async function expectFrame(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();

  // The footer's location and e-mail are the content's (GET /api/content/site).
  const site = (await (await page.request.get('/api/content/site')).json()) as Site;
  const footer = page.getByRole('contentinfo');
  // The content names no year: the footer shows the current one.
  await expect(footer).toContainText(`© ${String(new Date().getFullYear())}`);
  await expect(footer).toContainText(site.footer.location);
  await expect(footer.getByRole('link', { name: site.footer.email })).toHaveAttribute(
    'href',
    `mailto:${site.footer.email}`,
  );

  // The banner is what the server says now (its clock decides: nothing,
  // long after SCULC 2025, on the shared server), and never links to the
  // page it is on.
  const banner = page.getByRole('complementary', { name: 'Conference news' });
  if (!site.banner) {
    await expect(banner).toHaveCount(0);
  } else if (new URL(page.url()).pathname === site.banner.path) {
    await expect(banner.getByRole('link')).toHaveCount(0);
  } else {
    await expect(banner.getByRole('link')).toHaveAttribute('href', site.banner.path);
  }
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page is wider than the screen').toBeLessThanOrEqual(clientWidth);
}

async function expectPage(page: Page, title: string, projectName: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(documentTitle(title));
  await expectFrame(page);
  if (projectName === 'phone') await expectNoHorizontalScroll(page);
}

test.describe('every public route loads directly', () => {
  for (const { path, title } of publicRoutes) {
    test(`${path} shows "${title}"`, async ({ page }, testInfo) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);

      await expectPage(page, title, testInfo.project.name);
    });
  }
});

test.describe('a protected route sends a visitor to sign in', () => {
  for (const { path } of guardedRoutes) {
    const reason = SIGN_IN_REASONS[path] ?? DEFAULT_SIGN_IN_REASON;
    test(`${path} goes to /login with "${reason}"`, async ({ page }, testInfo) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);

      await expect(page).toHaveURL('/login');
      await expectPage(page, routes.login.title, testInfo.project.name);
      await expect(page.getByRole('main').getByRole('status')).toHaveText(reason);
    });
  }
});

test('every protected route shows itself to a signed-in user', async ({ page, outbox }, testInfo) => {
  // One page load after another for each guarded route: 20 s was too tight on a loaded 2-core machine.
  test.setTimeout(guardedRoutes.length * 3_000);
  const person = newPerson('Noam', 'Chomsky');
  await registerVerifiedAccount(page.request, outbox, person);
  // page.request shares the browser's cookies: this signs the page in.
  const signedIn = await page.request.post('/api/accounts/login', {
    headers: CSRF_HEADERS,
    data: { email: person.email, password: person.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  for (const { id, path, title } of guardedRoutes) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page).toHaveURL(path);
      // The admin and review pages show a signed-in user without the role
      // only that they are not for them (admin.spec.ts and review.spec.ts
      // sign in an admin and reviewers).
      const rule = protectedRoutes[id];
      const forRole =
        rule?.adminOnly === true || rule?.reviewerOnly === true || rule?.editorOnly === true || rule?.checkInOnly === true;
      await expectPage(page, forRole ? NOT_AUTHORISED_TITLE : title, testInfo.project.name);
    });
  }
});

test('an unknown path shows "Page not found" with a way home, answered as a 404', async ({ page, browserErrors }) => {
  // The document's own 404, which Chromium reports as a failed load.
  browserErrors.allow(/Failed to load resource: .*status of 404/);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_TITLE);
  await expect(page).toHaveTitle(documentTitle(NOT_FOUND_TITLE));
  await expectFrame(page);

  await page.getByRole('main').getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SOCIETY_NAME);
});

for (const year of [2023, 2022] as const satisfies readonly ArchiveYear[]) {
  test(`the SCULC ${year} archive sub-navigation reaches each of its pages`, async ({ page }) => {
    const links = archiveNavigation[year];
    await page.goto(routes[links[0].id].path);
    const subNav = page.getByRole('navigation', { name: `SCULC ${year}`, exact: true });

    // Start from the last page so that every click, including Home, moves.
    for (const { label, id } of [...links.slice(1), links[0]]) {
      const link = subNav.getByRole('link', { name: label, exact: true });
      await link.click();

      await expect(page).toHaveURL(routes[id].path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(routes[id].title);
      await expect(link).toHaveAttribute('aria-current', 'page');
      // Exactly one link is marked current.
      await expect(subNav.locator('[aria-current]')).toHaveCount(1);
    }
  });
}
