/**
 * The public pages show the content the server serves (GET /api/content/…):
 * every edition route's sections and words, the home page and its carousel
 * (arrow keys), the board's collapsible terms, NACLO, and SCULC 2025's side
 * menu, program frame, slides and calendar file. The spec's facts are
 * checked again as written in the spec, as a second reading.
 */
import { readFile } from 'node:fs/promises';

import type { APIRequestContext, Locator, Page } from '@playwright/test';

import { routeList } from '../src/config/routes.ts';
import type { Block, Board, EditionPage, Naclo, Site } from '../src/lib/content-types.ts';
import { expect, test } from './fixtures.ts';

/** The spec's slide duration (image-gallery.tsx), which Node cannot import with its CSS. */
const SLIDE_DURATION_MS = 450;

async function content<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/content/${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The words a block shows on the page without any interaction. */
function wordsOf(block: Block): string[] {
  switch (block.type) {
    case 'paragraph':
      return [block.text];
    case 'facts':
      return block.items.flatMap(({ label, value }) => [label, value]);
    case 'list':
      return block.items;
    case 'link':
    case 'calendar':
      return [block.label];
    case 'embed':
      return [block.title];
    case 'person':
      return [block.name, block.role, block.bio];
    case 'schedule':
      return block.items.map((item) => item.title);
    case 'gallery':
    case 'submission_status':
      return [];
  }
}

function editionRoutes() {
  const routes: { path: string; year: number; slug: string }[] = [];
  for (const { path } of routeList) {
    const match = /^\/sculc-(\d{4})(?:-([a-z]+))?$/.exec(path);
    if (match) routes.push({ path, year: Number(match[1]), slug: match[2] ?? '' });
  }
  return routes;
}

test.describe('every edition route shows its content', () => {
  for (const { path, year, slug } of editionRoutes()) {
    test(path, async ({ page }) => {
      const edition = await content<EditionPage>(page.request, `editions/${String(year)}`);
      const subPage = edition.pages.find((candidate) => candidate.slug === slug);
      expect(subPage, `the ${String(year)} content has a "${slug}" page`).toBeDefined();
      if (!subPage) return;

      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(subPage.title);
      for (const section of subPage.sections) {
        await expect(main.getByRole('heading', { level: 2, name: section.heading, exact: true })).toBeVisible();
        const region = main.locator(`section[id="${section.id}"]`);
        for (const block of section.blocks) {
          for (const words of wordsOf(block)) await expect(region).toContainText(words);
        }
      }
    });
  }
});

test('the home page shows its hero, description, events link, SCULC blurb and four images', async ({ page }) => {
  const site = await content<Site>(page.request, 'site');
  await page.goto('/');
  const main = page.getByRole('main');

  await expect(main).toContainText(site.home.hero_text);
  for (const paragraph of site.home.description) await expect(main).toContainText(paragraph);
  await expect(main.getByRole('link', { name: site.home.events.label })).toHaveAttribute('href', site.home.events.href);
  const blurb = main.getByRole('region', { name: site.home.sculc_blurb.title });
  await expect(blurb).toContainText(site.home.sculc_blurb.text);
  await expect(blurb.getByRole('link', { name: site.home.sculc_blurb.link_label })).toHaveAttribute(
    'href',
    '/sculc-2025',
  );

  const gallery = main.getByRole('region', { name: 'Photos of the society' });
  await openGallery(gallery);
  expect(site.gallery).toHaveLength(4);
  for (const item of site.gallery) {
    await expect(gallery.getByAltText(item.original_alt).first()).toHaveAttribute('src', item.original);
  }
  await expect(gallery.getByRole('navigation', { name: 'Thumbnail Navigation' })).toHaveCount(0);
  await expect(gallery.getByRole('button', { name: /play/i })).toHaveCount(0);
  // The images exist and load (no fallback).
  const firstImage = gallery.getByAltText(site.gallery[0]?.original_alt ?? '').first();
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

/**
 * Scrolls to a carousel and waits for it: it loads only when near the
 * screen, replacing a placeholder region of the same name, and on the home
 * page its code only when a pointer comes over it (before, a facade draws
 * the first slide: gallery-facade.tsx).
 */
async function openGallery(gallery: Locator) {
  await expect(async () => {
    await gallery.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(galleryIndex(gallery)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  // Focus in it wakes it (as a pointer over it does: home-page.test.tsx).
  await gallery.getByRole('button', { name: 'Previous Slide' }).focus();
  // The library draws every slide (and copies of the ends); the facade only the first.
  await expect.poll(() => gallery.locator('.image-gallery-slide').count()).toBeGreaterThan(1);
}

/** The carousel's '2 / 4'. */
function galleryIndex(gallery: Locator): Locator {
  return gallery.locator('.image-gallery-index');
}

test('the carousel moves with the arrow keys and wraps around', async ({ page }) => {
  await page.goto('/');
  const gallery = page.getByRole('region', { name: 'Photos of the society' });
  await openGallery(gallery);
  const index = galleryIndex(gallery);
  await expect(index).toHaveText('1 / 4');

  await gallery.getByRole('button', { name: 'Next Slide' }).focus();
  for (const [key, expected] of [
    ['ArrowRight', '2 / 4'],
    ['ArrowLeft', '1 / 4'],
    ['ArrowLeft', '4 / 4'],
    ['ArrowRight', '1 / 4'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(index).toHaveText(expected);
    // The index changes as a slide starts to move; keys pressed during the
    // move (the spec's 450 ms) are ignored by the library, as for a person.
    await page.waitForTimeout(SLIDE_DURATION_MS + 150);
  }
});

test('the carousel stays on the slide it moved to, and its caption follows', async ({ page }) => {
  const site = await content<Site>(page.request, 'site');
  await page.goto('/');
  const gallery = page.getByRole('region', { name: 'Photos of the society' });
  await openGallery(gallery);
  const index = galleryIndex(gallery);
  const caption = gallery.locator('.gallery-caption');
  // The slide in the middle of the strip, the one a person sees.
  const shownImage = gallery.locator('.image-gallery-center img').first();
  await expect(index).toHaveText('1 / 4');

  await gallery.getByRole('button', { name: 'Next Slide' }).focus();
  /** What a person sees at this moment: the number, the caption, the image in the middle. */
  const shown = async () => ({
    index: await index.textContent(),
    caption: await caption.textContent(),
    image: await shownImage.getAttribute('alt'),
  });
  for (const slide of [2, 3, 4]) {
    const item = site.gallery[slide - 1];
    const expected = { index: `${String(slide)} / 4`, caption: item?.description ?? '', image: item?.original_alt ?? '' };
    await page.keyboard.press('ArrowRight');
    // The carousel used to show the new number, then snap back to the first
    // slide about half a second later: wait well past the transition, then
    // check what is shown, and that it stays.
    await page.waitForTimeout(SLIDE_DURATION_MS * 3);
    expect(await shown()).toEqual(expected);
    await page.waitForTimeout(SLIDE_DURATION_MS * 2);
    expect(await shown()).toEqual(expected);
  }
});

/** The shown slide's box and its picture's: width, height and the picture's own shape. */
async function shownSlide(gallery: Locator) {
  const image = gallery.locator('.image-gallery-center img, .image-gallery-slide img').first();
  await expect(image).toHaveJSProperty('complete', true);
  return image.evaluate((element: HTMLImageElement) => {
    const slide = element.closest('.image-gallery-slide-wrapper') ?? element;
    return {
      slideHeight: slide.getBoundingClientRect().height,
      width: element.getBoundingClientRect().width,
      height: element.getBoundingClientRect().height,
      ratio: element.naturalHeight / element.naturalWidth,
    };
  });
}

test('each carousel takes the shape of its pictures, before and after it loads, with no black bands', async ({
  page,
}) => {
  for (const [path, name] of [
    ['/', 'Photos of the society'],
    ['/sculc-2024', 'Program gallery'],
  ] as const) {
    await page.goto(path);
    const gallery = page.getByRole('region', { name });
    await expect(async () => {
      await gallery.scrollIntoViewIfNeeded({ timeout: 1000 });
      await expect(galleryIndex(gallery)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    const states = path === '/' ? ['drawn before its code', 'loaded'] : ['loaded'];
    for (const state of states) {
      if (state === 'loaded') await openGallery(gallery);
      // Settled: the same after a transition's length.
      const measured = await shownSlide(gallery);
      await page.waitForTimeout(SLIDE_DURATION_MS * 2);
      expect(await shownSlide(gallery), `${path} ${state}: settled`).toEqual(measured);
      expect(measured.height, `${path} ${state}: the picture's own shape`).toBeCloseTo(measured.width * measured.ratio, 0);
      expect(Math.abs(measured.slideHeight - measured.height), `${path} ${state}: no bands`).toBeLessThanOrEqual(2);
    }
  }
});

test('a program carousel offers each page at full size, a picture a phone can zoom', async ({ page }) => {
  await page.goto('/sculc-2024');
  const gallery = page.getByRole('region', { name: 'Program gallery' });
  await openGallery(gallery);
  const link = gallery.getByRole('link', { name: 'Open this image at full size' });
  await expect(link).toHaveAttribute('href', /program-1-1600\.webp$/);
  await gallery.getByRole('button', { name: 'Next Slide' }).click();
  await expect(link).toHaveAttribute('href', /program-2-1600\.webp$/);
  const href = (await link.getAttribute('href')) ?? '';
  const picture = await page.request.get(href);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/webp');
});

test('the home carousel waits for someone to reach for it, and then does what they asked', async ({ page }) => {
  const site = await content<Site>(page.request, 'site');
  const libraryRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/image-gallery-[^/]*\.js$/.test(request.url())) libraryRequests.push(request.url());
  });
  await page.goto('/');
  const gallery = page.getByRole('region', { name: 'Photos of the society' });
  await expect(async () => {
    await gallery.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(galleryIndex(gallery)).toHaveText('1 / 4', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(gallery.getByAltText(site.gallery[0]?.original_alt ?? '')).toBeVisible();
  await expect(gallery.locator('.gallery-caption')).toHaveText(site.gallery[0]?.description ?? '');
  await page.waitForLoadState('networkidle');
  expect(libraryRequests, 'the carousel library loaded before anyone reached for it').toEqual([]);

  // A keyboard user reaches the next arrow: the library loads and takes the
  // facade's place with focus still on that arrow (the facade draws one
  // slide, the carousel every one); the right arrow key then moves on.
  await gallery.getByRole('button', { name: 'Next Slide' }).focus();
  await expect.poll(() => gallery.locator('.image-gallery-slide').count()).toBeGreaterThanOrEqual(site.gallery.length);
  await expect(gallery.getByRole('button', { name: 'Next Slide' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(galleryIndex(gallery)).toHaveText('2 / 4');
  await expect(gallery.locator('.gallery-caption')).toHaveText(site.gallery[1]?.description ?? '');
  await expect(gallery.getByRole('button', { name: 'Next Slide' })).toBeFocused();
  expect(libraryRequests).toHaveLength(1);
  await page.waitForTimeout(SLIDE_DURATION_MS * 2);
  await page.keyboard.press('ArrowRight');
  await expect(galleryIndex(gallery)).toHaveText('3 / 4');
});

test('a bullet of the home carousel pressed before it loaded opens it on that slide', async ({ page }) => {
  const site = await content<Site>(page.request, 'site');
  await page.goto('/');
  const gallery = page.getByRole('region', { name: 'Photos of the society' });
  await expect(async () => {
    await gallery.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(galleryIndex(gallery)).toHaveText('1 / 4', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await gallery.getByRole('navigation', { name: 'Bullet Navigation' }).getByRole('button', { name: 'Go to Slide 3' }).click();
  await expect(galleryIndex(gallery)).toHaveText('3 / 4');
  await expect(gallery.locator('.gallery-caption')).toHaveText(site.gallery[2]?.description ?? '');
  await expect(
    gallery.getByRole('navigation', { name: 'Bullet Navigation' }).getByRole('button', { name: 'Go to Slide 3' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

test('a carousel image that fails to load shows the fallback image', async ({ page, browserErrors }) => {
  const site = await content<Site>(page.request, 'site');
  const broken = site.gallery[1];
  if (!broken) throw new Error('the home gallery has fewer than two images');
  await page.route(`**${broken.original}`, (route) => route.fulfill({ status: 404, body: '' }));
  await page.route(/\/images\/home\/.*-(480|1600)\.webp$/, (route) => route.fulfill({ status: 404, body: '' }));
  browserErrors.allow(/Failed to load resource: the server responded with a status of 404/);

  await page.goto('/');
  const gallery = page.getByRole('region', { name: 'Photos of the society' });
  await openGallery(gallery);
  await gallery.getByRole('button', { name: 'Next Slide' }).click();
  await expect(gallery.getByAltText(broken.original_alt).first()).toHaveAttribute('src', '/images/fallback.svg');
});

test('the board shows the current term and opens and closes the earlier ones', async ({ page }) => {
  const board = await content<Board>(page.request, 'board');
  const [current, ...past] = board.terms;
  expect(current?.term).toBe('2024-2025');
  expect(past.map((term) => term.term)).toEqual(['2023-2024', '2022-2023']);

  await page.goto('/board');
  const main = page.getByRole('main');
  for (const member of current?.members ?? []) {
    const card = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: member.role, exact: true }) });
    await expect(card.first()).toContainText(member.name);
    for (const answer of [member.pronouns, member.major_minor, member.class_year, member.favourite_area, member.favourite_drink]) {
      await expect(card.first()).toContainText(answer);
    }
  }

  for (const term of past) {
    const toggle = main.getByRole('button', { name: `${term.term} Board` });
    const panel = page.locator(`[id="${(await toggle.getAttribute('aria-controls')) ?? ''}"]`);
    const someone = term.members[0]?.name ?? '';
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(someone);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  }
});

test('NACLO gives the dates, times, what to bring and the attendance form', async ({ page }) => {
  const naclo = await content<Naclo>(page.request, 'naclo');
  await page.goto('/naclo');
  const main = page.getByRole('main');

  const openRound = main.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Open round' }) });
  await expect(openRound).toContainText('23 Jan 2025');
  await expect(openRound).toContainText('9AM-12PM');
  await expect(openRound).toContainText('8:30AM');
  const training = main.getByRole('article').filter({ has: page.getByRole('heading', { name: /training/i }) });
  await expect(training).toContainText('18 Jan 2025');
  await expect(training).toContainText('9AM-12PM');
  await expect(main).toContainText(/black pen/i);
  await expect(main).toContainText(/pencil/i);

  // Frames are made only as they near the screen.
  await main.locator('.embed').scrollIntoViewIfNeeded();
  const form = main.locator('iframe');
  await expect(form).toHaveAttribute('title', naclo.form.title);
  await expect(form).toHaveAttribute('src', naclo.form.src);
});

async function expectInView(page: Page, locator: Locator) {
  await expect(async () => {
    const box = await locator.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= -1 && box.y < viewport.height).toBeTruthy();
  }).toPass({ timeout: 3000 });
}

test('SCULC 2025: the side menu scrolls to each section and moves focus to it', async ({ page }) => {
  await page.goto('/sculc-2025');
  const menu = page.getByRole('navigation', { name: 'On this page' });
  await expect(menu.getByRole('link')).toHaveText([
    'Event Details',
    'About',
    'Keynote Speaker',
    'Program',
    'Presentations',
    'Contact Info',
  ]);

  for (const [label, id] of [
    ['Contact Info', 'contact-info'],
    ['Program', 'program'],
    ['Keynote Speaker', 'keynote-speaker'],
    ['Event Details', 'event-details'],
  ] as const) {
    await menu.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(`/sculc-2025#${id}`);
    const heading = page.locator(`section[id="${id}"] h2`);
    await expect(heading).toBeFocused();
    await expectInView(page, heading);
  }
});

test('SCULC 2025 gives every fact of the spec', async ({ page }) => {
  await page.goto('/sculc-2025');
  const main = page.getByRole('main');
  for (const fact of [
    'Saturday 17 May 2025',
    '09:00 AM to 05:30 PM',
    /campus learning pavilion/i,
    '8:30 AM',
    /business casual/i,
    /parking/i,
    '11:30 AM to 1:00 PM',
    /free/i,
  ]) {
    await expect(main).toContainText(fact);
  }
  await expect(main.getByRole('link', { name: /join/i }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: /check-in form/i })).toBeVisible();
  await expect(main.getByRole('link', { name: /abstract/i }).first()).toBeVisible();
  await expect(main.locator('section[id="contact-info"]').getByRole('link', { name: /@/ }).first()).toHaveAttribute(
    'href',
    /^mailto:/,
  );
});

test('SCULC 2025 embeds the program PDF in a frame', async ({ page }) => {
  await page.goto('/sculc-2025');
  // Frames are made only as they near the screen.
  await page.locator('section[id="program"] .embed').scrollIntoViewIfNeeded();
  const frame = page.locator('section[id="program"] iframe');
  await expect(frame).toHaveAttribute('src', '/sculc-program.pdf');
  await expect(frame).toHaveAttribute('title', /program/i);

  const pdf = await page.request.get('/sculc-program.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('SCULC 2025 has four presentation slides that load only when opened', async ({ page }) => {
  await page.goto('/sculc-2025');
  const presentations = page.locator('section[id="presentations"]');
  const decks = presentations.locator('details');
  await expect(decks).toHaveCount(4);
  await expect(presentations.locator('iframe')).toHaveCount(0);

  await decks.nth(2).locator('summary').click();
  const frame = presentations.locator('iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', /^https:\/\/docs\.google\.com\/presentation\//);
  await expect(frame).toHaveAttribute('title', /.+/);
});

test("SCULC 2025's 'Add to calendar' downloads the conference day", async ({ page }) => {
  await page.goto('/sculc-2025');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toBe('sculc-2025.ics');
  const calendar = await readFile(await download.path(), 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  // 09:00 to 17:30 in Los Angeles on 17 May 2025 (PDT, UTC-7).
  expect(calendar).toMatch(/DTSTART:20250517T160000Z/);
  expect(calendar).toMatch(/DTEND:20250518T003000Z/);
});

test('SCULC 2024 has its program carousel, RSVP, slides and the closed call', async ({ page }) => {
  await page.goto('/sculc-2024');
  const main = page.getByRole('main');
  const gallery = main.getByRole('region', { name: 'Program gallery' });
  await openGallery(gallery);
  await expect(galleryIndex(gallery)).toHaveText('1 / 4');
  await expect(main.getByRole('link', { name: /^RSVP for/ })).toBeVisible();
  await main.locator('section[id="slides"] .embed').scrollIntoViewIfNeeded();
  await expect(main.locator('section[id="slides"] iframe')).toHaveAttribute('src', /^https:\/\/docs\.google\.com\//);
  for (const rule of ['500 words', 'PDF', /anonymi[sz]ed/i, 'March 24, 2024']) await expect(main).toContainText(rule);
});
