interface ReviewerSelectProps<R extends { id: string; name: string }> {
  id: string;
  /** A reviewer's id, or '' for none chosen yet. */
  value: string;
  onChange: (reviewerId: string) => void;
  reviewers: readonly R[];
  /** What each option says; the name by default. */
  describe?: (reviewer: R) => string;
}

/** Choosing one reviewer (to assign, or to add a conflict to). */
export function ReviewerSelect<R extends { id: string; name: string }>({
  id,
  value,
  onChange,
  reviewers,
  describe = (reviewer) => reviewer.name,
}: ReviewerSelectProps<R>) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      <option value="">Choose a reviewer</option>
      {reviewers.map((reviewer) => (
        <option key={reviewer.id} value={reviewer.id}>
          {describe(reviewer)}
        </option>
      ))}
    </select>
  );
}
