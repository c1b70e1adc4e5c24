import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { contentFolder, importContent, importProblems } from '../../../test/content-folder.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';
import { createOffersService, currentOffers } from './offers.service.ts';

// 2026-11-24 10:00 in India.
const clock = new ManualClock(Date.UTC(2026, 10, 24, 4, 30));
let t: TestApp;
const folders: (() => void)[] = [];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken }, { platform: { clock } });
});
afterAll(async () => {
  await t.close();
  for (const remove of folders) remove();
});

const offer = (over: Record<string, unknown> = {}) => ({
  title: 'Basmati rice, 5 kg',
  price: 549,
  discount: 60,
  flag: 'Off',
  link: 'https://dailykart.example/rice',
  imageUrl: '/content/images/offers/staples.png',
  width: 320,
  height: 200,
  site: 'DailyKart',
  desr: 'Long-grain aged basmati.',
  ...over,
});

function folderWith(files: Record<string, unknown>): string {
  const folder = contentFolder(files);
  folders.push(folder.remove);
  return folder.root;
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('offers', () => {
  it('imports offers/offers.json and answers only those not expired on the India date', async () => {
    const folder = folderWith({
      'offers/offers.json': [
        offer({ id: 1, title: 'Ends yesterday', validity: '2026-11-23' }),
        offer({ id: 2, title: 'Ends today', validity: '2026-11-24' }),
        offer({ id: 3, title: 'No end', flag: '', price: '' }),
        offer({ id: 4, title: 'Next year', validity: '2027-01-31', flag: 'Cashback', price: 'From 99' }),
        offer({ id: 5, title: 'Long gone', validity: '2025-11-18', flag: '%' }),
      ],
    });
    expect(await importContent(t, folder)).toMatchObject({
      'offers/offers.json': { created: 5, updated: 0 },
    });
    const offers = await get('/api/offers');
    expect(offers.map((o: { title: string }) => o.title)).toEqual(['Ends today', 'No end', 'Next year']);
    expect(offers[0]).toEqual({
      id: 2,
      title: 'Ends today',
      price: 549,
      discount: 60,
      flag: 'Off',
      link: 'https://dailykart.example/rice',
      imageUrl: '/content/images/offers/staples.png',
      width: 320,
      height: 200,
      site: 'DailyKart',
      desr: 'Long-grain aged basmati.',
      validity: '2026-11-24',
    });
    // A price's type survives the database: '' stays text, 'From 99' stays text, 549 a number.
    expect(offers[1]).toMatchObject({ price: '', validity: null, flag: '' });
    expect(offers[2]).toMatchObject({ price: 'From 99', flag: 'Cashback' });
    expect(await importContent(t, folder)).toMatchObject({
      'offers/offers.json': { created: 0, updated: 5 },
    });
    // The page's reader is the same list.
    const page = t.app.site.pageData.offers;
    expect((await page.current()).map((o) => o.id)).toEqual([2, 3, 4]);
    // Their pictures get AVIF/WebP copies like every other picture of the site.
    expect((await t.app.site.images()).map((i) => i.url)).toContain('/content/images/offers/staples.png');
  });

  it('keeps the answer no longer than the next India midnight', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/offers' });
    const maxAge = Number(/s-maxage=(\d+)/.exec(String(res.headers['cache-control']))?.[1] ?? Number.NaN);
    expect(maxAge).toBeGreaterThanOrEqual(0);
    expect(maxAge).toBeLessThanOrEqual(86_400);
  });

  it('refuses bad dates and flags at import, naming the file, the line and the field', async () => {
    const folder = folderWith({
      'offers/offers.json': [
        offer({ id: 10, validity: '2026-02-30' }),
        offer({ id: 11, validity: '2026-13-01' }),
        offer({ id: 12, validity: '2026-11-95' }),
        offer({ id: 13, flag: 'Free' }),
        offer({ id: 14, validity: '24-11-2026' }),
      ],
    });
    expect(await importProblems(t, folder)).toEqual([
      'offers/offers.json:2: validity: This date does not exist.',
      'offers/offers.json:16: validity: This date does not exist.',
      'offers/offers.json:30: validity: This date does not exist.',
      "offers/offers.json:44: flag: The flag must be one of '', 'Off', 'Cashback' or '%'.",
      'offers/offers.json:57: validity: The date must look like 2026-12-31 (year-month-day).',
    ]);
    expect((await get('/api/offers')).map((o: { id: number }) => o.id)).toEqual([2, 3, 4]);
  });

  it('is managed by the operator with readable refusals, and a write shows at once', async () => {
    const admin = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
    const created = await admin(
      'POST',
      '/api/admin/offers',
      offer({ title: 'Fresh paneer', validity: '2026-12-05' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(id).toBeGreaterThan(5);
    expect((await get('/api/offers')).map((o: { id: number }) => o.id)).toContain(id);

    for (const [payload, field] of [
      [offer({ validity: '2026-02-29' }), 'validity'],
      [offer({ flag: 'OFF' }), 'flag'],
      [offer({ link: 'javascript:alert(1)' }), 'link'],
      [offer({ link: 'http://plain.example/' }), 'link'],
      [offer({ discount: '10' }), 'discount'],
      [offer({ title: ' ' }), 'title'],
    ] as const) {
      const res = await admin('POST', '/api/admin/offers', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.json().fields)).toContain(field);
    }
    const replaced = await admin(
      'PUT',
      `/api/admin/offers/${id}`,
      offer({ title: 'Fresh paneer', validity: '2026-11-20' }),
    );
    expect(replaced.statusCode).toBe(200);
    expect((await get('/api/offers')).map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await admin('DELETE', `/api/admin/offers/${id}`)).statusCode).toBe(204);
    expect((await admin('DELETE', `/api/admin/offers/${id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/offers', payload: offer() })).statusCode,
    ).toBe(401);
  });
});

describe('the expiry filter through the injected clock', () => {
  const dated = [
    { id: 1, validity: '2026-11-23' },
    { id: 2, validity: '2026-11-24' },
    { id: 3, validity: null },
  ].map((o) => ({ ...offer(), ...o, flag: 'Off' as const }));

  it('hides an offer at India midnight after its last day, not at UTC midnight', async () => {
    const manual = new ManualClock(Date.UTC(2026, 10, 23, 18, 29, 59)); // 2026-11-23 23:59:59 India
    const list = async () => dated;
    const none = { list, get: async () => undefined, idByKey: async () => undefined, count: async () => 3 };
    const service = createOffersService(
      // Only the reads matter here.
      { offers: none, movers: none, referrals: none } as never,
      manual,
      () => {},
    );
    expect((await service.offers.current()).map((o) => o.id)).toEqual([1, 2, 3]);
    manual.advance(1000); // 2026-11-24 00:00:00 India
    expect((await service.offers.current()).map((o) => o.id)).toEqual([2, 3]);
    manual.set(Date.UTC(2026, 10, 24, 18, 29, 59)); // 2026-11-24 23:59:59 India
    expect((await service.offers.current()).map((o) => o.id)).toEqual([2, 3]);
    manual.advance(1000);
    expect((await service.offers.current()).map((o) => o.id)).toEqual([3]);
    expect(currentOffers(dated, '2026-11-22').map((o) => o.id)).toEqual([1, 2, 3]);
  });
});

describe('Movers & Shakers and Refer & Earn', () => {
  const mover = (over: Record<string, unknown> = {}) => ({
    title: 'Wireless headphones',
    price: 2499,
    rankChange: 142,
    site: 'SaverStreet',
    link: 'https://saverstreet.example/headphones',
    imageUrl: '/content/images/offers/headphones.png',
    width: 320,
    height: 200,
    ...over,
  });
  const referral = (over: Record<string, unknown> = {}) => ({
    app: 'PayEasy UPI',
    bonus: '₹100 for you and your friend',
    code: 'HURRY100',
    link: 'https://payeasy.example/refer',
    terms: 'A first payment of ₹100 within 7 days.',
    imageUrl: '/content/images/offers/app-payments.png',
    width: 320,
    height: 200,
    alt: 'PayEasy app tile',
    ...over,
  });

  it('import, list (movers by climb) and refuse bad items with file and field', async () => {
    const folder = folderWith({
      'offers/movers.json': [
        mover({ id: 1, title: 'Falls', rankChange: -12 }),
        mover({ id: 2, title: 'Climbs most', rankChange: 142 }),
        mover({ id: 3, title: 'Climbs', rankChange: 9 }),
      ],
      'offers/referrals.json': [referral({ id: 1 }), referral({ id: 2, app: 'GrowRight', code: '' })],
    });
    expect(await importContent(t, folder)).toMatchObject({
      'offers/movers.json': { created: 3 },
      'offers/referrals.json': { created: 2 },
    });
    expect((await get('/api/movers')).map((m: { title: string }) => m.title)).toEqual([
      'Climbs most',
      'Climbs',
      'Falls',
    ]);
    expect(await get('/api/referrals')).toEqual([
      { id: 1, ...referral() },
      { id: 2, ...referral({ app: 'GrowRight', code: '' }) },
    ]);
    const bad = folderWith({
      'offers/movers.json': [mover({ rankChange: 1.5 })],
      'offers/referrals.json': [referral({ link: 'ftp://x.example' })],
    });
    expect(await importProblems(t, bad)).toEqual([
      'offers/movers.json: rankChange: The rank change must be a whole number.',
      'offers/referrals.json: link: The link must be an https:// address.',
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/movers',
      headers: adminHeaders,
      payload: mover({ title: 'New climber', rankChange: 500 }),
    });
    expect(created.statusCode).toBe(201);
    expect((await get('/api/movers'))[0].title).toBe('New climber');
    const referralCreated = await t.app.inject({
      method: 'POST',
      url: '/api/admin/referrals',
      headers: adminHeaders,
      payload: referral({ app: 'LearnDaily' }),
    });
    expect(referralCreated.statusCode).toBe(201);
    expect((await get('/api/referrals')).map((r: { app: string }) => r.app)).toContain('LearnDaily');
  });

  it('the repository’s seed files import cleanly: at least 45 offers with every kind of date', async () => {
    const fresh = await createTestApp({}, { platform: { clock } });
    try {
      // Only this feature's seed files, so other content in progress cannot fail this test.
      const seed = (name: string) =>
        JSON.parse(readFileSync(new URL(`../../../../../content/offers/${name}`, import.meta.url), 'utf8'));
      const summary = await importContent(
        fresh,
        folderWith({
          'offers/offers.json': seed('offers.json'),
          'offers/movers.json': seed('movers.json'),
          'offers/referrals.json': seed('referrals.json'),
        }),
      );
      expect(summary['offers/offers.json']!.created).toBeGreaterThanOrEqual(45);
      expect(summary['offers/movers.json']!.created).toBeGreaterThanOrEqual(6);
      expect(summary['offers/referrals.json']!.created).toBeGreaterThanOrEqual(5);
      const all = await fresh.app.site.pageData.offers.current();
      const shown = new Set(all.map((o) => o.id));
      const stored = (await fresh.database.db
        .selectFrom('offers' as never)
        .select(['id', 'validity'] as never)
        .execute()) as { id: number; validity: string | null }[];
      const today = '2026-11-24';
      expect(stored.some((o) => o.validity === null)).toBe(true);
      expect(stored.some((o) => o.validity !== null && o.validity > today)).toBe(true);
      const expired = stored.filter((o) => o.validity !== null && o.validity < today);
      expect(expired.length).toBeGreaterThanOrEqual(3);
      for (const o of expired) expect(shown.has(o.id)).toBe(false);
      expect(shown.size).toBe(stored.length - expired.length);
    } finally {
      await fresh.close();
    }
  });
});
