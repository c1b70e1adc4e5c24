import { Link } from 'react-router';

/** The one-line note every trading screen carries (decisions.md section 6): numbers are not advice. */
export function TradingDisclaimer() {
  return (
    <p className="trading-disclaimer">
      For information only, not investment advice. <Link to="/disclaimer">Read the disclaimer</Link>.
    </p>
  );
}
