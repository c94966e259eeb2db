/** Terms and their values as a definition list, each pair in its own row for styling. */
export function FactList({ facts, className }: { facts: readonly (readonly [string, string])[]; className: string }) {
  return (
    <dl className={className}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
