import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';

import { formatFileSize } from '../../../lib/format';
import './submissions.css';

interface PdfPickerProps {
  /** The chosen file, shown by name and size. */
  file: File | null;
  disabled: boolean;
  /**
   * Files the user picked or dropped; the page decides whether to take them.
   * Empty when the picker was opened and canceled (the choice is cleared).
   */
  onFiles: (files: File[]) => void;
}

/**
 * A file picker for one PDF, inside a zone that also takes a dropped file.
 *
 * The picker is the accessible way in: a real <input type="file">, only
 * visually replaced by its label styled as a button, so that it keeps its
 * place in the tab order, its name and the keyboard's Enter/Space. The zone
 * around it is a plain element with drag handlers, nothing a keyboard or a
 * screen reader needs.
 */
export function PdfPicker({ file, disabled, onFiles }: PdfPickerProps) {
  const inputId = useId();
  const selectedId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // A file dropped just beside the zone would otherwise make the browser
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

  const resetInput = () => {
    // So that choosing the same file again (after a refusal) fires change.
    if (inputRef.current) inputRef.current.value = '';
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles(Array.from(event.target.files ?? []));
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setDragging(false);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return; // text or a link, not a file
    resetInput();
    onFiles(files);
  };

  const zoneClass = ['drop-zone', dragging ? 'is-dragging' : '', disabled ? 'is-disabled' : '']
    .filter(Boolean)
    .join(' ');

  return (
    // Dropping is a pointer shortcut only: the zone is no control of its
    // own, and keyboard and screen reader users have the picker inside it.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className={zoneClass} onDragOver={handleDragOver} onDragLeave={handleDragLeave} onDrop={handleDrop}>
      <p className="drop-zone-hint">Drag and drop your PDF file here, or</p>
      <input
        ref={inputRef}
        id={inputId}
        className="file-input"
        type="file"
        name="file"
        accept=".pdf,application/pdf"
        disabled={disabled}
        aria-describedby={selectedId}
        onChange={handleChange}
      />
      <label htmlFor={inputId} className="button button-secondary file-input-label">
        Choose a PDF file
      </label>
      <p id={selectedId} className="selected-file" aria-live="polite">
        {file ? (
          <>
            Selected file: <strong>{file.name}</strong> ({formatFileSize(file.size)})
          </>
        ) : (
          'No file selected.'
        )}
      </p>
    </div>
  );
}
