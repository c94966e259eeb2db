import { useState } from 'react';

import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useCreateEdition } from '../api/create-edition';
import { useEditions } from '../api/get-editions';
import { AdminPage } from './admin-page';
import type { Notice } from './admin-toggle';
import { EditionForm } from './edition-form';
import { KeywordsForm } from './keywords-form';

/** /user-data/editions: the current edition's settings, and the next year's edition. */
export function EditionsPage() {
  const editions = useEditions();
  const create = useCreateEdition();
  const [notice, setNotice] = useState<Notice>();
  const current = editions.data?.[0];

  const createNext = async (year: number) => {
    const question =
      `Create SCULC ${year}? It becomes the current edition at once, with the settings of SCULC ${year - 1} ` +
      'copied: the conference page, uploads and decisions then concern the new edition.';
    if (!window.confirm(question)) return;
    setNotice(undefined);
    try {
      await create.mutateAsync(year);
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to create the edition. Please try again.' });
      return;
    }
    setNotice({ tone: 'success', text: `SCULC ${year} was created. Check its settings below.` });
  };

  return (
    <AdminPage title={routes.userDataEditions.title}>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {editions.isPending && <PageLoading label="Loading the editions…" />}
      {editions.isError && (
        <FormMessage tone="error">
          {refusalMessage(editions.error) ?? 'Failed to load the editions. Please try again.'}
        </FormMessage>
      )}
      {editions.isSuccess && !current && <p>There is no edition yet.</p>}
      {current && (
        <>
          <section className="card" aria-labelledby="current-edition">
            <h2 id="current-edition">SCULC {current.year} (current edition)</h2>
            <EditionForm key={current.year} edition={current} />
            <h3>Keywords</h3>
            <KeywordsForm key={`keywords-${current.year}`} edition={current} />
          </section>
          <section className="card" aria-labelledby="next-edition">
            <h2 id="next-edition">Next year</h2>
            <p>
              Creating SCULC {current.year + 1} copies the limits, links and contact of SCULC {current.year}. The new
              edition becomes the current one for the whole site.
            </p>
            <button
              type="button"
              className="button"
              disabled={create.isPending}
              onClick={() => void createNext(current.year + 1)}
            >
              {create.isPending ? 'Creating...' : `Create SCULC ${current.year + 1}`}
            </button>
          </section>
        </>
      )}
    </AdminPage>
  );
}
