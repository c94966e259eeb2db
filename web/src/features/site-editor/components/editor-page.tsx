import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router';

import { Page } from '../../../components/page';
import { paths } from '../../../config/routes';
import { EditorOnly } from './editor-only';
import './site-editor.css';

/** The public page that shows a document, for its preview link. */
export function publicPathOf(id: string): string {
  const [kind, key] = id.split(':');
  if (kind === 'naclo') return paths.naclo;
  if (kind === 'board') return paths.board;
  if (kind === 'edition' && key) return `/sculc-${key}`;
  return paths.home;
}

/** What an officer calls a content file the server names in a problem ('board/2025-2026.toml'). */
export function fileLabel(file: string): string {
  if (file === 'site.toml') return 'Home page, footer and carousel';
  if (file === 'naclo.toml') return 'NACLO page';
  const board = /^board\/(\d{4})-(\d{4})\.toml$/.exec(file);
  if (board) return `Board ${board[1] ?? ''}–${board[2] ?? ''}`;
  const edition = /^editions\/(\d{4})\.toml$/.exec(file);
  if (edition) return `SCULC ${edition[1] ?? ''} pages`;
  return file;
}

/** A preview of `path` as the draft (or a version) has it, in a new tab. */
export function PreviewLink({ path, of = 'draft', children }: { path: string; of?: string; children: ReactNode }) {
  return (
    <a href={`${path}?preview=${of}`} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * A page for editors and admins only, guarded in the editor's own chunk
 * rather than in the router every page loads: anyone else sees 'Not
 * authorised', and the page (with its requests) is never rendered.
 */
export function editorsOnly(Page: ComponentType): ComponentType {
  return function Guarded() {
    return (
      <EditorOnly>
        <Page />
      </EditorOnly>
    );
  };
}

/** An editor's page: its title, the editor's tabs, then its content. */
export function EditorPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} className="site-editor-page">
      <nav className="sub-nav" aria-label="Site editor">
        <ul>
          <li>
            <NavLink to={paths.siteEditor} end>
              Pages
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.siteEditorHistory} end>
              History
            </NavLink>
          </li>
        </ul>
      </nav>
      {children}
    </Page>
  );
}
