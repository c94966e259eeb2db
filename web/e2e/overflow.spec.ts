/**
 * No screen of the organisers, the reviewers or the presenters overflows
 * the window or clips a control, at 1280 px, at 375 px and at 320 px
 * (issue 23, item 11). Each screen is measured in the browser once its
 * content has arrived, in the states that change its controls (a form
 * open, its errors shown, a preview open), and photographed whole: the
 * pictures are attached to the report, not kept in the repository.
 *
 * What counts as a fault (see `layoutFaults`):
 * - the page scrolls sideways (the root's scrollWidth exceeds its width);
 * - an element reaches past the window's right or left edge, unless it is
 *   inside a region that scrolls sideways on purpose (overflow-x: auto, the
 *   tables' wrappers);
 * - a control or label whose text is wider than its box (scrollWidth more
 *   than clientWidth + 1; text typed into a field scrolls in it and is not
 *   counted), a file picker or a date-time input narrower than its own
 *   content (Chromium shortens or cuts their text, 'No fil…hosen',
 *   'mm/dd/yyyy, --:-', instead of overflowing), or a control whose box an
 *   ancestor with overflow: hidden cuts;
 * - a radio or checkbox squeezed out of square beside a long label;
 * - a numeric scale of radios that wraps unevenly (the '5' of a 1–5 score
 *   alone on a line);
 * - (item 9) a button, select or field in the browser's own look, a number
 *   input wider than a number, a checkbox or radio not beside its label's
 *   first line, and at 1024 px and wider a heading that does not start
 *   where the logo does, or a table that hides columns behind a sideways
 *   scroll.
 *
 * Servers of the tests' own (review-world.ts), as in accessibility.spec.ts:
 * reviews, decisions and the presenters' deadlines belong to the current
 * edition. E-mail requests: 2 per test and project, to those servers.
 */
import type { Page, TestInfo } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import { holdRequests } from './held-request.ts';
import { abstractPdf } from './pdfs.ts';
import { acceptAbstract, confirmTalk, setPresenterDeadlines } from './program-world.ts';
import { organiserReviewingUploads, signInAs, startReviewWorld, type ReviewWorld } from './review-world.ts';

