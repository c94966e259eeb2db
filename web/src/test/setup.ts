import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A page's code is imported the first time a test opens it (React.lazy), and
// Vitest transforms its modules then: on this 2-core machine shared by several
// builds that took up to 1.6 s for the admin pages, past Testing Library's
// 1 s wait, so the first test of a file failed at random. What the tests wait
// for is unchanged; they only wait longer before giving up.
configure({ asyncUtilTimeout: 4000 });

// Testing Library only cleans up by itself when test globals are on.
afterEach(() => {
  cleanup();
});

// jsdom lacks these browser APIs; components (and later the image gallery) use them.
if (!('matchMedia' in window)) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      // Still called by older libraries, so the stub keeps the deprecated pair.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      addListener: () => undefined,
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
  }
  // Not vi.stubGlobal: the config's unstubGlobals would remove it after the first test.
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Section links scroll to their section; jsdom has no layout, so nothing to scroll.
Element.prototype.scrollIntoView = () => undefined;

// The layout scrolls a new page to its top; jsdom does not implement scrolling.
window.scrollTo = () => undefined;

// jsdom has <dialog> but neither showModal() nor close(); the app's dialog
// (components/confirm-dialog.tsx) needs only the open attribute and the close event.
// The type says showModal is always there; jsdom's prototype says otherwise.
const dialogPrototype: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
if (!dialogPrototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
