/**
 * The admin frame, as each domain's admin screens use it: the page with the
 * admin tabs (its stylesheet styles the `admin-` classes the screens share:
 * `admin-form-actions`, the pager, the sort headers, the needs note), what a
 * screen says after an action, and the controls more than one admin screen
 * shows. The route table (`components/admin-pages.ts`) and the guard
 * (`components/admin-only.tsx`) are the app's, not exported here.
 */
export { AdminPage } from './components/admin-page';
export { NeedsNote } from './components/needs-note';
export { Pager } from './components/pager';
export { SortHeader } from './components/sort-header';
export type { Notice } from './notice';
