import { Link } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { paths } from '../../../config/routes';
import type { FieldErrors } from '../../../lib/api-client';
import type { DocumentSummary, Published } from '../api/site-editor';

/**
 * The problems a refused publication of several pages lists, by page, each
 * page a link to its form (where each problem stands next to its field).
 */
export function Problems({ fields, documents = [] }: { fields: FieldErrors; documents?: readonly DocumentSummary[] }) {
  return (
    <ul className="site-editor-problems">
      {Object.entries(fields).map(([page, messages]) => {
        const document = documents.find((candidate) => candidate.id === page);
        return (
          <li key={page}>
            {document ? (
              <Link to={`${paths.siteEditorDocument}?doc=${document.id}`}>{document.label}</Link>
            ) : (
              <strong>{page}</strong>
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
