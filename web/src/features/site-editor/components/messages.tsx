import { Link } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { paths } from '../../../config/routes';
import type { FieldErrors } from '../../../lib/api-client';
import type { DocumentSummary, Published } from '../api/site-editor';
import { fileLabel } from './editor-page';

/** The page a problem's file is ('board/2025-2026.toml' is 'board:2025-2026'). */
export function documentOfFile(file: string): string {
  const board = /^board\/(\d{4}-\d{4})\.toml$/.exec(file);
  if (board) return `board:${board[1] ?? ''}`;
  const edition = /^editions\/(\d{4})\.toml$/.exec(file);
  if (edition) return `edition:${edition[1] ?? ''}`;
  return file.replace(/\.toml$/, '');
}

/**
 * The problems a refused publication of several pages lists, by page, each
 * page a link to its form (where each problem stands next to its field).
 */
export function Problems({ fields, documents = [] }: { fields: FieldErrors; documents?: readonly DocumentSummary[] }) {
  return (
    <ul className="site-editor-problems">
      {Object.entries(fields).map(([page, messages]) => {
        const document = documents.find((candidate) => candidate.id === documentOfFile(page));
        return (
          <li key={page}>
            {document ? (
              <Link to={`${paths.siteEditorDocument}?doc=${document.id}`}>{fileLabel(page)}</Link>
            ) : (
              <strong>{fileLabel(page)}</strong>
            )}
            <ul>
              {messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** What went live: the version, and what changed, in words. */
export function PublishedMessage({ published, what = 'Published' }: { published: Published; what?: string }) {
  return (
    <FormMessage tone="success">
      {what}: version {published.version} is live. Visitors see it now.
      {published.changes.length > 0 && (
        <ul>
          {published.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
    </FormMessage>
  );
}
