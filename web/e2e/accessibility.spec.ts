/**
 * Every public route passes axe (WCAG 2.0 and 2.1, levels A and AA) with no
 * violation, at desktop and phone widths, once its content has arrived.
 * The embedded third-party frames (forms, slides, the PDF viewer) are not
 * ours to fix and are left out of the scan; their <iframe> elements, with
 * their titles, are checked.
 */
import AxeBuilder from '@axe-core/playwright';

import { protectedRoutes } from '../src/config/protected-routes.ts';
import { routeList } from '../src/config/routes.ts';
import { expect, test } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const publicRoutes = routeList.filter(({ id }) => !protectedRoutes[id]);

test.describe('axe finds no violation', () => {
  for (const { path, title } of publicRoutes) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // Content pages: wait for their data, not the loading notice.
      await expect(page.getByText('Loading page…')).toHaveCount(0);

      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ iframes: false }).analyze();

      const summary = results.violations.map(({ id, help, nodes }) => ({
        id,
        help,
        targets: nodes.map((node) => node.target.join(' ')),
      }));
      expect(summary).toEqual([]);
    });
  }
});
