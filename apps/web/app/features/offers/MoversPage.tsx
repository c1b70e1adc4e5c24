import { rupeePrice } from '@hurryup/contracts/offer-rules';
import type { Mover } from '@hurryup/contracts/offers';
import { DealCardHead, DealLink } from './DealCardHead.tsx';
import { DealsAside } from './DealsAside.tsx';

/** '▲ 142 places up today', '▼ 12 places down today', 'No change today'. */
export function rankChangeText(change: number): string {
  if (change === 0) return 'No change today';
  const places = Math.abs(change) === 1 ? 'place' : 'places';
  return change > 0 ? `▲ ${change} ${places} up today` : `▼ ${-change} ${places} down today`;
}

/** /moversShakers: trending products, biggest climb first (decisions.md section 1). */
export function MoversPage({ movers, error }: { movers: Mover[]; error?: string | undefined }) {
  return (
    <section className="page deals" aria-labelledby="movers-heading">
      <h1 id="movers-heading">Movers &amp; Shakers</h1>
      <p className="page__lede">The products whose sales rank rose most in the last day.</p>
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : movers.length === 0 ? (
        <p className="status">No trending products right now. Please check back soon.</p>
      ) : (
        <ol className="deal-grid">
          {movers.map((mover, i) => {
            const price = rupeePrice(mover.price);
            return (
              <li key={mover.id} className="deal-card">
                <DealCardHead
                  link={mover.link}
                  title={mover.title}
                  image={{ url: mover.imageUrl, alt: mover.title, width: mover.width, height: mover.height }}
                  eager={i < 2}
                />
                <p className={`deal-card__rank${mover.rankChange < 0 ? ' deal-card__rank--down' : ''}`}>
                  {rankChangeText(mover.rankChange)}
                </p>
                <p className="deal-card__site">Site: {mover.site}</p>
                <div className="deal-card__side">
                  {price ? <p className="deal-card__price">Price: {price}</p> : null}
                  <DealLink link={mover.link} label="View deal" />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <DealsAside current="/moversShakers" />
    </section>
  );
}
