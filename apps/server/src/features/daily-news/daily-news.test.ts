import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { contentFolder, importContent, importProblems } from '../../../test/content-folder.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';

// 23:59:59 on 24 November 2026 in India (UTC+05:30).
const lastSecondOfNov24India = Date.UTC(2026, 10, 24, 18, 29, 59);
const clock = new ManualClock(lastSecondOfNov24India);
let t: TestApp;
const folders: (() => void)[] = [];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken }, { platform: { clock } });
});
afterAll(async () => {
  await t.close();
  for (const remove of folders) remove();
});

function folderWith(files: Record<string, unknown>): string {
  const folder = contentFolder(files);
  folders.push(folder.remove);
  return folder.root;
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });

const news = [
  { id: 5, text: 'Valid through today', validity: '2026-11-24', flink: '/blog', alink: '/offers' },
  { id: 7, text: 'Valid next week', validity: '2026-12-01', flink: 'https://example.com/a' },
  { id: 5, text: 'Same id, stored second', validity: '2026-12-31' },
  { id: 9, text: 'Expired yesterday', validity: '2026-11-23' },
  { id: 3, text: 'Expired long ago', validity: '2025-10-02' },
];

describe('daily news content', () => {
  it('imports news, holidays and rains; again changes nothing', async () => {
    const folder = folderWith({
      'daily-news/news.json': news,
      'daily-news/holidays.json': [
        { date: '2026-12-25', occasion: 'Christmas', description: 'Banks closed' },
        { date: '2025-10-02', occasion: 'Gandhi Jayanti', description: 'Exchanges closed' },
      ],
      'daily-news/rains.json': [{ date: '2026-11-24', name: 'Chennai', description: 'Showers' }],
    });
    expect(await importContent(t, folder)).toMatchObject({
      'daily-news/news.json': { created: 5, updated: 0 },
      'daily-news/holidays.json': { created: 2, updated: 0 },
      'daily-news/rains.json': { created: 1, updated: 0 },
    });
    expect(await importContent(t, folder)).toMatchObject({
      'daily-news/news.json': { created: 0, updated: 5 },
      'daily-news/holidays.json': { created: 0, updated: 2 },
    });
  });

  it('answers the items valid today in India, by id descending, equal ids in stored order', async () => {
    const items = await get('/api/news-items');
    expect(items.map((i: { text: string }) => i.text)).toEqual([
      'Valid next week',
      'Valid through today',
      'Same id, stored second',
    ]);
    expect(items[1]).toEqual({
      entryId: expect.any(Number),
      id: 5,
      text: 'Valid through today',
      validity: '2026-11-24',
      flink: '/blog',
      alink: '/offers',
    });
    expect(items[2]).not.toHaveProperty('flink');
  });

  it("drops today's last items at midnight in India, not at midnight UTC", async () => {
    clock.set(lastSecondOfNov24India + 1000);
    try {
      expect((await get('/api/news-items')).map((i: { text: string }) => i.text)).toEqual([
        'Valid next week',
        'Same id, stored second',
      ]);
    } finally {
      clock.set(lastSecondOfNov24India);
    }
  });

  it('answers holidays and rains by date with the specification field names', async () => {
    const holidays = await get('/api/holidays');
    expect(holidays.map((h: { date: string }) => h.date)).toEqual(['2025-10-02', '2026-12-25']);
    expect(holidays[1]).toEqual({
      id: expect.any(Number),
      date: '2026-12-25',
      occasion: 'Christmas',
      description: 'Banks closed',
    });
    expect(await get('/api/rains')).toEqual([
      { id: expect.any(Number), date: '2026-11-24', name: 'Chennai', description: 'Showers' },
    ]);
  });

  it('refuses impossible dates at import, naming the file, the item and why, and imports nothing', async () => {
    const folder = folderWith({
      'daily-news/news.json': [
        { id: 1, text: 'A fine item', validity: '2026-12-01' },
        { id: 2, text: 'Thirtieth of February', validity: '2026-02-30' },
        { id: 3, text: 'Day ninety-five', validity: '2026-01-95' },
      ],
      'daily-news/holidays.json': [{ date: '2026-13-01', occasion: 'Nothing', description: 'No month 13' }],
      'daily-news/rains.json': [{ date: '26-11-2026', name: 'Pune', description: 'Wrong order' }],
    });
    expect((await importProblems(t, folder)).sort()).toEqual([
      'daily-news/holidays.json: date: 2026-13-01 is not a real date: there is no month 13.',
      // The file and the line each item starts on (the folder's files are written one field a line).
      'daily-news/news.json:12: validity: 2026-01-95 is not a real date: January 2026 has days 1 to 31, not day 95.',
      'daily-news/news.json:7: validity: 2026-02-30 is not a real date: February 2026 has days 1 to 28, not day 30.',
      'daily-news/rains.json: date: "26-11-2026" is not a date written as YYYY-MM-DD, e.g. 2026-11-24.',
    ]);
    expect((await admin('GET', '/api/admin/news-items')).json().total).toBe(news.length);
  });

  it('imports the shipped seed content without a problem, with current news and the October 2025 holidays', async () => {
    const seed = path.resolve(import.meta.dirname, '../../../../../content/daily-news');
    const files = Object.fromEntries(
      fs
        .readdirSync(seed)
        .map((name) => [`daily-news/${name}`, fs.readFileSync(path.join(seed, name), 'utf8')]),
    );
    await importContent(t, folderWith(files));
    const holidays: { date: string }[] = await get('/api/holidays');
    for (const date of ['2025-10-01', '2025-10-02', '2025-10-21', '2025-10-22'])
      expect(holidays.map((h) => h.date)).toContain(date);
    const all: { validity: string }[] = (await admin('GET', '/api/admin/news-items?limit=100')).json().items;
    expect(all.some((item) => item.validity < '2026-11-24')).toBe(true);
    expect((await get('/api/news-items')).length).toBeGreaterThanOrEqual(8);
  });

  it('is managed by the operator, refusing impossible dates with the field named', async () => {
    const created = await admin('POST', '/api/admin/news-items', {
      id: 500,
      text: 'Operator news',
      validity: '2026-11-30',
      flink: '/homeTools',
    });
    expect(created.statusCode).toBe(201);
    const { entryId } = created.json();
    expect((await get('/api/news-items'))[0]).toMatchObject({ entryId, id: 500, text: 'Operator news' });

    const leap = await admin('PUT', `/api/admin/news-items/${entryId}`, {
      id: 500,
      text: 'Operator news',
      validity: '2027-02-29',
    });
    expect(leap.statusCode).toBe(400);
    expect(leap.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { validity: '2027-02-29 is not a real date: February 2027 has days 1 to 28, not day 29.' },
    });
    const replaced = await admin('PUT', `/api/admin/news-items/${entryId}`, {
      id: 500,
      text: 'Operator news, expired',
      validity: '2026-11-01',
    });
    expect(replaced.statusCode).toBe(200);
    expect((await get('/api/news-items')).some((i: { id: number }) => i.id === 500)).toBe(false);

    for (const [url, payload, field] of [
      ['/api/admin/holidays', { date: '2026-02-30', occasion: 'X', description: 'Y' }, 'date'],
      ['/api/admin/rains', { date: '2026-04-31', name: 'X', description: 'Y' }, 'date'],
      [
        '/api/admin/news-items',
        { id: 1, text: 'x', validity: '2026-12-01', flink: 'javascript:alert(1)' },
        'flink',
      ],
      ['/api/admin/news-items', { id: -1, text: 'x', validity: '2026-12-01' }, 'id'],
    ] as const) {
      const res = await admin('POST', url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
    }

    const holiday = await admin('POST', '/api/admin/holidays', {
      date: '2026-11-25',
      occasion: 'Test day',
      description: 'A holiday the operator added',
    });
    expect(holiday.statusCode).toBe(201);
    expect((await get('/api/holidays')).map((h: { occasion: string }) => h.occasion)).toContain('Test day');
    expect((await admin('DELETE', `/api/admin/holidays/${holiday.json().id}`)).statusCode).toBe(204);
    expect((await get('/api/holidays')).map((h: { occasion: string }) => h.occasion)).not.toContain(
      'Test day',
    );
    expect((await admin('DELETE', `/api/admin/holidays/${holiday.json().id}`)).statusCode).toBe(404);

    const rain = await admin('POST', '/api/admin/rains', {
      date: '2026-11-25',
      name: 'Mumbai',
      description: 'Drizzle',
    });
    expect(rain.statusCode).toBe(201);
    expect(
      (
        await admin('PUT', `/api/admin/rains/${rain.json().id}`, {
          date: '2026-11-26',
          name: 'Mumbai',
          description: 'Rain',
        })
      ).json(),
    ).toMatchObject({ date: '2026-11-26' });
    expect((await admin('DELETE', `/api/admin/news-items/${entryId}`)).statusCode).toBe(204);

    for (const [method, url] of [
      ['GET', '/api/admin/news-items'],
      ['POST', '/api/admin/news-items'],
      ['DELETE', '/api/admin/rains/1'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
      ).toBe(401);
    }
  });
});