/** What the browser finds wrong with the page's layout, one line per fault. */
function layoutFaults(): string[] {
  const faults: string[] = [];
  const root = document.documentElement;
  const width = root.clientWidth;

  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList].map((name) => `.${name}`).join('');
    const text = (element.getAttribute('aria-label') ?? element.textContent).trim().replace(/\s+/g, ' ');
    return `<${element.tagName.toLowerCase()}${id}${classes}>${text ? ` "${text.slice(0, 40)}"` : ''}`;
  };
  // Not on the screen: not displayed, transparent (a file input under its label), or for screen readers only.
  const offScreen = (element: Element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return true;
      const box = node.getBoundingClientRect();
      if (style.clipPath !== 'none' && box.width <= 1 && box.height <= 1) return true;
    }
    const box = element.getBoundingClientRect();
    return box.width === 0 && box.height === 0;
  };
  const scrolls = (element: Element) => /auto|scroll/.test(getComputedStyle(element).overflowX);
  const insideScroller = (element: Element) => {
    for (let node = element.parentElement; node && node !== root && node !== document.body; node = node.parentElement) {
      if (scrolls(node)) return true;
    }
    return false;
  };

  if (root.scrollWidth > width) faults.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${width} px`);

  const elements = [...document.body.querySelectorAll('*')].filter(
    (element) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName) && !offScreen(element),
  );
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    if ((box.right > width + 1 || box.left < -1) && !insideScroller(element)) {
      faults.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} px in ${width} px`);
    }
  }

  const controls = elements.filter((element) => element.matches('input, select, textarea, button, label'));
  // Where text is typed, text longer than the box scrolls in it: that is no clipping.
  const typedIn = 'textarea, input:not([type]), input:is([type="text"], [type="email"], [type="password"], [type="search"], [type="url"], [type="tel"], [type="number"])';
  for (const control of controls) {
    if (control.scrollWidth > control.clientWidth + 1 && control.clientWidth > 0 && !control.matches(typedIn)) {
      faults.push(`${describe(control)} is clipped: ${control.scrollWidth} px of content in ${control.clientWidth} px`);
    }
    const box = control.getBoundingClientRect();
    for (let node = control.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (!/hidden|clip/.test(`${style.overflowX} ${style.overflowY}`)) continue;
      const frame = node.getBoundingClientRect();
      const left = frame.left + node.clientLeft;
      const top = frame.top + node.clientTop;
      if (
        box.left < left - 1 ||
        box.right > left + node.clientWidth + 1 ||
        box.top < top - 1 ||
        box.bottom > top + node.clientHeight + 1
      ) {
        faults.push(`${describe(control)} is cut by ${describe(node)} (overflow: hidden)`);
        break;
      }
    }
  }

  // A file picker or a date-time input lays out its parts and cuts or shortens them rather than
  // overflow ('No fil…hosen', 'mm/dd/yyyy, --:-'): measure what it needs by a copy sized to its content.
  const cutting = 'input:is([type="file"], [type="date"], [type="time"], [type="datetime-local"], [type="month"], [type="week"])';
  for (const input of controls.filter((control) => control.matches(cutting))) {
    const copy = input.cloneNode() as HTMLInputElement;
    copy.removeAttribute('id');
    copy.style.cssText = 'position: absolute; visibility: hidden; width: max-content; min-width: 0; max-width: none';
    input.after(copy);
    const needs = copy.getBoundingClientRect().width;
    copy.remove();
    const has = input.getBoundingClientRect().width;
    if (needs > has + 1) faults.push(`${describe(input)} cuts its text: needs ${Math.round(needs)} px, has ${Math.round(has)} px`);
  }

  for (const box of controls.filter((control) => control.matches('input[type="radio"], input[type="checkbox"]'))) {
    const { width: across, height: down } = box.getBoundingClientRect();
    if (Math.abs(across - down) > 1) {
      const label = (box instanceof HTMLInputElement ? box.labels?.[0] : undefined) ?? box.closest('label') ?? box;
      faults.push(`${describe(label)}: its box is squeezed to ${across.toFixed(1)} × ${down.toFixed(1)} px`);
    }
  }

  // A scale of numbers (a score from 1 to 5) that wraps: its lines hold the same count, give or take one.
  // (Choices in words wrap where their words end, like text.)
  const scales = new Map<string, Element[]>();
  // A box's label: around it, or beside it and tied by `for` (the shared controls').
  const labelOf = (box: Element) => (box instanceof HTMLInputElement ? box.labels?.[0] : undefined) ?? box.closest('label') ?? box;
  for (const radio of controls.filter((control) => control.matches('input[type="radio"]'))) {
    const label = labelOf(radio);
    const name = radio.getAttribute('name') ?? '';
    scales.set(name, [...(scales.get(name) ?? []), label]);
  }
  for (const [name, labels] of scales) {
    if (labels.length < 3 || !labels.every((label) => /^\s*\d+\s*$/.test(label.textContent))) continue;
    const lines = new Map<number, number>();
    for (const label of labels) {
      const top = Math.round(label.getBoundingClientRect().top);
      lines.set(top, (lines.get(top) ?? 0) + 1);
    }
    const counts = [...lines.values()];
    if (Math.max(...counts) - Math.min(...counts) > 1) {
      faults.push(`the scale ${name} wraps unevenly: ${counts.join(' + ')} numbers a line`);
    }
  }
  // The site's controls, not the browser's (issue 23, item 9): a button, select or field left to the
  // browser's own look has its 13.33 px system font; ours inherit the page's.
  for (const control of controls.filter((element) => element.matches('button, select, textarea, input:not([type="checkbox"], [type="radio"])'))) {
    const size = parseFloat(getComputedStyle(control).fontSize);
    if (size < 14) faults.push(`${describe(control)} has the browser's own look (font ${size.toFixed(2)} px)`);
  }

  // A number is as wide as its digits, not the form (a word limit in a 1,160 px box).
  for (const input of controls.filter((control) => control.matches('input[type="number"]'))) {
    const across = input.getBoundingClientRect().width;
    if (across > 160) faults.push(`${describe(input)} is ${Math.round(across)} px wide for a number`);
  }

  // A checkbox or radio sits beside its label, level with its first line, not above it.
  for (const box of controls.filter((control) => control.matches('input[type="radio"], input[type="checkbox"]'))) {
    const label = (box as HTMLInputElement).labels?.[0];
    if (!label) continue;
    const words = document.createRange();
    words.selectNodeContents(label);
    // A label only screen readers hear (the user table's role boxes, under their column's header) has no words on screen.
    const unseen = [...label.querySelectorAll('.visually-hidden')].map((hidden) => hidden.textContent).join('');
    if (unseen.trim() !== '' && unseen.trim() === label.textContent.trim()) continue;
    const line = [...words.getClientRects()].find((rect) => rect.width > 0 && rect.left >= box.getBoundingClientRect().right - 1);
    const own = box.getBoundingClientRect();
    if (!line || line.top >= own.bottom || line.bottom <= own.top) {
      faults.push(`${describe(label)}: its box is not beside its words`);
    }
  }

  if (width >= 1024) {
    // The page's content starts where the logo does: one grid for every page.
    const brand = document.querySelector('.brand')?.getBoundingClientRect();
    const heading = document.querySelector('main h1')?.getBoundingClientRect();
    if (brand && heading && Math.abs(brand.left - heading.left) > 1) {
      faults.push(`the heading starts at x=${Math.round(heading.left)}, the logo at x=${Math.round(brand.left)}`);
    }
    // On a wide screen no table keeps columns behind a sideways scroll.
    for (const region of elements.filter((element) => scrolls(element) && element.querySelector('table'))) {
      if (region.scrollWidth > region.clientWidth + 1) {
        faults.push(`${describe(region)} hides ${region.scrollWidth - region.clientWidth} px of its table behind a sideways scroll`);
      }
    }
  }
  return faults;
}

