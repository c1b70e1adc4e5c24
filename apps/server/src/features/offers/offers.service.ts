import { indiaDate, isOfferCurrent } from '@hurryup/contracts/offer-rules';
import type {
  Mover,
  MoverInput,
  Offer,
  OfferInput,
  Referral,
  ReferralInput,
} from '@hurryup/contracts/offers';
import type { Kysely } from 'kysely';
import type { Clock } from '../../shared/clock.ts';
import { notFoundById } from '../../shared/unique-key.ts';
import type { OffersRepository } from './offers.repository.ts';
import type { OffersTables } from './offers.tables.ts';

interface ListStore<Input, Output> {
  list(): Promise<Output[]>;
  get(id: number, tx?: Kysely<OffersTables>): Promise<Output | undefined>;
  idByKey(key: string, tx?: Kysely<OffersTables>): Promise<number | undefined>;
  count(): Promise<number>;
  insert(input: Input, tx?: Kysely<OffersTables>): Promise<Output>;
  update(id: number, input: Input, tx?: Kysely<OffersTables>): Promise<Output | undefined>;
  delete(id: number): Promise<boolean>;
}

/** The operator's writes of one list (admin API and imports); `onChange` moves what shows it. */
function listService<Input extends { id?: number | undefined }, Output>(
  store: ListStore<Input, Output>,
  noun: string,
  keyOf: (input: Input) => string,
  onChange: () => Promise<void> | void,
) {
  return {
    list: () => store.list(),
    count: () => store.count(),
    async create(input: Input): Promise<Output> {
      const created = await store.insert({ ...input, id: undefined });
      await onChange();
      return created;
    },
    async update(id: number, input: Input): Promise<Output> {
      const updated = await store.update(id, { ...input, id: undefined });
      if (!updated) throw notFoundById(noun, id);
      await onChange();
      return updated;
    },
    async delete(id: number): Promise<void> {
      if (!(await store.delete(id))) throw notFoundById(noun, id);
      await onChange();
    },
    /** Imports match an item by the id its file gives, else by its title (app for referrals). */
    async upsertInTransaction(tx: Kysely<OffersTables>, input: Input): Promise<'created' | 'updated'> {
      const existing =
        (input.id !== undefined && (await store.get(input.id, tx)) !== undefined ? input.id : undefined) ??
        (await store.idByKey(keyOf(input), tx));
      if (existing !== undefined) {
        await store.update(existing, input, tx);
        return 'updated';
      }
      await store.insert(input, tx);
      return 'created';
    },
  };
}

/**
 * The offers shown on `today` (India date): expired ones (validity before today) are left out, undated
 * ones always kept (content-and-shell.md sections 4 and 5).
 */
export function currentOffers(offers: Offer[], today: string): Offer[] {
  return offers.filter((offer) => isOfferCurrent(offer.validity, today));
}

export function createOffersService(
  repository: OffersRepository,
  clock: Clock,
  changed: (kind: 'offers' | 'movers' | 'referrals') => Promise<void> | void,
) {
  const offers = listService<OfferInput, Offer>(
    repository.offers,
    'offer',
    (o) => o.title,
    () => changed('offers'),
  );
  return {
    offers: {
      ...offers,
      /** What visitors see: today's offers by the injected clock, in India time. */
      current: async (): Promise<Offer[]> => currentOffers(await offers.list(), indiaDate(clock.now())),
    },
    movers: listService<MoverInput, Mover>(
      repository.movers,
      'mover',
      (m) => m.title,
      () => changed('movers'),
    ),
    referrals: listService<ReferralInput, Referral>(
      repository.referrals,
      'referral',
      (r) => r.app,
      () => changed('referrals'),
    ),
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
