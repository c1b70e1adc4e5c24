/**
 * The `redirects` section of `npm run bench`: short-link redirects (`GET /s/<code>`, 302, each click
 * counted) of the production server against a bare Node `http` server answering 302 from a Map in the same
 * run, at 50 connections, in alternating rounds (the machine's speed drifts: each round's pair is compared
 * by itself and the share is the median of the rounds' ratios). Then checks that every redirect was counted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer, stopServer } from './production-server.ts';

const connections = 50;
const rounds = 5;
const links = 25;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
  errors: number;
}

async function measure(url: string, paths: string[], seconds: number): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  // autocannon counts a 302 as "non 2xx": only other statuses are errors here.
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    redirects: result['3xx'],
    errors: result.errors + result.non2xx - result['3xx'],
  };
}

/** A bare Node http server, in its own process, answering 302 from a Map of the same codes. */
async function startBareRedirects(
  targets: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const targets = new Map(Object.entries(JSON.parse(process.argv[1])));
       require('node:http').createServer((request, response) => {
         const target = targets.get(request.url.slice(3));
         if (target === undefined) { response.writeHead(404); response.end(); return; }
         response.writeHead(302, { location: target, 'content-length': 0 });
         response.end();
       }).listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));`,
      JSON.stringify(targets),
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, child };
}

const show = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(4)} ms${f.errors ? ` (${f.errors} errors)` : ''}`;

export async function benchShortener(durationSeconds = Number(process.env.BENCH_SECONDS ?? 15)) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-shortener-'));
  const server = await startServer(dataDir, { SEED_CONTENT: 'false' });
  let bare: { child: ChildProcess } | undefined;
  try {
    const targets: Record<string, string> = {};
    for (let i = 0; i < links; i += 1) {
      const res = await fetch(`${server.url}/api/shorten`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ longUrl: `https://example.com/bench/${i}?utm_source=bench` }),
      });
      if (!res.ok) throw new Error(`POST /api/shorten answered ${res.status}: ${await res.text()}`);
      const { code } = (await res.json()) as { code: string };
      targets[code] = `https://example.com/bench/${i}?utm_source=bench`;
    }
    const paths = Object.keys(targets).map((code) => `/s/${code}`);
    const started = await startBareRedirects(targets);
    bare = started;
    // Warm both (the links' first lookups, the JIT).
    await measure(server.url, paths, 1);
    await measure(started.url, paths, 1);

    const roundSeconds = Math.max(1, Math.round(durationSeconds / rounds));
    let best: Figures | undefined;
    let bestBare: Figures | undefined;
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const site = await measure(server.url, paths, roundSeconds);
      const plain = await measure(started.url, paths, roundSeconds);
      ratios.push(site.rps / plain.rps);
      if (!best || site.rps > best.rps) best = site;
      if (!bestBare || plain.rps > bestBare.rps) bestBare = plain;
    }
    ratios.sort((a, b) => a - b);
    const share = ratios[Math.floor(ratios.length / 2)]!;
    console.log(
      `\nShort-link redirects (${links} hot links, ${connections} connections, ${rounds} rounds of ${roundSeconds} s)`,
    );
    console.log(`${'GET /s/<code> (site, clicks counted)'.padEnd(44)} ${show(best!)}`);
    console.log(`${'bare Node http, 302 from a Map'.padEnd(44)} ${show(bestBare!)}`);
    console.log(`${'site / bare (median of the rounds)'.padEnd(44)} ${(share * 100).toFixed(1)} %`);

    // Every redirect answered is a click. autocannon stops a timed run with requests still on their way, so
    // the check is a run of an exact number of requests, its clicks read back once their batches are stored.
    const clicksNow = async () => {
      let total = 0;
      for (const code of Object.keys(targets)) {
        const link = (await (await fetch(`${server.url}/api/short-links/${code}`)).json()) as {
          clicks: number;
        };
        total += link.clicks;
      }
      return total;
    };
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await clicksNow();
    const amount = 20_000;
    const exact = await autocannon({
      url: server.url,
      connections,
      amount,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const counted = (await clicksNow()) - before;
    console.log(
      `${`clicks counted / ${amount} redirects sent`.padEnd(44)} ${counted} / ${exact['3xx']}${counted === amount && exact['3xx'] === amount ? ' (every click counted)' : ' (MISMATCH)'}`,
    );
  } finally {
    bare?.child.kill();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
