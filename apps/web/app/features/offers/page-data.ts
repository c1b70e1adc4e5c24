import type { Mover, Offer, Referral } from '@hurryup/contracts/offers';

/** What the offers, Movers & Shakers and Refer & Earn pages read from the server. */
export interface OffersPageData {
  /** Today's offers (expired ones left out, by the server's clock in India time). */
  current(): Promise<Offer[]>;
  movers(): Promise<Mover[]>;
  referrals(): Promise<Referral[]>;
}

declare module '../../load-context.ts' {
  interface PageData {
    offers: OffersPageData;
  }
}
