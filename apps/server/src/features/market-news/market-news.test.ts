import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import {
  atom,
  type FakeFeedServer,
  feedFixture,
  json,
  rss,
  startFakeFeedServer,
} from '../../../test/fake-feed-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ManualClock } from '../../shared/clock.ts';
import { keepTrends } from './market-news.repository.ts';

const ndtv = 'UCZFMm1mMw0F81Z37aaEzTUA';
const indiaToday = 'UCYPvAwZP8pZhSMW8qs7cVCw';

let fake: FakeFeedServer;
let t: TestApp;

function feedEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ADMIN_TOKEN: adminToken,
    NEWS_FEED_URLS: `${fake.url}/et.rss,${fake.url}/mint.rss`,
    TRENDS_FEED_URL: `${fake.url}/trending/rss?geo=IN`,
    YOUTUBE_FEED_URL: `${fake.url}/feeds/videos.xml`,
    YOUTUBE_API_URL: `${fake.url}/youtube/v3`,
    YOUTUBE_CHANNEL_IDS: `${ndtv},${indiaToday}`,
    FEEDS_TIMEOUT_MS: '500',
    // The site's clock is a ManualClock (below): the limits' windows do not move by themselves.
    RATE_LIMIT_MAX: '1000000',
    ADMIN_RATE_LIMIT: '1000000',
    ...extra,
  };
}

function answerWithFixtures() {
  fake.answers.clear();
  fake.requests.length = 0;
  fake.answers.set('/et.rss', rss(feedFixture('et-markets.rss.xml')));
  fake.answers.set('/mint.rss', rss(feedFixture('livemint-markets.rss.xml')));
  fake.answers.set('/trending/rss', rss(feedFixture('google-trends-in.rss.xml')));
  fake.answers.set(
    `/feeds/videos.xml?channel_id=${ndtv}`,
    atom(feedFixture('youtube-channel-ndtv.atom.xml')),
  );
  fake.answers.set(
    `/feeds/videos.xml?channel_id=${indiaToday}`,
    atom(feedFixture('youtube-channel-indiatoday.atom.xml')),
  );
  fake.answers.set('/youtube/v3/search', json(feedFixture('youtube-search.json')));
}

async function refresh(app = t) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/admin/market-feeds/refresh',
    headers: adminHeaders,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { source: string; ok: boolean; stored: number; problems: string[] }[];
}
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

// The fetches' time limits run on the site's clock: a silent feed times out when the test moves it.
const clock = new ManualClock(Date.UTC(2026, 10, 27, 6));
beforeAll(async () => {
  fake = await startFakeFeedServer();
  t = await createTestApp(feedEnv(), { platform: { clock } });
});

/** A refresh while `hanging` never answers: once the fake has the request, the time limit passes. */
async function refreshPast(hanging: string, app = t) {
  fake.requests.length = 0;
  const answered = refresh(app);
  await fake.requested(hanging);
  clock.advance(500);
  return answered;
}
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(answerWithFixtures);

