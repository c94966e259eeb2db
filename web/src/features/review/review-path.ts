/** The page of one assigned submission, by its code: /review/S25-014. */
export function reviewPath(code: string): string {
  return `/review/${encodeURIComponent(code)}`;
}
