import { useRef, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button } from '../../../components/button';
import { FilePicker, UploadProgress, type FileError } from '../../../components/file-picker';
import { FormMessage, toneOf } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { useFocusAfterRender } from '../../../hooks/use-focus-after-render';
import { useUpload } from '../../../hooks/use-upload';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format-size';
import type { RedirectState } from '../../../lib/redirect-state';
import { useCurrentEdition } from '../api/get-current-edition';
import { useUploadSubmission } from '../api/upload-submission';
import { AbstractGuidelines } from './abstract-guidelines';
import { closedCallNotice, looksLikePdf } from './call-for-abstracts';
import { checkDraft, emptyDraft, type DetailsDraft } from './details-draft';
import { DetailsFields } from './details-fields';

export function SubmitAbstractPage() {
  const navigate = useNavigate();
  const edition = useCurrentEdition();
  const upload = useUploadSubmission();
  // Only picks the wording of a closed call ("opens on" or "deadline was").
  const [now] = useState(() => Date.now());
  const [file, setFile] = useState<File | null>(null);
  // About the file (refused, or not uploaded), shown with the picker naming it.
  const [fileError, setFileError] = useState<FileError | null>(null);
  // About the form as a whole (the details to correct).
  const [message, setMessage] = useState<string | null>(null);
  const [details, setDetails] = useState<DetailsDraft>(emptyDraft);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Aborted if the user cancels or leaves the page (it could no longer tell them how it went).
  const sending = useUpload((chosen, options) => upload.mutateAsync({ file: chosen, details, ...options }));
  // From the click until the page is left (or the upload failed): the
  // button stays disabled while the next page's code loads, too.
  const [busy, setBusy] = useState(false);
  // The same, read synchronously, so a second submit cannot slip in before
  // React has rendered the disabled button.
  const inFlight = useRef(false);
  const pickerRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const closedNotice = edition.data ? closedCallNotice(edition.data, now) : null;
  const maxBytes = edition.data?.max_file_bytes;

  const chooseFiles = (files: File[]) => {
    const [candidate, ...others] = files;
    let refusal: string | null = null;
    if (candidate && others.length > 0) refusal = messages.oneFileAtATime;
    else if (candidate && !looksLikePdf(candidate)) refusal = messages.notPdf;
    else if (candidate && maxBytes !== undefined && candidate.size > maxBytes) {
      refusal = `The file is too large: the limit is ${formatFileSize(maxBytes)}.`;
    }
    setFile(refusal ? null : (candidate ?? null));
    setFileError(refusal ? { file: others.length > 0 ? null : candidate, reason: refusal } : null);
    setMessage(null);
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || closedNotice) return;
    if (!file) {
      setFileError({ reason: messages.selectFileToUpload });
      return;
    }
    const problems = checkDraft(details);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      setMessage('Please correct the details marked below.');
      return;
    }
    inFlight.current = true;
    setBusy(true);
    setMessage(null);
    setFileError(null);
    const outcome = await sending.start(file);
    if (outcome.status === 'done') {
      const state: RedirectState = { message: messages.uploadSucceeded };
      await navigate(paths.viewSubmission, { state });
      return;
    }
    inFlight.current = false;
    setBusy(false);
    if (outcome.status === 'canceled') {
      // Back to the picker (enabled again once rendered), the file still chosen.
      focusAfterRender(() => pickerRef.current);
      return;
    }
    // The server's reason when it gives one (too large, not a PDF, call
    // closed); the spec's message for outages and server errors.
    setFileError({ file, reason: refusalMessage(outcome.error) ?? messages.uploadFailed });
    setFieldErrors(outcome.error instanceof ApiError ? outcome.error.fields : {});
  };

  return (
    <Page title={routes.submitAbstract.title} className="narrow">
      {closedNotice && (
        <>
          <FormMessage tone="info">{closedNotice}</FormMessage>
          {/* The server's refusal of an upload the closing call cut short. */}
          {fileError && <FormMessage tone="error">{fileError.reason}</FormMessage>}
          <p>
            Your submissions and next steps are on your <Link to={paths.sculc}>conference home</Link>.
          </p>
        </>
      )}
      {edition.isPending && <PageLoading label="Loading the submission guidelines…" />}
      {edition.isError && <FormMessage tone="error">{messages.editionLoadFailed}</FormMessage>}
      {edition.isSuccess && <AbstractGuidelines edition={edition.data} />}

      {/* A closed call shows no form at all: nothing on it could be sent. */}
      {!closedNotice && (
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        {message && <FormMessage tone={toneOf(message)}>{message}</FormMessage>}
        <FilePicker
          ref={pickerRef}
          label="Choose a PDF file"
          name="file"
          accept=".pdf,application/pdf"
          dropHint="Drag and drop your PDF file here, or"
          chosen={file ? [file] : []}
          disabled={busy || closedNotice !== null}
          onFiles={chooseFiles}
          error={fileError}
        />
        <DetailsFields
          draft={details}
          onChange={setDetails}
          offered={edition.data?.keywords ?? []}
          errors={fieldErrors}
          disabled={busy || closedNotice !== null}
        />
        {sending.progress && (
          <UploadProgress upload={sending.progress} onCancel={sending.cancel} checkingNote="Checking your abstract…" />
        )}
        <Button type="submit" disabled={busy || closedNotice !== null}>
          {busy ? 'Uploading...' : 'Upload Abstract'}
        </Button>
      </form>
      )}
    </Page>
  );
}
