import { useState } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useCreateEdition } from '../api/create-edition';
import { useDeleteEdition } from '../api/delete-edition';
import { useEditions } from '../api/get-editions';
import { AdminPage } from './admin-page';
import type { Notice } from './admin-toggle';
import { EditionForm } from './edition-form';
import { KeywordsForm } from './keywords-form';

/** /user-data/editions: the current edition's settings, and the next year's edition. */
export function EditionsPage() {
  const editions = useEditions();
  const create = useCreateEdition();
  const remove = useDeleteEdition();
  const [notice, setNotice] = useState<Notice>();
  const confirm = useConfirm();
  const current = editions.data?.[0];
  const previous = editions.data?.[1];

  const createNext = async (year: number) => {
    const question =
      `Create SCULC ${year}? It becomes the current edition at once, with the settings of SCULC ${year - 1} ` +
      'copied: the conference page, uploads and decisions then concern the new edition.';
    if (!(await confirm({ title: `Create SCULC ${year}`, message: question, confirmLabel: 'Create' }))) return;
    setNotice(undefined);
    try {
      await create.mutateAsync(year);
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to create the edition. Please try again.' });
      return;
    }
    setNotice({ tone: 'success', text: `SCULC ${year} was created. Check its settings below.` });
  };

  const deleteEdition = async (year: number) => {
    const after = previous ? `SCULC ${previous.year} becomes the current edition again. ` : '';
    const question = `Delete SCULC ${year}? ${after}Its settings and program go with it; this cannot be undone.`;
    const sure = await confirm({ title: `Delete SCULC ${year}`, message: question, confirmLabel: 'Delete', tone: 'danger' });
    if (!sure) return;
    setNotice(undefined);
    try {
      await remove.mutateAsync(year);
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to delete the edition. Please try again.' });
      return;
    }
    setNotice({ tone: 'success', text: `SCULC ${year} was deleted.` });
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
            <Button
              disabled={create.isPending}
              onClick={() => void createNext(current.year + 1)}
            >
              {create.isPending ? 'Creating...' : `Create SCULC ${current.year + 1}`}
            </Button>
          </section>
          <section className="card" aria-labelledby="delete-edition">
            <h2 id="delete-edition">Delete SCULC {current.year}</h2>
            <p>
              An edition created by mistake can be deleted while nobody has submitted to it
              {previous ? `; SCULC ${previous.year} then becomes the current edition again` : ''}.
            </p>
            <Button variant="danger"
              disabled={remove.isPending}
              onClick={() => void deleteEdition(current.year)}
            >
              {remove.isPending ? 'Deleting...' : `Delete SCULC ${current.year}`}
            </Button>
          </section>
        </>
      )}
    </AdminPage>
  );
}
