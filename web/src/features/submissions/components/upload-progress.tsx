import { useId } from 'react';
import './submissions.css';

/**
 * The upload's progress as a native <progress> (role progressbar, read out
 * with its value) and as visible text. Not a live region: announcing every
 * percent would drown out everything else.
 */
export function UploadProgress({ percent }: { percent: number }) {
  const id = useId();

  return (
    <div className="upload-progress">
      <label htmlFor={id}>Upload progress</label>
      <div className="upload-progress-bar">
        <progress id={id} max={100} value={percent} />
        <span className="upload-progress-value">{percent}%</span>
      </div>
      {/* Sent, but the server still reads the PDF (word count, checks). */}
      {percent === 100 && <p className="upload-progress-note">Checking your abstract…</p>}
    </div>
  );
}
