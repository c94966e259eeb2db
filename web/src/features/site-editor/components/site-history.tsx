import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths, routes } from '../../../config/routes';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import {
  useOverview,
  useRestore,
  useRestoreDocument,
  useVersions,
  type ContentVersion,
  type Published,
} from '../api/site-editor';
import { EditorPage, PreviewLink, publicPathOf } from './editor-page';
import { Problems, PublishedMessage } from './messages';

/** What a version's line says it was. */
export function versionOrigin(version: ContentVersion): string {
  switch (version.action) {
    case 'baseline':
      return 'As installed';
    case 'restore':
      return version.restored_from === null
        ? `Restored by ${version.published_by}`
        : `Restored from version ${String(version.restored_from)} by ${version.published_by}`;
    case 'import':
      return `Imported from files by ${version.published_by}`;
    default:
      return `Published by ${version.published_by}`;
  }
}

/**
 * /site/history: every version, each previewed and restored in one step;
 * with `?doc=`, only the versions that changed that page, each previewed
 * on that page and restored for that page alone.
 */
export function SiteHistory() {
  const [params] = useSearchParams();
  const doc = params.get('doc') ?? undefined;
  const versions = useVersions(doc);
  const overview = useOverview();
  const restoreAll = useRestore();
  const restoreOne = useRestoreDocument();
  const restore = doc ? restoreOne : restoreAll;
  const confirm = useConfirm();
  const [restored, setRestored] = useState<{ from: number; published: Published }>();
  const page = doc ? overview.data?.documents.find((document) => document.id === doc) : undefined;
  const what = page ? page.label : 'The site';

  const onRestore = async (version: number) => {
    setRestored(undefined);
    const go = await confirm({
      title: `Restore version ${String(version)}`,
      message: `${what} will show version ${String(version)} again, at once, as a new version. Nothing is lost: the current one stays in the history.`,
      confirmLabel: 'Restore',
    });
    if (!go) return;
    try {
      const published = doc
        ? await restoreOne.mutateAsync({ id: doc, version })
        : await restoreAll.mutateAsync(version);
      setRestored({ from: version, published });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <EditorPage title={page ? `History of ${page.label}` : routes.siteEditorHistory.title}>
      {doc ? (
        <p>
          The versions that changed this page. <Link to={`${paths.siteEditorDocument}?doc=${doc}`}>Back to the page</Link>
          {' · '}
          <Link to={paths.siteEditorHistory}>The whole site's history</Link>
        </p>
      ) : (
        <p>Every publication is kept. Preview an earlier version, or restore it: the restore is a new version.</p>
      )}
      {restored && (
        <PublishedMessage published={restored.published} what={`Version ${String(restored.from)} restored`} />
      )}
      {restore.error && (
        <FormMessage tone="error">
          {refusalMessage(restore.error) ?? 'Failed to restore. Please try again.'}
          {restore.error instanceof ApiError && <Problems fields={restore.error.fields} documents={overview.data?.documents} />}
        </FormMessage>
      )}
      {versions.isPending && <PageLoading label="Loading the history…" />}
      {versions.isError && (
        <FormMessage tone="error">
          {refusalMessage(versions.error) ?? 'Failed to load the history. Please try again.'}
        </FormMessage>
      )}
      <ol className="site-editor-versions">
        {versions.data?.map((version) => (
          <li key={version.id}>
            <h2>
              Version {version.id}
              {version.live && <span className="site-editor-state is-live">Live</span>}
            </h2>
            <p>
              {versionOrigin(version)}, {formatConferenceTime(version.published_at)}
            </p>
            {version.changes.length > 0 && (
              <ul>
                {version.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            )}
            <div className="site-editor-actions">
              <PreviewLink path={doc ? publicPathOf(doc) : paths.home} of={String(version.id)}>
                Preview version {version.id}
              </PreviewLink>
              {!version.live && (
                <Button variant="secondary" disabled={restore.isPending} onClick={() => void onRestore(version.id)}>
                  Restore version {version.id}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </EditorPage>
  );
}
