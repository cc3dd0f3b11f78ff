import './facts.css';

/**
 * Facts about one thing as a list of terms and what each is ("Budget: R25 000"): two columns, one
 * on a phone. Each fact is a pair of its term and its value.
 */
export function Facts({ facts }: { facts: readonly (readonly [term: string, value: string])[] }) {
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
