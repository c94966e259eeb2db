/**
 * The door on the day (issue 26, item 3), at phone width, on a server of the
 * test's own: a volunteer with only the check-in role checks people in by QR
 * and by name, is refused one whose registration was cancelled, loses the
 * network, checks two more in (one of them checked in meanwhile at another
 * desk), gets it back, and the queue goes out: the counts settle right. A
 * check-in saved offline also outlives its tab.
 *
 * The QR code is the member's own ticket as their registration card shows
 * it: drawn from the page into pixels, written as a Y4M file, and played to
 * Chromium's fake camera (`--use-file-for-fake-video-capture`) in a browser
 * the test launches for the volunteer. Headless Chromium on Linux has no
 * BarcodeDetector, so this reads the code with jsQR, as most phones would.
 * Axe runs on the choice of event and each state of the desk at 375 and
 * 1280 px. 8 e-mails.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import type { APIRequestContext, Browser, Page } from '@playwright/test';

import { expectNoViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { openNav } from './nav.ts';
import { ok, sessionOf, signInAs, startReviewWorld } from './review-world.ts';

const SLUG = 'sculc-2025';
const FRAME = { width: 480, height: 360 };

/**
 * The ticket on the member's registration card, as pixels: the QR image the
 * page shows, drawn centred on white in a camera-sized frame.
 */
