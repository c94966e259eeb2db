/*
 * An editor's preview tab (issue 24): opened as `/any-page?preview=draft`
 * (or `?preview=12`, a version), it shows every page from the draft and
 * says so in a banner, until the editor leaves the preview. The choice is
 * kept for the tab (sessionStorage), read once at start-up, so the whole
 * tab is a preview or not and its cached content is never mixed.
 */

/** Where the tab keeps its preview (the banner's 'Leave the preview' removes it). */
export const PREVIEW_KEY = 'colloquy-preview';

function read(): string | null {
  try {
    const asked = new URLSearchParams(globalThis.location.search).get('preview');
    if (asked) sessionStorage.setItem(PREVIEW_KEY, asked);
    return sessionStorage.getItem(PREVIEW_KEY);
  } catch {
    return null;
  }
}

/** 'draft', a version's number, or null when this tab shows the live site. */
export const preview = read();

/** The query string of a content request (`?preview=draft`), or ''. */
export const previewSearch = preview ? `?preview=${encodeURIComponent(preview)}` : '';

/** The query of a content request made with the full API client. */
export const previewQuery = preview ? { preview } : undefined;

