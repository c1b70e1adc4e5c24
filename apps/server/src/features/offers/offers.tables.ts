import type { Generated } from 'kysely';

/** A price is a number or text ('From 99', ''): kept as its JSON so the two stay apart. */
type PriceJson = string;

export type OffersTables = {
  offers: {
    id: Generated<number>;
    title: string;
    price_json: PriceJson;
    discount: number;
    link: string;
    image_url: string;
    width: number;
    height: number;
    site: string;
    /** '', 'Off', 'Cashback' or '%'. */
    flag: string;
    desr: string;
    /** YYYY-MM-DD, the last India date it is shown; null: no end. */
    validity: string | null;
    updated_at: string;
  };
  movers: {
    id: Generated<number>;
    title: string;
    price_json: PriceJson;
    rank_change: number;
    site: string;
    link: string;
    image_url: string;
    width: number;
    height: number;
    updated_at: string;
  };
  referrals: {
    id: Generated<number>;
    app: string;
    bonus: string;
    code: string;
    link: string;
    terms: string;
    image_url: string;
    width: number;
    height: number;
    alt: string;
    updated_at: string;
  };
};
