/**
 * Centered spinner for lazy screens and the start-up load (spec 1 §2: spinner while data loads).
 * Plain CSS rather than antd Spin: it sits in the entry chunk, which the first-screen budget counts.
 */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-center" role="status" aria-live="polite">
      <span className="css-spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
