import {
  generateFedAlert,
  getEventCalendar,
  getImpactHeatmap,
  simulateStraddle,
} from '@hurryup/contracts/event-studies';
import type { EventStudiesPageData } from '@hurryup/web/features/event-studies/page-data';
import { createWhatsAppCloudSender } from '../../adapters/whatsapp-cloud.ts';
import { tablesOf } from '../../db/tables-of.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { eventStudiesMigrations } from './event-studies.migrations.ts';
import { createEventStudiesRepository } from './event-studies.repository.ts';
import { createEventStudiesService } from './event-studies.service.ts';
import { eventStudiesSettings } from './event-studies.settings.ts';
import type { EventStudiesTables } from './event-studies.tables.ts';

const dayMs = 24 * 60 * 60_000;
/** The calendar, the heatmap and the Fed alert come from stored bars and events; the calendar and the alert also move with the date. */
const fromStoredData = { shows: ['market'], maxAgeSeconds: 60 };

/**
 * The event studies (issue 23 items 6-9): impact heatmap, RBI-day straddle simulator, Fed-day alert and the
 * volatility event calendar, computed from the market data read model (the market feature's stored bars
 * and events, through the site registry; docs/trading-methods.md). Its own settings (the Fed alert's
 * WhatsApp delivery) and its own table (the sends).
 */
export const eventStudiesFeature = defineFeature({
  name: 'event-studies',
  migrations: eventStudiesMigrations,
  settings: eventStudiesSettings,
  async plugin(app, { database, site, clock, limits, settings, log }) {
    const whatsapp = settings.whatsapp;
    const sendLimit = limits.define({
      name: 'fed-alert.whatsapp-sends',
      description:
        'WhatsApp sends of the Fed alert tried per day, site-wide (and at most one successful send per decision)',
      max: settings.sendsPerDay,
      windowMs: dayMs,
      message: () => 'The Fed alert was not sent by WhatsApp: too many attempts today.',
    });
    const studies = createEventStudiesService({
      // Read when asked, never at registration: the market feature may register after this one.
      data: { current: () => site.readModel('marketData').current() },
      repository: createEventStudiesRepository(tablesOf<EventStudiesTables>(database.db)),
      now: () => clock.date(),
      log,
      whatsapp: whatsapp
        ? {
            sender: createWhatsAppCloudSender({ ...whatsapp, timeoutMs: 10_000 }),
            recipient: whatsapp.recipient,
            limit: sendLimit,
          }
        : undefined,
    });
    registerCall(app, getImpactHeatmap, ({ query }) => studies.heatmap(query.kind), {
      cache: fromStoredData,
    });
    registerCall(app, simulateStraddle, ({ body }) => studies.straddle(body));
    // The alert is the same for everyone until the data or the date moves; `premium=true` also sends it by
    // WhatsApp, so that request is never answered from nor kept in any cache.
    registerCall(app, generateFedAlert, ({ query }) => studies.fedAlert(query.premium === 'true'), {
      cache: { ...fromStoredData, except: (query) => query.premium === 'true' },
    });
    registerCall(app, getEventCalendar, () => studies.calendar(), { cache: fromStoredData });
    site.providePageData('event-studies', {
      heatmap: () => studies.heatmap(),
      calendar: () => studies.calendar(),
    } satisfies EventStudiesPageData);
  },
});
