import { discountLabel, offerTexts, rupeePrice } from '@hurryup/contracts/offer-rules';
import type { Offer } from '@hurryup/contracts/offers';
import { DealCardHead, DealLink } from './DealCardHead.tsx';
import { DealsAside } from './DealsAside.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The last day as a reader says it: '31 Dec 2026'. */
const validTill = (validity: string) => dateFormat.format(new Date(`${validity}T00:00:00Z`));

/** One offer: linked picture and title, Price with ₹, the discount label, Site and description. */
export function OfferCard({ offer, eager }: { offer: Offer; eager: boolean }) {
  const label = discountLabel(offer);
  const price = rupeePrice(offer.price);
  return (
    <li className="deal-card">
      <DealCardHead
        link={offer.link}
        title={offer.title}
        image={{ url: offer.imageUrl, alt: offer.title, width: offer.width, height: offer.height }}
        eager={eager}
      />
      <p className="deal-card__site">Site: {offer.site}</p>
      <p className="deal-card__text">{offer.desr}</p>
      {offer.validity ? <p className="deal-card__validity">Valid till {validTill(offer.validity)}</p> : null}
      <div className="deal-card__side">
        {label ? <p className="deal-card__saving">{label}</p> : null}
        {price ? <p className="deal-card__price">Price: {price}</p> : null}
        <DealLink link={offer.link} />
      </div>
    </li>
  );
}

/** /offers: today's offers (the server leaves out expired ones), then the sponsored and promotion blocks. */
export function OffersPage({ offers, error }: { offers: Offer[]; error?: string | undefined }) {
  return (
    <section className="page deals" aria-labelledby="offers-heading">
      <h1 id="offers-heading">{offerTexts.heading}</h1>
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : offers.length === 0 ? (
        <p className="status">{offerTexts.empty}</p>
      ) : (
        <ul className="deal-grid">
          {offers.map((offer, i) => (
            <OfferCard key={offer.id} offer={offer} eager={i < 2} />
          ))}
        </ul>
      )}
      <DealsAside current="/offers" />
    </section>
  );
}