interface Screens {
  page: Page;
  world: ReviewWorld;
  testInfo: TestInfo;
}

/** The widths each project measures: its own, and on the phone the narrowest we support too. */
function widthsOf(testInfo: TestInfo): number[] {
  const own = testInfo.project.use.viewport?.width ?? 1280;
  return own < 600 ? [own, 320] : [own];
}

/** Opens `path` (unless the page is there already) and waits for its heading and its data. */
async function open({ page, world }: Screens, path: string, title: string | RegExp) {
  if (new URL(page.url()).pathname !== path) await page.goto(`${world.url}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Measures the screen as it is now and attaches its picture; a fault fails the test at the end, not here. */
async function measure({ page, testInfo }: Screens, screen: string) {
  await page.evaluate(() => document.fonts.ready);
  const width = page.viewportSize()?.width ?? 0;
  const name = `${screen} at ${width} px`;
  await testInfo.attach(`${name}.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  expect.soft(await page.evaluate(layoutFaults), name).toEqual([]);
}

async function atEachWidth(screens: Screens, visit: () => Promise<void>) {
  const height = screens.page.viewportSize()?.height ?? 800;
  for (const width of widthsOf(screens.testInfo)) {
    await screens.page.setViewportSize({ width, height });
    await visit();
  }
}

/** An organiser who is admin and reviewer, with the author's abstract assigned to them. */
async function organiserWorld(page: Page, world: ReviewWorld) {
  const { call } = await organiserReviewingUploads(page, world, [
    'Vowel harmony and the long names of Finnic suffixes.pdf',
    'Tone sandhi.pdf',
  ]);
  return { call };
}

test('the admin screens neither overflow nor clip', async ({ page, playwright }, testInfo) => {
  test.setTimeout(240_000);
  const world = await startReviewWorld(playwright);
  try {
    const { call } = await organiserWorld(page, world);
    // Accepted and confirmed: the table's attendance columns and the program's unplaced talk.
    confirmTalk(world, 'Tone sandhi.pdf');
    await call('post', '/api/admin/program/2025/sessions', {
      kind: 'talks',
      title: 'Morning talks on phonology and its interfaces',
      starts_at: '2025-05-17T09:00:00-07:00',
      ends_at: '2025-05-17T10:30:00-07:00',
      room: 'Room 101',
    });
    const screens = { page, world, testInfo };
    const main = page.getByRole('main');

    await atEachWidth(screens, async () => {
      await open(screens, '/user-data', 'User Data');
      await measure(screens, 'user-data');
      await main.getByRole('button', { name: 'Submissions of Ada Lovelace' }).click();
      await expect(main.getByRole('button', { name: 'Hide submissions of Ada Lovelace' })).toBeVisible();
      await measure(screens, 'user-data, a user’s submissions open');

      await open(screens, '/user-data/editions', 'Edition Settings');
      await measure(screens, 'user-data-editions');
      await open(screens, '/user-data/templates', 'E-mail Templates');
      await measure(screens, 'user-data-templates');
      await open(screens, '/user-data/activity', 'Activity Log');
      await measure(screens, 'user-data-activity');

      await open(screens, '/user-data/reviews', 'Reviews');
      await measure(screens, 'user-data-reviews');
      const threshold = main.getByRole('region', { name: 'Decide by threshold' });
      await threshold.getByLabel('Cut-off (mean score)').fill('3');
      await threshold.getByRole('button', { name: 'Preview decisions' }).click();
      await expect(threshold.getByRole('heading', { name: 'At a cut-off of 3' })).toBeVisible();
      await measure(screens, 'user-data-reviews, the threshold preview open');
      await main.getByRole('link', { name: 'S25-001 reviews' }).click();
      await open(screens, new URL(page.url()).pathname, 'Reviews of S25-001');
      await measure(screens, 'user-data-reviews-S25-001');

      await open(screens, '/user-data/program', 'Program');
      await expect(main.getByRole('heading', { level: 2, name: 'Unplaced presentations' })).toBeVisible();
      await measure(screens, 'user-data-program');
    });
  } finally {
    // Nothing left loading from the server about to stop (a refused fetch logs an error).
    await page.goto('about:blank');
    await world.close();
  }
});

test('the reviewer’s screens neither overflow nor clip', async ({ page, playwright }, testInfo) => {
  test.setTimeout(240_000);
  const world = await startReviewWorld(playwright);
  try {
    await organiserWorld(page, world);
    const screens = { page, world, testInfo };
    const main = page.getByRole('main');

    await atEachWidth(screens, async () => {
      await open(screens, '/review', 'Review');
      await measure(screens, 'review');

      await open(screens, '/review/S25-001', 'Review S25-001');
      await measure(screens, 'review-S25-001, the empty form');
      await main.getByRole('button', { name: 'Submit review' }).click();
      await expect(main.getByText('Choose a recommendation.')).toBeVisible();
      await measure(screens, 'review-S25-001, the missing answers');
      await main.getByRole('button', { name: 'Abstain', exact: true }).click();
      await expect(main.getByLabel('Why are you abstaining?')).toBeVisible();
      await measure(screens, 'review-S25-001, the abstain form');
    });
  } finally {
    // Nothing left loading from the server about to stop (a refused fetch logs an error).
    await page.goto('about:blank');
    await world.close();
  }
});

test('the presenter’s screens neither overflow nor clip', async ({ page, playwright, browserErrors }, testInfo) => {
  test.setTimeout(240_000);
  // Saving the attendance form with nothing chosen is refused (422) on purpose.
  browserErrors.allow(/Failed to load resource: .*status of 422/);
  const world = await startReviewWorld(playwright);
  try {
    const author = await world.person('Ada', 'Lovelace');
    await world.upload(author, 'Vowel harmony and the long names of Finnic suffixes.pdf');
    await world.upload(author, 'Tone sandhi.pdf');
    confirmTalk(world, 'Tone sandhi.pdf', { format: 'both', mode: 'in_person' });
    // Accepted, not yet answered: the confirm form.
    acceptAbstract(world, 'Vowel harmony and the long names of Finnic suffixes.pdf');
    const inAYear = new Date(Date.now() + 365 * 24 * 3600 * 1000);
    setPresenterDeadlines(world, inAYear, inAYear);
    await signInAs(page, world, author);
    const screens = { page, world, testInfo };
    const main = page.getByRole('main');

    await atEachWidth(screens, async () => {
      await open(screens, '/sculc/submit-abstract', 'Abstract Submission Portal');
      await expect(main.getByLabel('Choose a PDF file')).toBeEnabled();
      await measure(screens, 'submit-abstract');
      await main.getByLabel('Choose a PDF file').setInputFiles({
        name: 'A rather long file name for an abstract on vowel harmony.pdf',
        mimeType: 'application/pdf',
        buffer: await abstractPdf(),
      });
      await main.getByRole('button', { name: 'Upload Abstract', exact: true }).click();
      await expect(main.getByText('Please correct the details marked below.')).toBeVisible();
      await measure(screens, 'submit-abstract, a file chosen and the details refused');
      await main.getByLabel('Choose a PDF file').setInputFiles({
        name: 'A rather long file name for an abstract on vowel harmony, in Word.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from('PK'),
      });
      await expect(main.getByRole('alert').filter({ hasText: 'The file must be a PDF.' })).toBeVisible();
      await measure(screens, 'submit-abstract, a file refused, named');

      await open(screens, '/sculc/view-submission', 'Thank You for Your Submission');
      await measure(screens, 'view-submission');

      await open(screens, '/sculc/congratulations-page', 'Congratulations!');
      const attendance = main.getByRole('region', { name: 'Attendance' });
      await expect(attendance.getByRole('article')).toHaveCount(2);
      await measure(screens, 'congratulations-page');
      // The final materials' picker: a file refused (named), then an upload held on its way (its progress).
      const confirmed = attendance.getByRole('article', { name: /^Tone sandhi/ });
      const slides = confirmed.getByLabel(/^(Upload|Replace) slides \(PDF\)$/);
      await slides.setInputFiles({
        name: 'A rather long name for the slides of a talk on tone sandhi.pptx',
        mimeType: 'application/vnd.ms-powerpoint',
        buffer: Buffer.from('PK'),
      });
      await expect(confirmed.getByRole('alert')).toContainText('The file must be a PDF.');
      await measure(screens, 'congratulations-page, a slides file refused, named');
      const upload = await holdRequests(page, '**/materials/slides', 'PUT');
      await slides.setInputFiles({
        name: 'A rather long name for the slides of a talk on tone sandhi.pdf',
        mimeType: 'application/pdf',
        buffer: await abstractPdf(),
      });
      await expect(confirmed.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
      await measure(screens, 'congratulations-page, slides uploading');
      upload.release();
      await expect(confirmed.getByText('Your slides were uploaded.')).toBeVisible();
      await upload.done();
      const unanswered = attendance.getByRole('article', { name: /^Vowel harmony/ });
      await unanswered.getByRole('button', { name: 'Confirm Your Attendance' }).click();
      await unanswered.getByRole('button', { name: 'Save' }).click();
      await expect(unanswered.getByText('Choose a format. Choose how you will attend.')).toBeVisible();
      await measure(screens, 'congratulations-page, the confirm form refused');

      await open(screens, '/profile', 'Profile');
      await measure(screens, 'profile');
    });
  } finally {
    // Nothing left loading from the server about to stop (a refused fetch logs an error).
    await page.goto('about:blank');
    await world.close();
  }
});
