/**
 * The frame's interactive parts in a real browser at real widths: the SCULC
 * dropdown on desktop and the collapsed "Menu" on a phone (the breakpoint
 * lives in CSS, which jsdom unit tests cannot see).
 */
import type { Locator, Page } from '@playwright/test';

import type { Site } from '../src/lib/content-types.ts';
import { expect, test } from './fixtures.ts';

/** The spec's SCULC dropdown (section 2), from the seeded content and editions. */
const SCULC_EDITIONS = [2025, 2024, 2023, 2022].map((year) => ({
  label: `SCULC ${String(year)}`,
  path: `/sculc-${String(year)}`,
}));

function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main', exact: true });
}

/** The element a disclosure button controls. */
async function controlled(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  expect(id, 'the button names the element it controls').toBeTruthy();
  // React's useId values contain characters a CSS #id selector would need escaped.
  return page.locator(`[id="${id ?? ''}"]`);
}

async function expectVisitorLinks(nav: Locator) {
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'User Data' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveCount(0);
}

/** The focused element draws a visible outline (global.css :focus-visible). */
async function expectVisibleFocus(locator: Locator) {
  await expect(locator).toBeFocused();
  const outline = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

test('the skip link is the first Tab stop, shows itself and moves focus to the main content', async ({ page }) => {
  await page.goto('/board');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Board');

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expectVisibleFocus(skip);
  const box = await skip.boundingBox();
  expect(box && box.y >= 0, 'the focused skip link is on screen').toBeTruthy();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands inside the page, past the banner and the nav.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test.describe('desktop', { tag: '@desktop' }, () => {
  test('the SCULC dropdown works from the keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    await expectVisitorLinks(nav);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    const button = nav.getByRole('button', { name: 'SCULC', exact: true });
    const list = await controlled(page, button);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    const links = list.getByRole('link');
    await expect(links).toHaveText(SCULC_EDITIONS.map((edition) => edition.label));
    for (const [index, edition] of SCULC_EDITIONS.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', edition.path);
    }

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('choosing an edition in the dropdown goes there and closes it', async ({ page }) => {
    await page.goto('/');
    const button = mainNav(page).getByRole('button', { name: 'SCULC', exact: true });

    await button.click();
    await (await controlled(page, button)).getByRole('link', { name: 'SCULC 2024' }).click();

    await expect(page).toHaveURL('/sculc-2024');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SCULC 2024');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('phone', { tag: '@phone' }, () => {
  for (const path of ['/', '/login', '/sculc-2025']) {
    test(`${path} does not jump when the banner's data arrives on a slow connection`, async ({ page }) => {
      // A phone on a slow network: the scripts and the site content (which
      // the banner above the header comes from) take a while each.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 200_000,
        uploadThroughput: 100_000,
      });
      // Long after SCULC 2025 the shared server's banner is empty: the
      // answer gets the weeks after the day, as the server's clock would.
      await page.route('**/api/content/site', async (route) => {
        const response = await route.fetch();
        const site = (await response.json()) as Site;
        const banner = { year: 2025, title: 'SCULC 2025', path: '/sculc-2025', state: 'concluded', at: null } as const;
        await route.fulfill({ response, json: { ...site, banner } });
      });
      await page.goto(path);
      await expect(page.getByRole('complementary', { name: 'Conference news' })).toBeVisible();
      await expect(page.locator('main').getByRole('status')).toHaveCount(0); // the page has loaded
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => {
              resolve(total);
            }, 100);
          }),
      );
      expect(shifts, 'cumulative layout shift').toBeLessThan(0.01);
    });
  }

  test('the nav links hide behind the Menu button, which toggles them', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: 'Menu' });
    const home = nav.getByRole('link', { name: 'Home', exact: true });

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(home).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(home).toBeVisible();
    await expectVisitorLinks(nav);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(home).toBeHidden();
  });

  test('the Menu button opens and closes from the keyboard, with visible focus', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: 'Menu' });
    const home = nav.getByRole('link', { name: 'Home', exact: true });

    // Past the skip link, the banner's link and the society's name.
    for (let stops = 0; stops < 6 && !(await toggle.evaluate((element) => element === document.activeElement)); stops++) {
      await page.keyboard.press('Tab');
    }
    await expectVisibleFocus(toggle);

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expectVisibleFocus(home);

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(home).toBeHidden();
  });

  test('a link in the open menu navigates and closes the menu', async ({ page }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const toggle = nav.getByRole('button', { name: 'Menu' });
    const naclo = nav.getByRole('link', { name: 'NACLO', exact: true });

    await toggle.click();
    await naclo.click();

    await expect(page).toHaveURL('/naclo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NACLO');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(naclo).toBeHidden();
  });
});
