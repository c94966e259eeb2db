#!/usr/bin/env node
/**
 * Scan to green in the browser (issue 26; bench/README.md, section
 * "`check-in`"): a volunteer's phone (Debian's Chromium, headless, 375 × 812)
 * on the desk page with its camera on; each ticket is "seen" by the camera,
 * and the time runs from the moment the desk's QR reader hands over the
 * ticket to the first frame that shows the green "Checked in" panel with
 * the person's name. The camera and the decoding of its picture are left
 * out: Chromium's fake camera plays a test pattern, and a stand-in for the
 * browser's BarcodeDetector (the reader the desk uses where the browser has
 * one) answers the ticket the benchmark gives it, once, at the desk's next
 * read of a frame. What is timed is the page's own work: the request, its
 * answer, React's render, the frame drawn.
 *
 * Not run on its own: `target/release/check-in --browser` (bench/src/check_in.rs)
 * starts it after its HTTP rounds, with SCAN_HANDOFF naming the server, the
 * event, a volunteer's session cookie and the tickets (undone, so each
 * checks in green), and prints what it prints. Needs `cd bench && npm ci`.
 */
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const handoff = JSON.parse(process.env.SCAN_HANDOFF ?? 'null');
if (!handoff) throw new Error('SCAN_HANDOFF is not set: run this through `check-in --browser`');
const { url, slug, cookie, tickets } = handoff;

/** The BarcodeDetector stand-in, installed before the page's scripts run. */
function fakeDetector() {
  window.__scan = { pending: null, seenAt: 0 };
  window.BarcodeDetector = class {
    static getSupportedFormats() {
      return Promise.resolve(['qr_code']);
    }
    detect() {
      const token = window.__scan.pending;
      if (!token) return Promise.resolve([]);
      window.__scan.pending = null;
      window.__scan.seenAt = performance.now();
      return Promise.resolve([{ rawValue: token }]);
    }
  };
}

/**
 * In the page: hands the ticket to the reader and resolves, once the green
 * panel names the person and a frame has been drawn with it, with the time
 * from the read to that frame and the scan request's own time (resource
 * timing, request start to last byte).
 */
function scanOnce({ token, name }) {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`no green panel for ${name}`)), 10_000);
    const shown = () => {
      const panel = document.querySelector('.check-in-result.is-good');
      return panel?.querySelector('.check-in-result-name')?.textContent === name;
    };
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const drawn = performance.now();
        clearTimeout(timeout);
        const requests = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/scans') && entry.startTime >= window.__scan.seenAt);
        const request = requests.at(-1);
        resolve({
          toGreen: drawn - window.__scan.seenAt,
          request: request ? request.responseEnd - request.startTime : Number.NaN,
        });
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    performance.clearResourceTimings();
    window.__scan.pending = token;
  });
}

function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.max(1, Math.ceil(sorted.length * fraction)) - 1];
  return `${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} | ${sorted.at(-1).toFixed(1)}`;
}

const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const [cookieName, ...rest] = cookie.split('=');
  await browser.setCookie({ name: cookieName, value: rest.join('='), url });
  await page.evaluateOnNewDocument(fakeDetector);
  await page.goto(`${url}/check-in/${slug}`, { waitUntil: 'networkidle0' });
  await page.locator('button::-p-text(Start the camera)').click();
  await page.locator('button::-p-text(Stop the camera)').wait();
  // Two warm-up scans (the code of the result panel, the connection).
  const warm = 2;
  const times = [];
  for (const [index, ticket] of tickets.entries()) {
    const time = await page.evaluate(scanOnce, ticket);
    if (index >= warm) times.push(time);
  }
  console.log(`| Chromium, 375 px, one desk | ${times.length} | ${spread(times.map((t) => t.toGreen))} | ${spread(times.map((t) => t.request))} |`);
} finally {
  await browser.close();
}
