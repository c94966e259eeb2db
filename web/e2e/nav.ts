import type { Page } from '@playwright/test';

import { expect } from './fixtures.ts';

/** Under this width the main links fold behind the Menu button (global.css). */
const MENU_BELOW_PX = 768;

/**
 * The main navigation, opened behind its Menu button on a phone. Decided by
 * the viewport and waited for, never sampled: a page still rendering would
 * read as "no menu" and leave the links folded away. The menu closes on
 * every navigation, by design: a tap that lands just before the page
 * replaces its address (a sign-in's redirect settling) is undone, so the
 * menu is opened again until it stays open.
 */
export async function openNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const menu = nav.getByRole('button', { name: 'Menu', exact: true });
  if ((page.viewportSize()?.width ?? Infinity) < MENU_BELOW_PX) {
    await expect(async () => {
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  return nav;
}
