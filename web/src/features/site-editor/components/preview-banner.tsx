import { PREVIEW_KEY, preview } from '../../../lib/preview';
import './site-editor.css';

/** Back to the live site in this tab. */
function leavePreview(): void {
  sessionStorage.removeItem(PREVIEW_KEY);
  globalThis.location.assign(globalThis.location.pathname);
}

/** Across the top of every page of an editor's preview tab: what it shows, and the way out. */
export default function PreviewBanner() {
  const what = preview === 'draft' ? 'the draft' : `version ${preview ?? ''}`;
  return (
    <div className="site-editor-preview" role="region" aria-label="Preview">
      <span>Preview of {what}: visitors do not see this.</span>
      <button type="button" className="link-button site-editor-preview-exit" onClick={leavePreview}>
        Leave the preview
      </button>
    </div>
  );
}