async function ticketPixels(page: Page): Promise<Buffer> {
  const card = page.getByRole('main').getByRole('region', { name: 'Registration' });
  await card.getByRole('button', { name: 'Show my ticket' }).click();
  const code = card.getByRole('img', { name: /^Ticket for SCULC 2025: QR code for Ada Lovelace$/ });
  await expect(code).toBeVisible();
  await expect.poll(() => code.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const base64 = await code.evaluate((image: HTMLImageElement, { width, height }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    const side = Math.round(height * 0.8);
    context.imageSmoothingEnabled = false;
    context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
    const { data } = context.getImageData(0, 0, width, height);
    let binary = '';
    for (let index = 0; index < data.length; index += 0x8000) {
      binary += String.fromCharCode(...data.subarray(index, index + 0x8000));
    }
    return btoa(binary);
  }, FRAME);
  return Buffer.from(base64, 'base64');
}

/**
 * A Y4M video (the header, then raw I420 frames) of one still picture:
 * what Chromium's fake camera plays, looping. Black and white, so the
 * colour planes are neutral.
 */
function y4mOf(rgba: Buffer, { width, height }: typeof FRAME): Buffer {
  const luma = Buffer.alloc(width * height);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const [r = 0, g = 0, b = 0] = rgba.subarray(pixel * 4, pixel * 4 + 3);
    luma[pixel] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${String(width)} H${String(height)} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

/** Axe on the desk as it stands, at the phone's width and a desktop's; at neither does the page scroll sideways. */
async function axeAtBothWidths(page: Page, state: string) {
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await expectNoViolations(page, `${state} at 375 px`);
  expect(await fits(), `${state} fits 375 px`).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoViolations(page, `${state} at 1280 px`);
  expect(await fits(), `${state} fits 1280 px`).toBe(true);
  await page.setViewportSize({ width: 375, height: 667 });
}

/** The number the desk shows beside `label`. */
function count(desk: Page, label: string) {
  return desk
    .locator('.check-in-count')
    .filter({ has: desk.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

test('@phone a volunteer checks people in by QR and by name, offline too, and the counts settle right', async ({
  page,
  playwright,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const world = await startReviewWorld(playwright);
  const sessions: APIRequestContext[] = [];
  let volunteerBrowser: Browser | undefined;
  try {
    const admin = await world.person('Edward', 'Sapir');
    const volunteer = await world.person('Noam', 'Chomsky');
    const ada = await world.person('Ada', 'Lovelace');
    const grace = await world.person('Grace', 'Hopper');
    const ken = await world.person('Ken', 'Hale');
    const mary = await world.person('Mary', 'Haas');
    const franz = await world.person('Franz', 'Boas');
    const leonard = await world.person('Leonard', 'Bloomfield');
    await world.command('admin', 'grant', admin.email);
    const adminApi = await sessionOf(playwright, world, admin);
    sessions.push(adminApi);

    await test.step('registration opens and five members register; the volunteer gets the check-in role', async () => {
      const startsSoon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await ok(
        await adminApi.post('/api/admin/events', { data: { slug: SLUG, title: 'SCULC 2025', starts_at: startsSoon, capacity: 10 } }),
      );
      // A second event, later: the volunteer chooses the door they are at.
      const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
      await ok(
        await adminApi.post('/api/admin/events', {
          data: { slug: 'naclo-training-2025', title: 'NACLO Training 2025', starts_at: inAWeek, capacity: 30 },
        }),
      );
      for (const [person, lunch, dietary] of [
        [ada, true, 'Vegetarian'],
        [grace, false, ''],
        [ken, true, ''],
        [mary, true, 'No nuts'],
        [franz, false, ''],
        [leonard, false, ''],
      ] as const) {
        const member = await sessionOf(playwright, world, person);
        sessions.push(member);
        await ok(
          await member.post(`/api/events/${SLUG}/registration`, { data: { mode: 'in_person', lunch, dietary, access: '' } }),
        );
      }
      const volunteerApi = await sessionOf(playwright, world, volunteer);
      sessions.push(volunteerApi);
      const me = (await (await ok(await volunteerApi.get('/api/session'))).json()) as { user: { id: string } };
      await ok(await adminApi.put(`/api/admin/users/${me.user.id}/roles/check_in`));
    });

    // The member's ticket, from her own registration card, becomes the fake camera's picture.
    const video = join(testInfo.outputPath(), 'ticket.y4m');
    await test.step('Ada shows her ticket on her registration card', async () => {
      await signInAs(page, world, ada);
      await writeFile(video, y4mOf(await ticketPixels(page), FRAME));
    });

    const launch = testInfo.project.use.launchOptions ?? {};
    volunteerBrowser = await browser.browserType().launch({
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    const context = await volunteerBrowser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true });
    const errors: string[] = [];
    context.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    context.on('weberror', (webError) => errors.push(webError.error().message));
    const desk = await context.newPage();

    await test.step('the volunteer sees the Check-in link and nothing of the officers’, chooses the event, and sees its desk', async () => {
      await signInAs(desk, world, volunteer);
      // The menu closes when the sign-in's redirect settles after a tap: opened again until its link stays in view.
      const nav = desk.getByRole('navigation', { name: 'Main', exact: true });
      await expect(async () => {
        await openNav(desk);
        await expect(nav.getByRole('link', { name: 'Check-in' })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      for (const officers of ['User Data', 'Review', 'Site']) await expect(nav.getByRole('link', { name: officers })).toHaveCount(0);
      await nav.getByRole('link', { name: 'Check-in' }).click();
      const events = desk.getByRole('main').getByRole('listitem');
      await expect(events).toHaveCount(2);
      // Soonest first.
      await expect(events.first()).toContainText('SCULC 2025');
      await expect(events.last()).toContainText('NACLO Training 2025');
      await axeAtBothWidths(desk, 'choosing the event');
      await desk.getByRole('main').getByRole('link', { name: 'SCULC 2025' }).click();
      await expect(desk).toHaveURL(`${world.url}/check-in/${SLUG}`);
      await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Check-in: SCULC 2025');
      await expect(count(desk, 'Registered')).toHaveText('6');
      await expect(count(desk, 'Checked in')).toHaveText('0');
      await expect(count(desk, 'Lunches')).toHaveText('3');
      await axeAtBothWidths(desk, 'the desk, nothing checked in yet');
    });

    const result = desk.locator('.check-in-result');
    await test.step('Ada is checked in by her QR code: green, her name, lunch and needs', async () => {
      await desk.getByRole('button', { name: 'Start the camera' }).click();
      await expect(result).toContainText('Checked in', { timeout: 15_000 });
      await expect(result).toContainText('Ada Lovelace');
      await expect(result).toContainText('Lunch: yes');
      await expect(result).toContainText('Dietary needs: Vegetarian');
      await expect(result).toHaveCSS('background-color', 'rgb(216, 243, 220)');
      await desk.getByRole('button', { name: 'Stop the camera' }).click();
      await expect(count(desk, 'Checked in')).toHaveText('1');
      await axeAtBothWidths(desk, 'a green result');
    });

    const lookup = desk.getByRole('search', { name: 'Find a person who registered' });
    const search = async (name: string) => {
      await lookup.getByRole('searchbox', { name: 'Name or e-mail address' }).fill(name);
      await lookup.getByRole('button', { name: 'Search' }).click();
    };

    await test.step('Grace is checked in by name, and a mistaken second one is undone and done again', async () => {
      await search('hopp');
      await desk.getByRole('button', { name: 'Check in Grace Hopper' }).click();
      await expect(result).toContainText('Grace Hopper');
      await desk.getByRole('button', { name: 'Undo this check-in' }).click();
      await expect(result).toContainText('Check-in undone');
      await expect(count(desk, 'Checked in')).toHaveText('1');
      // Checked in again, but the answer is lost on the way back: the desk keeps it, and its resend is
      // recognised as the same check-in, not "already checked in by" the volunteer themselves.
      await desk.route(
        `**/api/check-in/${SLUG}/registrations/*`,
        async (route) => {
          if (route.request().method() !== 'POST') return route.fallback();
          await route.fetch();
          await route.abort('internetdisconnected');
        },
        { times: 1 },
      );
      // Each check-in clears the search for the next person: she is looked up again.
      await search('hopp');
      await desk.getByRole('button', { name: 'Check in Grace Hopper' }).click();
      await expect(result).toContainText('Saved — will be sent when the connection is back (1 waiting).');
      const queue = desk.getByRole('region', { name: 'Saved while offline' });
      await expect(queue).toContainText('Sent after the connection came back: 1 check-in.', { timeout: 15_000 });
      await expect(queue).not.toContainText('needs a look');
      // Looked up again once the queue is sent: checked in once, by this volunteer.
      await search('hopp');
      await expect(desk.getByText(/Checked in at .* by Noam Chomsky/)).toBeVisible();
      await expect(count(desk, 'Checked in')).toHaveText('2');
    });

    await test.step('Franz, found just before he cancelled, is refused in red with the reason', async () => {
      await search('Boas');
      await expect(desk.getByRole('button', { name: 'Check in Franz Boas' })).toBeVisible();
      const franzApi = await sessionOf(playwright, world, franz);
      sessions.push(franzApi);
      await ok(await franzApi.delete(`/api/events/${SLUG}/registration`));
      await desk.getByRole('button', { name: 'Check in Franz Boas' }).click();
      await expect(result).toContainText('Not checked in');
      await expect(result).toContainText('Franz Boas is not registered');
      await expect(result).toHaveCSS('background-color', 'rgb(253, 226, 226)');
      await axeAtBothWidths(desk, 'a refusal');
    });

    let kenClickedAt = 0;
    await test.step('the network goes: Ken and Mary are checked in and kept, Mary meanwhile at another desk', async () => {
      await search('Ha');
      await expect(desk.getByRole('button', { name: 'Check in Ken Hale' })).toBeVisible();
      await expect(desk.getByRole('button', { name: 'Check in Mary Haas' })).toBeVisible();
      await context.setOffline(true);
      await desk.getByRole('button', { name: 'Check in Ken Hale' }).click();
      await expect(result).toContainText('Saved — will be sent when the connection is back (1 waiting).');
      kenClickedAt = Date.now();
      // The last answer stays on screen while offline: the same search finds Mary again.
      await search('Ha');
      await desk.getByRole('button', { name: 'Check in Mary Haas' }).click();
      await expect(result).toContainText('Saved — will be sent when the connection is back (2 waiting).');
      await expect(desk.getByRole('region', { name: 'Saved while offline' })).toContainText('2 check-ins wait for the connection');
      await search('Ha');
      await expect(desk.getByText('Saved offline: waits for the connection.')).toHaveCount(2);
      await expect(desk.getByRole('button', { name: /^Check in (Ken Hale|Mary Haas)$/ })).toHaveCount(0);
      // The admin checks Mary in at another desk while this phone is offline.
      const people = (await (await ok(await adminApi.get(`/api/check-in/${SLUG}/people?q=Haas`))).json()) as {
        registration_id: string;
      }[];
      expect(people).toHaveLength(1);
      await ok(await adminApi.post(`/api/check-in/${SLUG}/registrations/${people[0]?.registration_id ?? ''}`, { data: {} }));
      await axeAtBothWidths(desk, 'check-ins saved offline');
    });

    await test.step('the network is back: the queue goes out, the conflict is listed, the counts settle', async () => {
      await context.setOffline(false);
      const queue = desk.getByRole('region', { name: 'Saved while offline' });
      await expect(queue).toContainText('Sent after the connection came back: 1 check-in, 1 needs a look:', { timeout: 15_000 });
      await expect(queue).toContainText(/Mary Haas: Already checked in at .* by Edward Sapir\./);
      await expect(queue).not.toContainText('wait for the connection');
      await expect(result).toHaveCount(0);
      await expect(count(desk, 'Checked in')).toHaveText('4', { timeout: 10_000 });
      await expect(count(desk, 'Registered')).toHaveText('5');
      await expect(count(desk, 'Lunches')).toHaveText('3');
      await expect(count(desk, 'Dietary needs')).toHaveText('2');
      await axeAtBothWidths(desk, 'the queue sent, with a conflict');

      // Ken's check-in keeps the time it was made offline, not when it arrived.
      const [kenRow] = (await (await ok(await adminApi.get(`/api/check-in/${SLUG}/people?q=Hale`))).json()) as {
        checked_in_at: string;
        checked_in_by: string;
      }[];
      expect(kenRow?.checked_in_by).toBe('Noam Chomsky');
      expect(Date.parse(kenRow?.checked_in_at ?? '')).toBeLessThanOrEqual(kenClickedAt);
    });

    await test.step('a check-in saved offline survives the tab being closed, and goes out when the desk opens again', async () => {
      await search('Bloom');
      await context.setOffline(true);
      await desk.getByRole('button', { name: 'Check in Leonard Bloomfield' }).click();
      await expect(result).toContainText('Saved — will be sent when the connection is back (1 waiting).');
      await desk.close();
      await context.setOffline(false);
      const again = await context.newPage();
      await again.goto(`${world.url}/check-in/${SLUG}`);
      await expect(again.getByRole('region', { name: 'Saved while offline' })).toContainText(
        'Sent after the connection came back: 1 check-in.',
      );
      await expect(count(again, 'Checked in')).toHaveText('5', { timeout: 10_000 });
    });

    await test.step("the admin's year at a glance shows the door's figures, readable on a phone and a desktop", async () => {
      await signInAs(page, world, admin);
      const glance = page.getByRole('main').getByRole('region', { name: 'The year at a glance' });
      const event = glance.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'SCULC 2025' }) });
      const figure = (term: string) =>
        event.locator('dl div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');
      await expect(figure('Checked in')).toHaveText('5');
      await expect(figure('Registered')).toHaveText('5');
      await expect(figure('Places in person taken')).toHaveText('5 of 10');
      await expect(figure('Lunches')).toHaveText('3');
      // Each figure whole on the screen once scrolled to, not cut at the side.
      for (const term of ['Registered', 'Places in person taken', 'Checked in', 'Dietary or access needs']) {
        await figure(term).scrollIntoViewIfNeeded();
        await expect(figure(term)).toBeInViewport({ ratio: 1 });
      }
      await axeAtBothWidths(page, "the admin's year at a glance");
    });

    // Offline requests fail by design, and the refused check-in is answered 409.
    const unexpected = errors.filter(
      (error) => !/ERR_INTERNET_DISCONNECTED|status of 409/.test(error),
    );
    expect(unexpected, 'the volunteer’s browser reported errors').toEqual([]);
  } finally {
    for (const session of sessions) await session.dispose();
    await volunteerBrowser?.close();
    await world.close();
  }
});
