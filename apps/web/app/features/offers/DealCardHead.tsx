import { sponsoredLinkRel } from '@hurryup/contracts/offer-rules';
import { ResponsiveImage } from '../../shared/ResponsiveImage.tsx';

/** A thumbnail at the start of the row (offers.css). */
const cardImageSizes = '64px';

/** The row's action: a button-styled link to the shop ('Get deal'), in a new tab as a sponsored link. */
export function DealLink({ link, label = 'Get deal' }: { link: string; label?: string }) {
  return (
    <a className="button button--small deal-card__go" href={link} target="_blank" rel={sponsoredLinkRel}>
      {label}
    </a>
  );
}

/**
 * The top of every deal card (offers, Movers & Shakers, Refer & Earn): the linked picture and the linked
 * title, both opening the shop in a new tab as sponsored links. The picture's link is left out of the tab
 * order: the title's link goes to the same place.
 */
export function DealCardHead(props: {
  link: string;
  title: string;
  image: { url: string; alt: string; width: number; height: number };
  eager: boolean;
}) {
  return (
    <>
      <a
        className="deal-card__picture"
        href={props.link}
        target="_blank"
        rel={sponsoredLinkRel}
        tabIndex={-1}
      >
        <ResponsiveImage image={props.image} sizes={cardImageSizes} eager={props.eager} />
      </a>
      <h2 className="deal-card__title">
        <a href={props.link} target="_blank" rel={sponsoredLinkRel}>
          {props.title}
        </a>
      </h2>
    </>
  );
}
