/**
 * What a presenter wrote of their accessibility, dietary or other needs when
 * confirming, for the organisers who plan rooms and catering; nothing when
 * they wrote none.
 */
export function NeedsNote({ needs }: { needs: string | null | undefined }) {
  if (!needs) return null;
  return (
    <p className="admin-needs-note">
      <strong>Needs:</strong> {needs}
    </p>
  );
}
