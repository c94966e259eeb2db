import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { useConfirm } from '../../../components/confirm-dialog';

/** The mark of the history entry this page adds, so going back passes through it. */
const GUARD = 'siteEditorGuard';

interface LeaveGuardOptions {
  /** Whether the form holds text the server does not have. */
  dirty: boolean;
  /** Saves it now; resolves to whether it was kept. */
  flush: () => Promise<boolean>;
}

/**
 * Never lets an officer leave the page with text the server does not
 * have without asking. A link (the "All pages" link, the menu) first saves
 * the text and goes on once it is kept; if it cannot be kept, the officer
 * is asked. The back button is asked through an entry this page adds to
 * the history (the router cannot hold a back navigation): going back
 * lands on it, and the page asks before going further. A reload or a
 * closed tab gets the browser's own question.
 */
export function useLeaveGuard({ dirty, flush }: LeaveGuardOptions) {
  const navigate = useNavigate();
  const confirm = useConfirm();
  const dirtyRef = useRef(dirty);
  const flushRef = useRef(flush);
  useEffect(() => {
    dirtyRef.current = dirty;
    flushRef.current = flush;
  });

  // Leaves anyway? Asked only when the text could not be saved.
  const mayLeave = async () => {
    if (!dirtyRef.current || (await flushRef.current())) return true;
    return confirm({
      title: 'Leave without your last changes?',
      message: 'Your last changes to this page could not be saved. If you leave now, they are lost.',
      confirmLabel: 'Leave without them',
      cancelLabel: 'Stay on the page',
      tone: 'danger',
    });
  };
  const mayLeaveRef = useRef(mayLeave);
  useEffect(() => {
    mayLeaveRef.current = mayLeave;
  });

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, []);

  // Links: held before the router sees the click, let through once the text is kept.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // A link within the page (the summary's, to a field) leaves nothing.
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      void mayLeaveRef.current().then((leave) => {
        if (leave) void navigate(`${url.pathname}${url.search}${url.hash}`);
      });
    };
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
    };
  }, [navigate]);

  // The back button.
  useEffect(() => {
    const marked = () => (window.history.state as Record<string, unknown> | null)?.[GUARD] === true;
    const mark = () => {
      window.history.pushState({ ...(window.history.state as object | null), [GUARD]: true }, '', window.location.href);
    };
    if (!marked()) mark();
    let leaving = false;
    const onPop = () => {
      // Back from the added entry to the page's own: ask, then go on back or stay.
      if (marked() || leaving) return;
      void mayLeaveRef.current().then((leave) => {
        if (!leave) {
          mark();
          return;
        }
        leaving = true;
        window.history.back();
      });
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, []);
}
