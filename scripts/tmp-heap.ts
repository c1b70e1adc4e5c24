import fs from 'node:fs';
import { startServer, waitForBackgroundWork } from './production-server.ts';
const dataDir = '/tmp/mem/data';
fs.mkdirSync(dataDir, { recursive: true });
const server = await startServer(dataDir, {
  MARKET_DATA_DIR: '/work/shared/data/market', EVENTS_DATA_DIR: '/work/shared/data/events',
  NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/mem',
});
await waitForBackgroundWork(dataDir);
await fetch(server.url + '/'); await fetch(server.url + '/daylow');
await new Promise((r) => setTimeout(r, 8000));
const rss = () => /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1];
console.log('rss kB', rss(), 'pid', server.child.pid, server.url);
fs.writeFileSync('/tmp/mem/url', server.url + ' ' + server.child.pid);
await new Promise(() => {});
