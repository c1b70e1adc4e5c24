import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFeedServer, json, startFakeFeedServer } from '../../test/fake-feed-server.ts';
import { handTimers } from '../../test/hand-timers.ts';
import { createWhatsAppCloudSender, WhatsAppSendError } from './whatsapp-cloud.ts';
import { createYahooChartSource, MarketSourceError } from './yahoo-chart.ts';

// The market data source and WhatsApp Cloud through the one outgoing client: their answers are capped while
// they stream (an answer without end is cut, never read whole), and their time limits run on given timers.
let fake: FakeFeedServer;
beforeAll(async () => {
  fake = await startFakeFeedServer();
});
afterAll(() => fake.close());

describe('the market data source (Yahoo chart)', () => {
  it('stops reading an answer without end at its cap and closes the connection', async () => {
    fake.answers.set('/v8/finance/chart/%5ENSEI', { endless: `{"chart":{"result":[${' '.repeat(16_000)}` });
    // The fake writes until the client closes the connection: its close is the event that proves reading stopped.
    const closed = fake.endlessClosed();
    const source = createYahooChartSource({ baseUrl: fake.url, timeoutMs: 60_000 });
    const error = await source.chart('^NSEI', '5d').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketSourceError);
    expect((error as Error).message).toBe('The market data source sent too much (^NSEI).');
    await closed;
  });

  it('times out on the timers it is given', async () => {
    fake.answers.set('/v8/finance/chart/SILENT', { hang: true });
    const timers = handTimers();
    const source = createYahooChartSource({ baseUrl: fake.url, timeoutMs: 300, timers });
    const result = source.chart('SILENT', '5d').catch((e: unknown) => e);
    await fake.requested('/v8/finance/chart/SILENT');
    timers.fire();
    expect(await result).toMatchObject({ message: 'The market data source timed out (SILENT).' });
  });

  it('refuses a loopback address when the caller does not allow private addresses', async () => {
    const source = createYahooChartSource({ baseUrl: fake.url, allowPrivateAddresses: false });
    await expect(source.chart('^NSEI', '5d')).rejects.toThrow(
      'The market data source is unreachable (^NSEI).',
    );
  });
});

describe('WhatsApp Cloud', () => {
  const options = { apiVersion: '21.0', token: 'secret-token', phoneNumberId: '123', timeoutMs: 60_000 };

  it('reads at most 64 KB of an answer, while it streams', async () => {
    fake.answers.set('/v21.0/123/messages', { endless: `{"messages":[{"id":"${'x'.repeat(16_000)}` });
    // The fake writes until the client closes the connection: its close is the event that proves reading stopped.
    const closed = fake.endlessClosed();
    const sender = createWhatsAppCloudSender({ ...options, baseUrl: fake.url });
    const error = await sender.sendText('919800000000', 'Hello').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsAppSendError);
    expect((error as Error).message).toMatch(/sent more than the 65536 bytes allowed/);
    expect((error as Error).message).not.toContain('secret-token');
    await closed;
  });

  it('answers the message id of a success', async () => {
    fake.answers.set('/v21.0/123/messages', json('{"messages":[{"id":"wamid.1"}]}'));
    const sender = createWhatsAppCloudSender({ ...options, baseUrl: fake.url });
    expect(await sender.sendText('919800000000', 'Hello')).toBe('wamid.1');
  });
});
