import type { FastifyBaseLogger } from 'fastify';
import { createSmtpMail } from '../adapters/smtp-mail.ts';
import type { Database } from '../db/database.ts';
import type { Clock } from '../shared/clock.ts';
import type { Config } from '../shared/config.ts';
import type { Jobs } from '../shared/jobs.ts';
import type { Mail } from '../shared/mail.ts';
import { createMailDeliverJob, createMailOutbox } from '../shared/mail-outbox.ts';

/**
 * The outbox, its delivery job and the SMTP transport from the settings. A message written is delivered
 * by the next run of `mail.deliver`, which is also queued right after the write so mail goes out at once
 * when the server answers.
 */
export function createPlatformMail(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  jobs: Jobs;
  log: FastifyBaseLogger;
}): Mail {
  const { config, database, clock, jobs, log } = deps;
  const outbox = createMailOutbox(database.db, { clock, maxAttempts: config.mail.maxAttempts });
  const transport = config.mail.smtpUrl
    ? createSmtpMail({ url: config.mail.smtpUrl, from: config.mail.from })
    : undefined;
  const deliver = jobs.define(createMailDeliverJob(outbox, transport));
  // Never waited on: the message is stored, and should the queue be away (Redis restarting) the schedule
  // delivers it all the same, so the visitor is answered at once.
  const deliverSoon = (mail?: number) => {
    deliver
      .enqueue({})
      .catch((error: unknown) =>
        log.warn(
          { err: error instanceof Error ? error.message : error, mail },
          'could not queue the delivery of a stored message: the schedule delivers it',
        ),
      );
  };
  return {
    ...outbox,
    async send(message, tx) {
      const stored = await outbox.send(message, tx);
      // Inside a transaction the message is not visible yet: the caller calls deliverSoon once it has
      // committed, or the schedule delivers it within 30 s.
      if (!tx) deliverSoon(stored.id);
      return stored;
    },
    async retry(id) {
      const result = await outbox.retry(id);
      if (result === 'retried') deliverSoon(id);
      return result;
    },
    deliverSoon: () => deliverSoon(),
  };
}
