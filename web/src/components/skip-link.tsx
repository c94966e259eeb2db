/** First focusable element of every page; jumps past the banner and nav. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a className="skip-link" href={`#${target}`}>
      Skip to main content
    </a>
  );
}
