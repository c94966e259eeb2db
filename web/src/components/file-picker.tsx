import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type Ref } from 'react';

import { formatFileSize } from '../lib/format-size';
import { Button } from './button';
import { FormMessage } from './form-message';
import './file-picker.css';

/** A file on its way to the server: how much of it is sent. */
export interface UploadState {
  file: File;
  /** 0 to 100. */
  percent: number;
}

/** Why a file was not taken or not uploaded; `file` names it when there is one. */
export interface FileError {
  file?: File | null;
  reason: string;
}

interface FilePickerProps {
  /** The button's words, also the input's name ('Choose a PDF file', 'Upload slides (PDF)'). */
  label: string;
  /** The file types offered (the input's `accept`); the page still checks what it gets. */
  accept?: string;
  multiple?: boolean;
  name?: string;
  disabled?: boolean;
  /**
   * Files the user picked or dropped; the page decides whether to take
   * them. Empty when the picker was opened and canceled.
   */
  onFiles: (files: File[]) => void;
  /**
   * What is chosen, shown by name and size and read out with the input.
   * Left out when choosing starts the upload at once (nothing stays chosen).
   */
  chosen?: readonly File[];
  /** Words inviting a drop ('Drag and drop your PDF file here, or'): the picker is then drawn as a drop zone. */
  dropHint?: string;
  /** The upload under way, with its progress (and cancel, with onCancel). */
  upload?: UploadState | null;
  onCancel?: () => void;
  /** Shown under the progress once every byte is sent (the server still checks the file). */
  checkingNote?: string;
  error?: FileError | null;
  /** The input, e.g. to move focus back to it. */
  ref?: Ref<HTMLInputElement>;
}

function chosenText(files: readonly File[]): string {
  if (files.length === 0) return 'No file selected.';
  const list = files.map((file) => `${file.name} (${formatFileSize(file.size)})`).join(', ');
  return files.length === 1 ? `Selected file: ${list}` : `Selected files: ${list}`;
}

/**
 * The site's file picker: a button-like label over the real
 * <input type="file">, which is only visually hidden, so that it keeps its
 * place in the tab order, its name and the keyboard's Enter/Space. A file
 * may also be dropped onto it (a pointer shortcut: the picker itself is the
 * way in for keyboards and screen readers). It shows what is chosen, the
 * upload's progress with a way to cancel it, and why a file was refused,
 * naming the file. Styled in file-picker.css.
 */
export function FilePicker({
  label,
  accept,
  multiple = false,
  name,
  disabled = false,
  onFiles,
  chosen,
  dropHint,
  upload,
  onCancel,
  checkingNote,
  error,
  ref,
}: FilePickerProps) {
  const inputId = useId();
  const chosenId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const blocked = disabled || Boolean(upload);
  // Cancel goes with the upload it stops: focus then returns to the picker
  // (enabled again once the upload is gone), not to the top of the page.
  const refocus = useRef(false);
  useEffect(() => {
    if (upload || !refocus.current) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [upload]);
  const cancel = onCancel
    ? () => {
        refocus.current = true;
        onCancel();
      }
    : undefined;

  // A file dropped just beside the picker would otherwise make the browser
  // leave the page to show it.
  useEffect(() => {
    const keepPage = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keepPage);
    window.addEventListener('drop', keepPage);
    return () => {
      window.removeEventListener('dragover', keepPage);
      window.removeEventListener('drop', keepPage);
    };
  }, []);

  const setInput = (input: HTMLInputElement | null) => {
    inputRef.current = input;
    if (typeof ref === 'function') ref(input);
    else if (ref) ref.current = input;
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Without a list to show, the input forgets its choice, so that choosing
    // the same file again (after a refusal or a cancel) fires change.
    if (!chosen) event.target.value = '';
    onFiles(files);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = blocked ? 'none' : 'copy';
    if (!blocked) setDragging(true);
  };

  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setDragging(false);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (blocked) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return; // text or a link, not a file
    if (inputRef.current) inputRef.current.value = '';
    onFiles(files);
  };

  const pickerClass = [
    'file-picker',
    dropHint ? 'is-zone' : '',
    dragging ? 'is-dragging' : '',
    blocked ? 'is-disabled' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="file-picker-field">
      {/* Dropping is a pointer shortcut only: keyboard and screen reader users have the input inside. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className={pickerClass} onDragOver={handleDragOver} onDragLeave={handleDragLeave} onDrop={handleDrop}>
        {dropHint && <p className="file-picker-hint">{dropHint}</p>}
        <input
          ref={setInput}
          id={inputId}
          className="file-picker-input"
          type="file"
          name={name}
          accept={accept}
          multiple={multiple}
          disabled={blocked}
          aria-describedby={chosen ? chosenId : undefined}
          onChange={handleChange}
        />
        <label htmlFor={inputId} className="button button-secondary file-picker-button">
          {label}
        </label>
        {chosen && (
          <p id={chosenId} className="file-picker-chosen" aria-live="polite">
            {chosenText(chosen)}
          </p>
        )}
      </div>
      {upload && <UploadProgress upload={upload} onCancel={cancel} checkingNote={checkingNote} />}
      {error && <FileErrorMessage error={error} />}
    </div>
  );
}

/** Why a file was refused, the file named first ('notes.docx: The file must be a PDF.'). */
export function FileErrorMessage({ error }: { error: FileError }) {
  return (
    <FormMessage tone="error">
      {error.file && <strong className="file-picker-error-file">{error.file.name}: </strong>}
      {error.reason}
    </FormMessage>
  );
}

interface UploadProgressProps {
  upload: UploadState;
  onCancel?: (() => void) | undefined;
  checkingNote?: string | undefined;
}

/**
 * An upload's progress: which file, a native <progress> named 'Upload
 * progress' (read out with its value) and the percent as text, and a
 * Cancel button while bytes are still going. Not a live region: announcing
 * every percent would drown out everything else. Once all is sent the
 * server still reads the file; cancelling then would not stop it storing
 * the file, so the button goes and the note says what is happening.
 */
export function UploadProgress({ upload, onCancel, checkingNote }: UploadProgressProps) {
  const id = useId();
  const sent = upload.percent >= 100;
  return (
    <div className="upload-progress">
      <p className="upload-progress-file">
        Uploading <strong>{upload.file.name}</strong> ({formatFileSize(upload.file.size)})
      </p>
      <label htmlFor={id} className="upload-progress-label">
        Upload progress
      </label>
      <div className="upload-progress-bar">
        <progress id={id} className="upload-progress-meter" max={100} value={upload.percent} />
        <span className="upload-progress-value">{upload.percent}%</span>
        {onCancel && !sent && (
          <Button variant="secondary" className="upload-progress-cancel" onClick={onCancel}>
            Cancel upload
          </Button>
        )}
      </div>
      {sent && checkingNote && <p className="upload-progress-note">{checkingNote}</p>}
    </div>
  );
}
