import { offerKinds, secondsUntilIndiaMidnight } from '@hurryup/contracts/offer-rules';
import {
  listMovers,
  listOffers,
  listReferrals,
  moverAdminCalls,
  moverInputSchema,
  offerAdminCalls,
  offerInputSchema,
  referralAdminCalls,
  referralInputSchema,
} from '@hurryup/contracts/offers';
import type { OffersPageData } from '@hurryup/web/features/offers/page-data';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { tablesOf } from '../../db/tables-of.ts';
import { registerAdminCrud } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import type { SiteImage } from '../../shared/site-registry.ts';
import { offersMigrations } from './offers.migrations.ts';
import { createOffersRepository } from './offers.repository.ts';
import { createOffersService } from './offers.service.ts';
import type { OffersTables } from './offers.tables.ts';

/**
 * Deals (decisions.md sections 1 and 3): offers (`/api/offers`, today's only), Movers & Shakers
 * (`/api/movers`) and Refer & Earn (`/api/referrals`), each with its admin calls, its seed file under
 * `content/offers/` and its pictures registered for AVIF/WebP copies.
 */
export const offersFeature = defineFeature({
  name: 'offers',
  migrations: offersMigrations,
  async plugin(app, { database, config, site, clock }) {
    const repository = createOffersRepository(tablesOf<OffersTables>(database.db), database.dialect);
    const deals = createOffersService(repository, clock, (kind) => site.contentChanged([kind]));

    // Offers expire at midnight India time: a kept answer lives at most until then.
    registerCall(app, listOffers, () => deals.offers.current(), {
      cache: { shows: [offerKinds.offers], maxAgeSeconds: secondsUntilIndiaMidnight },
    });
    registerCall(app, listMovers, () => deals.movers.list(), { cache: { shows: [offerKinds.movers] } });
    registerCall(app, listReferrals, () => deals.referrals.list(), {
      cache: { shows: [offerKinds.referrals] },
    });
    await registerAdminCrud(app, config.adminToken, offerAdminCalls, deals.offers, offerKinds.offers);
    await registerAdminCrud(app, config.adminToken, moverAdminCalls, deals.movers, offerKinds.movers);
    await registerAdminCrud(
      app,
      config.adminToken,
      referralAdminCalls,
      deals.referrals,
      offerKinds.referrals,
    );

    site.providePageData('offers', {
      current: () => deals.offers.current(),
      movers: () => deals.movers.list(),
      referrals: () => deals.referrals.list(),
    } satisfies OffersPageData);

    // Card pictures illustrate their deal and have no page of their own.
    const pictures = async (): Promise<SiteImage[]> => {
      const [offers, movers, referrals] = await Promise.all([
        deals.offers.list(),
        deals.movers.list(),
        deals.referrals.list(),
      ]);
      const seen = new Map<string, SiteImage>();
      for (const item of [...offers, ...movers])
        seen.set(item.imageUrl, {
          url: item.imageUrl,
          alt: item.title,
          width: item.width,
          height: item.height,
        });
      for (const item of referrals)
        seen.set(item.imageUrl, {
          url: item.imageUrl,
          alt: item.alt,
          width: item.width,
          height: item.height,
        });
      return [...seen.values()];
    };
    site.addImageSource({ list: pictures, find: async () => undefined });

    const addList = <S extends z.ZodType>(
      path: string,
      schema: S,
      service: {
        upsertInTransaction(tx: Kysely<OffersTables>, input: z.output<S>): Promise<'created' | 'updated'>;
        count(): Promise<number>;
      },
      queries: { syncIdSequence(tx: Kysely<OffersTables>): Promise<void> },
      kind: string,
    ) =>
      site.addContentKind({
        path,
        schema,
        uniqueKeys: [{ field: 'id', keyOf: (item) => (item as { id?: number }).id }],
        upsert: (tx, item) => service.upsertInTransaction(tablesOf<OffersTables>(tx), item),
        finish: (tx) => queries.syncIdSequence(tablesOf<OffersTables>(tx)),
        isEmpty: async () => (await service.count()) === 0,
        revisionKind: kind,
      });
    addList('offers/offers.json', offerInputSchema, deals.offers, repository.offers, offerKinds.offers);
    addList('offers/movers.json', moverInputSchema, deals.movers, repository.movers, offerKinds.movers);
    addList(
      'offers/referrals.json',
      referralInputSchema,
      deals.referrals,
      repository.referrals,
      offerKinds.referrals,
    );
  },
});
