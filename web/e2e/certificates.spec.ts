/**
 * A certificate's verification address (issue 26 item 4) for a code that
 * was never issued: the page says so plainly, passes axe, and is kept out
 * of search engines. (Issued certificates are read back by the API tests,
 * `server/tests/api/certificates.rs`: issuing one needs an event that is
 * over, which a browser journey cannot wait for.)
 */
import { expectNoViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

test('an unknown verification code says there is no such certificate, kept out of search engines', async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/Failed to load resource: .*status of 404/);
  const response = await page.goto('/verify/ABCDEFGHJK');
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no certificate with the code ABCDEFGHJK. Check the address printed on the certificate.',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoViolations(page, 'an unknown certificate');
});
