import { Link } from 'react-router';

/** The one-line disclaimer every trading page carries (decisions.md section 6). */
export function TradingDisclaimer() {
  return (
    <p className="trading-disclaimer">
      Not investment advice: figures are computed from market data for information only. Read our{' '}
      <Link to="/disclaimer">Disclaimer</Link>.
    </p>
  );
}
