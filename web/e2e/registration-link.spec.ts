/**
 * A registration's own link (issue 26: everyone can see and cancel their
 * registration; visitors have no password), on a server of the test's own:
 * a visitor takes the only place by e-mailed link, a member waits; the
 * visitor cancels from the link in their confirmation, signed out; the
 * member takes the place from the link in the offer, signed out too.
 * The visitor answers the event's question by the link first. Axe runs on
 * each state of the page.
 */
import { expectNoViolations } from './axe.ts';
import { answerDialog } from './dialog.ts';
import { linkIn } from './emails.ts';
import { expect, forgetSession, test } from './fixtures.ts';
import { signInAs, startReviewWorld } from './review-world.ts';

test('a visitor cancels from the link in their confirmation, and the next in line takes the place from the offer’s link', async ({
  page,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  // The member's pages, still asking as their cookies are cleared; the changed link at the end.
  browserErrors.allow(/status of 401 .*\/api\/me\/(home|certificates)/);
  browserErrors.allow(/status of 404 .*\/api\/registration\/manage/);
  const world = await startReviewWorld(playwright);
  try {
    const admin = await world.person('Edward', 'Sapir');
    await world.command('admin', 'grant', admin.email);
    const member = await world.person('Grace', 'Hopper');
    await signInAs(page, world, admin);
    const starts = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000).toISOString();
    const created = await page.request.post(`${world.url}/api/admin/events`, {
      data: { slug: 'naclo-training-2027', title: 'NACLO Training 2027', starts_at: starts, capacity: 1 },
      headers: { 'X-Requested-With': 'colloquy' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const asked = await page.request.post(`${world.url}/api/admin/events/naclo-training-2027/questions`, {
      data: { label: 'Name on your badge', required: false },
      headers: { 'X-Requested-With': 'colloquy' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    await forgetSession(page);

    // A visitor takes the only place by the e-mailed link.
    await page.goto(`${world.url}/events/naclo-training-2027`);
    const card = page.getByRole('region', { name: 'Register for NACLO Training 2027' });
    await card.getByLabel('First name').fill('Zoë');
    await card.getByLabel('Last name').fill('Visitor');
    await card.getByLabel('Email').fill('zoe.link@example.org');
    await card.getByRole('button', { name: 'Register' }).click();
    await expect(card.getByRole('status')).toContainText('Check your e-mail');
    await page.goto(linkIn(await world.outbox.waitForEmail('zoe.link@example.org'), '/registration/confirm'));
    await page.getByRole('button', { name: 'Confirm My Registration' }).click();
    await expect(page.getByRole('status')).toContainText('You are registered for NACLO Training 2027.');

    // A member waits.
    await signInAs(page, world, member);
    await page.goto(`${world.url}/events/naclo-training-2027`);
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(page.getByText('You are number 1 on the waiting list')).toBeVisible();
    await forgetSession(page);

    // The visitor cancels from their confirmation's link, signed out.
    const confirmation = await world.outbox.waitForEmail('zoe.link@example.org', { count: 2 });
    expect(confirmation.subject).toBe('You are registered for NACLO Training 2027');
    await page.goto(linkIn(confirmation, '/registration/manage'));
    const mine = page.getByRole('region', { name: 'NACLO Training 2027' });
    await expect(mine).toContainText('You are registered for NACLO Training 2027: in person.');
    await expectNoViolations(page, 'a registration’s own link, registered');
    // The visitor answers the question they left, by the same link.
    await expect(mine).toContainText('Name on your badge: not answered yet');
    await mine.getByRole('button', { name: 'Change my answers' }).click();
    await mine.getByRole('textbox', { name: 'Name on your badge (optional)' }).fill('Zoë V.');
    await expectNoViolations(page, 'a registration’s own link, changing the answers');
    await mine.getByRole('button', { name: 'Save my answers' }).click();
    await expect(mine.getByRole('status')).toHaveText('Your answers are saved.');
    await page.reload();
    await expect(mine).toContainText('Name on your badge: Zoë V.');
    await mine.getByRole('button', { name: 'Cancel my registration' }).click();
    await answerDialog(
      page,
      'Cancel your registration',
      'Cancel your registration',
      'Cancel your registration for NACLO Training 2027? Your place goes to the next person waiting.',
    );
    await expect(page.getByRole('status')).toContainText('Your registration for NACLO Training 2027 is cancelled.');
    await expect(mine.getByRole('link', { name: 'See the event’s page' })).toBeVisible();
    await expectNoViolations(page, 'a registration’s own link, cancelled');
    // A reload shows it settled: no longer active.
    await page.reload();
    await expect(mine).toContainText('This registration is no longer active');

    // The member takes the place from the offer's own link, signed out.
    // Their first e-mail verified their address, the second told them they
    // wait (with the same link); the third is the offer.
    const offer = await world.outbox.waitForEmail(member.email, { count: 3 });
    const [, waiting] = await world.outbox.emailsTo(member.email);
    if (!waiting) throw new Error('no notice of the waiting list');
    expect(waiting.subject).toBe('You are on the waiting list for NACLO Training 2027');
    expect(linkIn(offer, '/registration/manage')).toBe(linkIn(waiting, '/registration/manage'));
    expect(offer.subject).toBe('A place at NACLO Training 2027 is yours if you want it');
    await page.goto(linkIn(offer, '/registration/manage'));
    await expect(mine).toContainText('A place has come free for you.');
    await expectNoViolations(page, 'a registration’s own link, offered');
    await mine.getByRole('button', { name: 'Take the place' }).click();
    await expect(mine).toContainText('You are registered for NACLO Training 2027: in person.');
    await page.reload();
    await expect(mine).toContainText('You are registered for NACLO Training 2027: in person.');

    // A changed link is refused, and says so.
    const url = new URL(linkIn(offer, '/registration/manage'));
    await page.goto(`${url.origin}${url.pathname}#${url.hash.slice(1, -1)}x`);
    await expect(page.getByRole('alert')).toContainText('This link is not valid');
    await expectNoViolations(page, 'a registration’s own link, not valid');
  } finally {
    await world.close();
  }
});
