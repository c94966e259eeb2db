import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { components } from '../../../api/schema';
import { answerOf, api } from '../../../lib/api-client';
import { sendForm, type UploadOptions } from '../../../lib/upload';

export type ContentOverview = components['schemas']['ContentOverview'];
export type DocumentSummary = components['schemas']['DocumentSummary'];
export type EditedDocument = components['schemas']['EditedDocument'];
export type ContentVersion = components['schemas']['ContentVersion'];
export type Published = components['schemas']['Published'];
/** A content document as the editor holds it: the shape of its kind's content type. */
export type DocumentBody = Record<string, unknown>;

/** Every key the editor's queries live under: a publication invalidates them all. */
export const editorQueryKey = ['site-editor'] as const;

export const overviewQueryOptions = queryOptions({
  queryKey: [...editorQueryKey, 'overview'] as const,
  queryFn: ({ signal }) => answerOf(api.GET('/api/editor/content', { signal })),
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}

/** A document as it is now (the draft if there is one), with its tag. */
export function fetchDocument(id: string, signal?: AbortSignal) {
  return answerOf(api.GET('/api/editor/documents/{id}', { params: { path: { id } }, signal }));
}

export function documentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...editorQueryKey, 'document', id] as const,
    queryFn: ({ signal }) => fetchDocument(id, signal),
    // The form holds the editor's text; a refetch must never replace it behind their back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useDocument(id: string) {
  return useQuery(documentQueryOptions(id));
}

/** The history: every version, or (`doc`) those that changed one page. */
export function versionsQueryOptions(doc?: string) {
  return queryOptions({
    queryKey: [...editorQueryKey, 'versions', doc ?? ''] as const,
    queryFn: ({ signal }) =>
      answerOf(api.GET('/api/editor/versions', { params: { query: doc ? { doc } : {} }, signal })),
  });
}

export function useVersions(doc?: string) {
  return useQuery(versionsQueryOptions(doc));
}

export interface SaveInput {
  id: string;
  base: string;
  /** null removes a board term or an edition's pages. */
  body: DocumentBody | null;
}

/** Saves a draft; 409 `edit_conflict` when someone saved since `base` was read. */
export function saveDocument({ id, base, body }: SaveInput) {
  return answerOf(api.PUT('/api/editor/documents/{id}', { params: { path: { id } }, body: { base, body: body as never } }));
}

export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDocument,
    onSuccess: async (saved, { id, body }) => {
      // The page opened again later starts from what was saved, with its new tag: an
      // old tag would make the next save look like someone else's change (409).
      queryClient.setQueryData(documentQueryOptions(id).queryKey, (old) =>
        old
          ? {
              ...old,
              body: body as typeof old.body,
              tag: saved.tag,
              problems: saved.problems,
              state: old.state === 'unchanged' ? 'changed' : old.state,
            }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: overviewQueryOptions.queryKey });
    },
  });
}

export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answerOf(api.DELETE('/api/editor/documents/{id}/draft', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorQueryKey }),
  });
}

export function useStartTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ term, copyRoles }: { term: string; copyRoles: boolean }) =>
      answerOf(api.POST('/api/editor/board-terms', { body: { term, copy_roles: copyRoles } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: editorQueryKey }),
  });
}

/** After a publication or a restore: the editor's lists, and the public pages this tab has read. */
function useLiveChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: editorQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['content'] }),
    ]);
}

export function usePublish() {
  const changed = useLiveChanged();
  return useMutation({
    mutationFn: () => answerOf(api.POST('/api/editor/publish', {})),
    onSuccess: changed,
  });
}

/** Publishes one page's draft alone; 422 lists its problems by field. */
export function usePublishDocument() {
  const changed = useLiveChanged();
  return useMutation({
    mutationFn: (id: string) =>
      answerOf(api.POST('/api/editor/documents/{id}/publish', { params: { path: { id } } })),
    onSuccess: changed,
  });
}

/** Makes one page as an earlier version had it live again. */
export function useRestoreDocument() {
  const changed = useLiveChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      answerOf(
        api.POST('/api/editor/documents/{id}/versions/{version}/restore', { params: { path: { id, version } } }),
      ),
    onSuccess: changed,
  });
}

export function useRestore() {
  const changed = useLiveChanged();
  return useMutation({
    mutationFn: (version: number) =>
      answerOf(api.POST('/api/editor/versions/{id}/restore', { params: { path: { id: version } } })),
    onSuccess: changed,
  });
}

export type StoredPhoto = components['schemas']['StoredPhoto'];
export type PhotoUpload = components['schemas']['PhotoUpload'];

/** How often the page asks how a photo's resizing goes. */
const FOLLOW_EVERY_MS = 400;

/**
 * Uploads a photo, then follows it while the server resizes it (off the
 * upload's request), and answers its stored files; a refusal, at once or
 * once decoded, rejects with the server's words, which name the file.
 */
export async function uploadPhoto(file: File, options: UploadOptions): Promise<StoredPhoto> {
  const form = new FormData();
  form.append('file', file);
  let upload = await sendForm<PhotoUpload>('POST', '/api/editor/photos', form, options);
  while (upload.state === 'waiting' || upload.state === 'resizing') {
    await pause(FOLLOW_EVERY_MS, options.signal);
    upload = await answerOf(
      api.GET('/api/editor/photos/{id}', { params: { path: { id: upload.id } }, signal: options.signal }),
    );
  }
  if (upload.state === 'done' && upload.photo) return upload.photo;
  throw new Error(upload.error ?? `${file.name} could not be stored. Please upload it again.`);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}
