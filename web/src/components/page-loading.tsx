/** Suspense fallback while a page's code loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Loading page…
    </div>
  );
}