describe('before anything was fetched', () => {
  it('answers empty lists and no fetch time, and fetched nothing by itself (tests stay offline)', async () => {
    expect(await get('/api/news')).toEqual({ status: 200, body: { news: [], fetchedAt: null } });
    expect(await get('/api/trends')).toEqual({
      status: 200,
      body: { text: '', rows: 20, count: 0, fetchedAt: null },
    });
    expect(await get('/api/youtube-captions?query=India&max_results=20')).toEqual({
      status: 200,
      body: { status: 'success', videos: [], fetchedAt: null },
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('GET /api/news', () => {
  it('stores every feed, deduplicated by link, and answers newest first from the database', async () => {
    const runs = await refresh();
    expect(runs.find((r) => r.source === 'news')).toEqual({
      source: 'news',
      ok: true,
      stored: 5,
      problems: [],
    });
    const { status, body } = await get('/api/news');
    expect(status).toBe(200);
    expect(body.fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.news.map((n: { title: string }) => n.title)).toEqual([
      'IPO GMP today: Grey market premium jumps ahead of listing',
      'Rupee settles 8 paise lower at 84.42 against US dollar',
      'Sensex, Nifty end higher as banks & IT stocks lead the rally',
      'RBI keeps repo rate unchanged at 5.5%: what it means for your EMIs',
      'Gold prices today: yellow metal steady near record high',
    ]);
    expect(body.news[2]).toEqual({
      title: 'Sensex, Nifty end higher as banks & IT stocks lead the rally',
      summary:
        'The Nifty 50 closed at 26,180, up 0.6%, while the BSE Sensex gained 410 points. HDFC Bank and Infosys were the top contributors.',
      url: 'https://economictimes.indiatimes.com/markets/stocks/news/sensex-nifty-end-higher/articleshow/125010001.cms',
      image_url: 'https://img.etimg.com/thumb/msid-125010001,width-1070,height-580/sensex-nifty.jpg',
      source: 'ET Markets',
      published_at: '2026-11-20T10:15:12.000Z',
    });
    // No image: the field is absent, not empty.
    expect(body.news[4]).not.toHaveProperty('image_url');
  }, 30_000); // The feed-parse engine's first thread starts slowly on a busy machine.

  it('fetching the same feeds again adds no duplicates', async () => {
    await refresh();
    await refresh();
    expect((await get('/api/news?limit=100')).body.news).toHaveLength(5);
  });

  it('limits the list and refuses bad limits with a message', async () => {
    expect((await get('/api/news?limit=2')).body.news).toHaveLength(2);
    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1.'],
      ['limit=101', 'limit must be at most 100.'],
      ['limit=ten', 'limit must be a whole number written with the digits 0-9 only.'],
    ]) {
      const { status, body } = await get(`/api/news?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.values(body.fields ?? {})).toContain(message);
    }
    expect((await get('/api/news?sort=old')).status).toBe(400);
  });

  it('keeps the stored items when a feed sends garbage, errors or never answers', async () => {
    await refresh();
    fake.answers.set('/et.rss', { type: 'text/html', body: '<html><body>Access denied</body></html>' });
    fake.answers.set('/mint.rss', { hang: true });
    const run = (await refreshPast('/mint.rss')).find((r) => r.source === 'news')!;
    expect(run.ok).toBe(false);
    expect(run.stored).toBe(0);
    expect(run.problems).toHaveLength(2);
    expect(run.problems.join('\n')).toMatch(/did not send a readable feed/);
    expect(run.problems.join('\n')).toMatch(/did not answer within 500 ms/);
    expect((await get('/api/news')).body.news).toHaveLength(5);

    fake.answers.set('/et.rss', rss('Bad gateway', 502));
    fake.answers.set('/mint.rss', rss(feedFixture('livemint-markets.rss.xml')));
    const partial = (await refresh()).find((r) => r.source === 'news')!;
    expect(partial).toMatchObject({ ok: true, stored: 3 });
    expect(partial.problems[0]).toMatch(/answered HTTP 502/);
    expect((await get('/api/news')).body.news).toHaveLength(5);
  });
});

describe('GET /api/trends', () => {
  it('answers one numbered line per search, most searched first, as many as the rows chosen', async () => {
    await refresh();
    const twenty = (await get('/api/trends')).body;
    expect(twenty.rows).toBe(20);
    expect(twenty.count).toBe(20);
    const lines = twenty.text.split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('1. ind vs sa (500K+ searches)');
    expect(lines[1]).toBe('2. sensex today (200K+ searches)');
    expect((await get('/api/trends?rows=30')).body.text.split('\n')).toHaveLength(30);
    // The feed had 35 searches: 50 rows hold all of them.
    const fifty = (await get('/api/trends?rows=50')).body;
    expect(fifty.count).toBe(35);
    expect(fifty.text.split('\n').at(-1)).toBe('35. moto g96 (500+ searches)');
  });

  it('refuses rows other than 20, 30 and 50', async () => {
    for (const rows of ['10', '25', '100', 'abc', '20.0', '']) {
      const { status, body } = await get(`/api/trends?rows=${rows}`);
      expect(status, rows).toBe(400);
      expect(body.fields.rows).toBe('rows must be 20, 30 or 50.');
    }
  });

  it('keeps the stored trends when the feed fails or lists nothing', async () => {
    await refresh();
    const before = (await get('/api/trends?rows=50')).body.text;
    fake.answers.set('/trending/rss', { type: 'application/json', body: '{"error":"quota"}' });
    expect((await refresh()).find((r) => r.source === 'trends')).toMatchObject({ ok: false, stored: 0 });
    fake.answers.set(
      '/trending/rss',
      rss(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>Daily Search Trends</title></channel></rss>',
      ),
    );
    const empty = (await refresh()).find((r) => r.source === 'trends')!;
    expect(empty).toMatchObject({ ok: false, problems: ['The trends feed listed no searches'] });
    fake.answers.set('/trending/rss', { hang: true });
    expect((await refreshPast('/trending/rss')).find((r) => r.source === 'trends')!.problems[0]).toMatch(
      /within 500 ms/,
    );
    expect((await get('/api/trends?rows=50')).body.text).toBe(before);
  });
});

describe('GET /api/youtube-captions (channel feeds, no API key)', () => {
  it('answers distinct titles of the stored channel videos, newest first', async () => {
    await refresh();
    const { status, body } = await get('/api/youtube-captions?query=India&max_results=20');
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.videos).toEqual([
      { title: 'India News Live: Parliament winter session begins today' },
      { title: 'Budget 2027 expectations: what salaried taxpayers want & why' },
      { title: 'Sensex Today: Markets close in the green, Nifty above 26,100' },
    ]);
    expect((await get('/api/youtube-captions')).body.videos).toHaveLength(3);
    expect((await get('/api/youtube-captions?max_results=1')).body.videos).toHaveLength(1);
  });

  it('answers titles containing any other query, matched literally and without case', async () => {
    await refresh();
    expect((await get('/api/youtube-captions?query=sensex')).body.videos).toEqual([
      { title: 'Sensex Today: Markets close in the green, Nifty above 26,100' },
    ]);
    expect((await get('/api/youtube-captions?query=100%25')).body.videos).toEqual([]);
    expect((await get('/api/youtube-captions?query=%26%20why')).body.videos).toHaveLength(1);
  });

  it('refuses bad max_results and query values with messages', async () => {
    for (const [query, field, message] of [
      ['max_results=0', 'max_results', 'max_results must be at least 1.'],
      ['max_results=21', 'max_results', 'max_results must be at most 20.'],
      [
        'max_results=-5',
        'max_results',
        'max_results must be a whole number written with the digits 0-9 only.',
      ],
      ['query=', 'query', 'query must not be empty.'],
      [`query=${'x'.repeat(101)}`, 'query', 'query must be at most 100 characters.'],
    ] as const) {
      const { status, body } = await get(`/api/youtube-captions?${query}`);
      expect(status, query).toBe(400);
      expect(body.fields[field], query).toBe(message);
    }
    expect((await get('/api/youtube-captions?channel=x')).status).toBe(400);
    // A NUL never reaches a query: the request checks refuse the URL itself.
    expect(await get('/api/youtube-captions?query=%00')).toMatchObject({
      status: 400,
      body: { code: 'BAD_URL' },
    });
  });

  it('keeps the stored videos when every channel feed fails', async () => {
    await refresh();
    fake.answers.delete(`/feeds/videos.xml?channel_id=${ndtv}`);
    fake.answers.set(`/feeds/videos.xml?channel_id=${indiaToday}`, { hang: true });
    const run = (await refreshPast('/feeds/videos.xml')).find((r) => r.source === 'videos')!;
    expect(run).toMatchObject({ ok: false, stored: 0 });
    expect(run.problems.join('\n')).toContain(`Channel ${ndtv}`);
    expect((await get('/api/youtube-captions')).body.videos).toHaveLength(3);
  });
});

describe('the operator refresh call', () => {
  it('needs the admin token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/market-feeds/refresh' });
    expect(res.statusCode).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('with a YouTube Data API key', () => {
  it('stores the search results for the topic, not the channel feeds', async () => {
    const withKey = await createTestApp(
      feedEnv({ YOUTUBE_API_KEY: 'AIzaSyFakeKeyForTests_0123456789abcd' }),
      {
        platform: { clock },
      },
    );
    try {
      const runs = await refresh(withKey);
      expect(runs.find((r) => r.source === 'videos')).toMatchObject({ ok: true, stored: 3 });
      expect(fake.requests.some((r) => r.pathname === '/feeds/videos.xml')).toBe(false);
      const res = await withKey.app.inject({ method: 'GET', url: '/api/youtube-captions?query=india' });
      expect(res.json().videos).toEqual([
        { title: 'Stock Market Today: Sensex & Nifty close higher | Market Wrap' },
        { title: "India's GDP growth: what the numbers say" },
      ]);

      fake.answers.set('/youtube/v3/search', json(feedFixture('youtube-quota-error.json'), 403));
      const failed = (await refresh(withKey)).find((r) => r.source === 'videos')!;
      expect(failed.ok).toBe(false);
      expect(failed.problems[0]).toMatch(/quota/);
      const after = await withKey.app.inject({ method: 'GET', url: '/api/youtube-captions' });
      expect(after.json().videos).toHaveLength(2);
    } finally {
      await withKey.close();
    }
  }, 30_000); // The feed-parse engine's first thread starts slowly on a busy machine.
});

describe('the schedule', () => {
  it('fetches every source at start when stale, without delaying the start', async () => {
    const scheduled = await createTestApp(feedEnv({ FEEDS_REFRESH_MINUTES: '60' }));
    try {
      const read = async (url: string) => (await scheduled.app.inject({ method: 'GET', url })).json();
      // The three sources run side by side in the background: wait for the jobs to settle (an event).
      await scheduled.app.platform.jobs.settled();
      const answers = await Promise.all([
        read('/api/news'),
        read('/api/trends'),
        read('/api/youtube-captions'),
      ]);
      expect(answers[0].news).toHaveLength(5);
      expect(answers[1].count).toBe(20);
      expect(answers[2].videos).toHaveLength(3);
    } finally {
      await scheduled.close();
    }
  }, 30_000); // The feed-parse engine's first thread starts slowly on a busy machine.

  it('shuts down promptly while a fetch hangs (the fetch is aborted, not waited out)', async () => {
    fake.answers.set('/et.rss', { hang: true });
    // A minute's time limit on a clock that never moves: only the shutdown's abort can end the fetch, and
    // closing must not wait for it (the test's own time limit would fail first).
    const scheduled = await createTestApp(
      feedEnv({ FEEDS_REFRESH_MINUTES: '60', FEEDS_TIMEOUT_MS: '60000' }),
      {
        platform: { clock: new ManualClock(Date.UTC(2026, 10, 27, 6)) },
      },
    );
    await fake.requested('/et.rss');
    await scheduled.close();
  }, 30_000); // A slow start on a busy machine; the close itself is prompt.
});

describe('a hostile feed (issue 18)', () => {
  // Its own app: the measuring loop sends more requests than the default per-minute limit.
  let site: TestApp;
  beforeAll(async () => {
    // On the ManualClock no time limit passes by itself, however busy the machine.
    site = await createTestApp(feedEnv(), { platform: { clock } });
  });
  afterAll(() => site.close());
  const read = async (url: string) => (await site.app.inject({ method: 'GET', url })).json();

  // How long /api/health and /api/blogs take meanwhile is measured by `npm run bench` (section timings),
  // never asserted here (decision 0006).
  it('is refused, the stored items stay, and the site answers meanwhile', async () => {
    await refresh(site);
    const trendsBefore = (await read('/api/trends?rows=50')).text;

    // More than 5 MB of garbage XML streamed without end, about 1 MB nested 350,000 deep (a third of a
    // second of xml2js work per parse), a billion-laughs document and garbage channel feeds.
    fake.answers.set('/et.rss', { endless: `<item><title>x</title><a b="${'x<y z>&amp;<'.repeat(1500)}` });
    fake.answers.set('/mint.rss', rss(`<rss version="2.0"><channel>${'<a>'.repeat(340_000)}`));
    fake.answers.set(
      '/trending/rss',
      rss(
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>`,
      ),
    );
    for (const channel of [ndtv, indiaToday]) {
      fake.answers.set(
        `/feeds/videos.xml?channel_id=${channel}`,
        atom(`<feed>${'<entry><title>'.repeat(60_000)}`),
      );
    }

    const refreshing = refresh(site);
    // The site answers while the feeds are fetched and parsed (in the engine's thread).
    await fake.requested('/et.rss');
    expect((await site.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await site.app.inject({ method: 'GET', url: '/api/blogs' })).statusCode).toBe(200);
    const runs = await refreshing;

    const news = runs.find((r) => r.source === 'news')!;
    expect(news).toMatchObject({ ok: false, stored: 0 });
    // The 340,000-deep feed is refused by the parser, or, when its thread's heap fills first (it depends on
    // when the collector runs), by the engine's memory limit: either way a readable problem, the site fine.
    const port = new URL(fake.url).port;
    expect(news.problems).toEqual([
      expect.stringMatching(/\/et\.rss sent more than the 1048576 bytes allowed$/),
      expect.stringMatching(
        new RegExp(
          `^127\\.0\\.0\\.1:${port} (did not send a readable feed \\(Unclosed root tag at line 1, column 1020028\\)|sent a feed that could not be read \\(.*memory limit.*\\))$`,
        ),
      ),
    ]);
    const trends = runs.find((r) => r.source === 'trends')!;
    expect(trends).toMatchObject({ ok: false, stored: 0 });
    expect(trends.problems[0]).toMatch(/did not send a readable trends feed \(.+\)/);
    const videos = runs.find((r) => r.source === 'videos')!;
    expect(videos).toMatchObject({ ok: false, stored: 0 });
    expect(videos.problems[0]).toMatch(new RegExp(`^Channel ${ndtv} did not send a readable feed`));

    expect((await read('/api/news')).news).toHaveLength(5);
    expect((await read('/api/trends?rows=50')).text).toBe(trendsBefore);
    expect((await read('/api/youtube-captions')).videos).toHaveLength(3);
  }, 30_000);

  it('refuses a redirect from a feed to a private, loopback or link-local address', async () => {
    await refresh(site);
    fake.answers.set('/et.rss', { redirect: 'http://169.254.169.254/latest/meta-data/' });
    fake.answers.set('/mint.rss', { redirect: `${fake.url}/trending/rss` });
    fake.answers.set('/trending/rss', { redirect: 'http://10.1.2.3/rss' });
    const runs = await refresh(site);
    expect(runs.find((r) => r.source === 'news')!.problems).toEqual([
      expect.stringMatching(/redirected to 169\.254\.169\.254, which is not a public address: refused$/),
      expect.stringMatching(/redirected to 127\.0\.0\.1, which is not a public address: refused$/),
    ]);
    expect(runs.find((r) => r.source === 'trends')!.problems[0]).toMatch(
      /redirected to 10\.1\.2\.3, which is not a public address: refused$/,
    );
    expect((await read('/api/news')).news).toHaveLength(5);
  });

  it(`stores at most 500 items of one feed and keeps at most ${keepTrends} trends`, async () => {
    const bigTrends = (round: number) =>
      rss(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Daily Search Trends</title>${Array.from(
          { length: 3000 },
          (_, i) =>
            `<item><title>search ${round}-${i}</title><ht:approx_traffic>${i}+</ht:approx_traffic></item>`,
        ).join('')}</channel></rss>`,
      );
    const scratch = await createTestApp(feedEnv(), { platform: { clock } });
    try {
      for (const round of [1, 2, 3]) {
        fake.answers.set('/trending/rss', bigTrends(round));
        const run = (await refresh(scratch)).find((r) => r.source === 'trends')!;
        expect(run, run.problems.join()).toMatchObject({ ok: true, stored: 500 });
      }
      const rows = await scratch.database.db
        .selectFrom('market_trends' as never)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(rows.count)).toBe(keepTrends);
    } finally {
      await scratch.close();
    }
  }, 30_000);
});
