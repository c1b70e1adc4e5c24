/**
 * `npm run worker`: a process that runs the site's jobs (engine work, mail, feeds, market sync) and serves
 * no requests. With `REDIS_URL` the web processes queue jobs in Redis and workers take them; without it,
 * web processes run their jobs themselves and a worker only shares the schedules.
 */
process.env.NODE_ENV ??= 'production';
const { flushCompileCache } = await import('node:module');
const { buildApp } = await import('./app/build-app.ts');
const { loadSiteConfigOrExit, superviseProcess } = await import('./app/process-lifecycle.ts');

const config = loadSiteConfigOrExit();
const app = await buildApp(config, { role: 'worker' });
if (!config.redis)
  app.log.warn(
    'REDIS_URL is not set: web processes run their own jobs; this worker runs only scheduled jobs',
  );
// Jobs in flight are given longer than requests: a feed fetch or an engine task may take tens of seconds.
superviseProcess(app, { what: 'worker', giveUpMs: 30_000 });

await app.ready();
app.log.info(
  { database: app.database.describe, jobs: config.redis ? 'bullmq' : 'in-process' },
  `${config.siteName} worker is ready`,
);
// As start-server.ts: the next start reuses what Node compiled for this one.
flushCompileCache();
