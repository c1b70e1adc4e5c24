/**
 * A small server supervised as the real one is (app/process-supervision.ts), run as a child process by
 * app/process-supervision.test.ts: `/throw` throws outside any request's handling (as a stream's unhandled
 * 'error' event does), `/reject` leaves a rejected promise nobody awaits, `/throw-twice` throws two at once.
 * Its supervision's time moves only with `/advance?ms=` (no test waits on real time). It prints its port
 * when listening.
 */
import Fastify from 'fastify';
import { superviseProcess } from '../src/app/process-supervision.ts';

let now = 0;

const app = Fastify({ logger: { level: 'info' } });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/throw', async () => {
  setImmediate(() => {
    throw new Error('thrown outside any handler');
  });
  return { thrown: true };
});
app.get('/throw-twice', async () => {
  for (const which of ['first', 'second']) {
    setImmediate(() => {
      throw new Error(`${which} of two thrown at once`);
    });
  }
  return { thrown: 2 };
});
app.get<{ Querystring: { ms: string } }>('/advance', async (request) => {
  now += Number(request.query.ms);
  return { now };
});
app.get('/reject', async () => {
  void Promise.reject(new Error('rejected and never awaited'));
  return { rejected: true };
});
superviseProcess(app, {
  what: 'test server',
  giveUpMs: 5000,
  burstMs: 1000,
  hooks: {
    on: (event, listener) => process.on(event as 'uncaughtException', listener),
    exit: (code) => process.exit(code),
    now: () => now,
    giveUpAfter: (ms, callback) => setTimeout(callback, ms).unref(),
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
