interface PageLoadingProps {
  /** What is being waited for, read out by screen readers. */
  label?: string;
}

/** Suspense fallback while a page's code loads, or a page waits for its data. */
export function PageLoading({ label = 'Loading page…' }: PageLoadingProps) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}
