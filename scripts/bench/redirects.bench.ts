/**
 * Section `redirects` of `npm run bench`: every short-link redirect answered is a click counted. The
 * redirects' rate beside a bare 302 server is a line of the `routes` section (`/s/<code>`). autocannon
 * stops a timed run with requests still on their way, so the check is a run of an exact number of requests,
 * its clicks read back once their batches are stored.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  type BenchOptions,
  defineBenchSection,
  line,
  pause,
  scratchFolder,
  startServer,
  stopServer,
} from './kit.ts';

const links = 25;

async function benchRedirects(options: BenchOptions) {
  const dataDir = scratchFolder('shortener');
  const server = await startServer(dataDir, { SEED_CONTENT: 'false' });
  try {
    const codes: string[] = [];
    for (let i = 0; i < links; i += 1) {
      const res = await fetch(`${server.url}/api/shorten`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ longUrl: `https://example.com/bench/${i}?utm_source=bench` }),
      });
      if (!res.ok) throw new Error(`POST /api/shorten answered ${res.status}: ${await res.text()}`);
      codes.push(((await res.json()) as { code: string }).code);
    }
    const clicksNow = async () => {
      let total = 0;
      for (const code of codes) {
        const link = (await (await fetch(`${server.url}/api/short-links/${code}`)).json()) as {
          clicks: number;
        };
        total += link.clicks;
      }
      return total;
    };
    const before = await clicksNow();
    const amount = options.quick ? 5_000 : 20_000;
    const exact = await autocannon({
      url: server.url,
      connections: options.connections,
      amount,
      requests: codes.map((code) => ({ method: 'GET', path: `/s/${code}` })),
    });
    // Clicks are stored in batches: give the last batch its moment.
    await pause(2_500);
    const counted = (await clicksNow()) - before;
    line(
      `clicks counted / ${amount} redirects sent`,
      `${counted} / ${exact['3xx']}${counted === amount && exact['3xx'] === amount ? ' (every click counted)' : ' (MISMATCH)'}`,
    );
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default defineBenchSection({
  name: 'redirects',
  title: 'short-link redirects: every click counted',
  run: benchRedirects,
});
