import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { expect } from './fixtures.ts';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Axe (WCAG 2.1 AA) finds nothing on `page` as it stands; `state` names it in a failure. */
export async function expectNoViolations(page: Page, state = '') {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ iframes: false }).analyze();
  const summary = results.violations.map(({ id, help, nodes }) => ({
    id,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, state).toEqual([]);
}
