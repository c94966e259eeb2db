import { useState } from 'react';

import { FilePicker, type FileError } from '../../../components/file-picker';
import { FormMessage } from '../../../components/form-message';
import { useUpload } from '../../../hooks/use-upload';
import { uploadPhoto, type StoredPhoto } from '../api/site-editor';

/** The photo types the server reads (it checks the content, not the name). */
const ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/**
 * The fields a stored photo fills in, by content type: a carousel photo
 * (`GalleryItem`) or a board member's photo (`Image`). Officers never
 * type these; they are shown under "Image files" for those who want them.
 */
export const PHOTO_FILE_FIELDS: Record<string, readonly string[]> = {
  GalleryItem: ['original', 'thumbnail', 'thumbnail_alt', 'srcset', 'sizes', 'width', 'height'],
  Image: ['src', 'srcset', 'sizes'],
};

/** How wide the board shows a member's photo (board.css's .board-photo), so the browser fetches the narrowest file. */
const BOARD_PHOTO_SIZES = '8rem';

/** What an upload changes in a photo of content type `owner`. */
export function withPhoto(owner: string, value: Record<string, unknown>, photo: StoredPhoto): Record<string, unknown> {
  if (owner === 'Image') return { ...value, srcset: photo.srcset, sizes: BOARD_PHOTO_SIZES, src: photo.original };
  const files = { srcset: photo.srcset, sizes: photo.sizes };
  return {
    ...value,
    ...files,
    original: photo.original,
    thumbnail: photo.thumbnail,
    width: photo.width,
    height: photo.height,
  };
}

/** The image a photo shows now, for its preview (none before an upload). */
function shownImage(owner: string, value: Record<string, unknown>): string {
  const src = owner === 'Image' ? value.src : (value.thumbnail ?? value.original);
  return typeof src === 'string' ? src : '';
}

interface PhotoUploadProps {
  owner: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  /** 'Photo 3', 'Photo': what the picker's button names. */
  label: string;
}

/**
 * A photo's picture and the way to upload (or replace) it: chosen or
 * dropped, sent with its progress, then checked, rotated, stripped of its
 * metadata and resized by the server, whose refusal names the file.
 */
export function PhotoUpload({ owner, value, onChange, label }: PhotoUploadProps) {
  const upload = useUpload(uploadPhoto);
  const [error, setError] = useState<FileError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const shown = shownImage(owner, value);
  const alt = owner === 'Image' ? value.alt : value.original_alt;

  const uploadFiles = async ([file, ...others]: File[]) => {
    setDone(null);
    if (!file) return;
    if (others.length > 0) {
      setError({ reason: 'Please choose one photo at a time.' });
      return;
    }
    setError(null);
    const outcome = await upload.start(file);
    if (outcome.status === 'failed') {
      setError({ file, reason: outcome.error instanceof Error ? outcome.error.message : 'The upload failed. Please try again.' });
    } else if (outcome.status === 'done') {
      onChange(withPhoto(owner, value, outcome.answer));
      setDone(`${file.name} is uploaded. It is saved with the draft.`);
    }
  };

  return (
    <div className="site-editor-photo">
      {shown ? (
        <img className="site-editor-photo-preview" src={shown} alt={typeof alt === 'string' ? alt : ''} />
      ) : (
        <p className="site-editor-empty">No photo yet.</p>
      )}
      <FilePicker
        label={`${shown ? 'Replace' : 'Upload'} ${label.toLowerCase()} (JPEG, PNG or WebP)`}
        accept={ACCEPT}
        dropHint="Drag and drop a photo here, or"
        onFiles={(files) => void uploadFiles(files)}
        upload={upload.progress}
        onCancel={upload.cancel}
        checkingNote="Resizing the photo…"
        error={error}
      />
      {done && <FormMessage tone="success">{done}</FormMessage>}
    </div>
  );
}
