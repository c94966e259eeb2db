import type { Page } from '@playwright/test';

import { expect } from './fixtures.ts';

/** Under this width the main links fold behind the Menu button (global.css). */
const MENU_BELOW_PX = 768;

/**
 * The main navigation, opened behind its Menu button on a phone. Decided by
 * the viewport and waited for, never sampled: a page still rendering would
 * read as "no menu" and leave the links folded away.
 */
export async function openNav(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  const menu = nav.getByRole('button', { name: 'Menu', exact: true });
  if ((page.viewportSize()?.width ?? Infinity) < MENU_BELOW_PX) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  return nav;
}
