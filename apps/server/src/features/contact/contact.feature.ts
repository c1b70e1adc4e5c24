import {
  listContactMessages,
  retryContactDelivery,
  sendContactMessage,
  setContactMessageRead,
} from '@hurryup/contracts/contact';
import {
  contactMessages,
  contactMessagesPerWindow,
  contactWindowMinutes,
} from '@hurryup/contracts/contact-rules';
import type { ContactPageData } from '@hurryup/web/features/contact/page-data';
import { tablesOf } from '../../db/tables-of.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { contactMigrations } from './contact.migrations.ts';
import { createContactRepository } from './contact.repository.ts';
import { createContactService } from './contact.service.ts';
import { contactSettings } from './contact.settings.ts';
import type { ContactTables } from './contact.tables.ts';

/** The address in a From setting such as `"Hurry Up" <no-reply@example.in>`. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The contact form's server (decisions.md section 2): `POST /api/contact` stores the message in the mail
 * outbox, addressed to `CONTACT_TO` (the site's From address when unset) with Reply-To the visitor; the
 * outbox delivers it by SMTP with retries. The operator reads it in the inbox (`/api/admin/contact-messages`:
 * read or unread, with its delivery, which can be tried again once it failed), stored with its mail in one
 * transaction.
 * No provider key ever reaches the browser: the page posts to this server only.
 */
export const contactFeature = defineFeature({
  name: 'contact',
  settings: contactSettings,
  migrations: contactMigrations,
  async plugin(app, { config, site, limits, mail, settings, log, database, clock }) {
    const db = tablesOf<ContactTables>(database.db);
    const recipient = settings.contactTo ?? addressOf(config.mail.from);
    if (!settings.contactTo)
      log.info({ recipient }, 'CONTACT_TO is not set: contact messages go to the From address');
    const contact = createContactService({
      mail,
      repository: createContactRepository(db),
      transaction: (write) => db.transaction().execute(write),
      clock,
      recipient,
      siteName: config.siteName,
      limit: limits.define({
        name: 'contact.messages',
        description: `Contact messages stored per visitor in ${contactWindowMinutes} minutes (client address; IPv6 per /64)`,
        max: contactMessagesPerWindow,
        windowMs: contactWindowMinutes * 60_000,
        message: () => contactMessages.tooMany,
      }),
      siteWide: limits.define({
        name: 'contact.site-wide',
        description:
          'Contact messages stored per hour from all visitors together (`CONTACT_MESSAGES_PER_HOUR`), whatever their addresses',
        max: settings.siteWidePerHour,
        windowMs: 60 * 60_000,
        message: () => contactMessages.tooManyForEveryone,
      }),
    });
    registerCall(app, sendContactMessage, ({ body }, request) => contact.send(body, clientKey(request.ip)));
    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, listContactMessages, ({ query }) => contact.inbox(query));
      registerCall(admin, setContactMessageRead, async ({ params, body }, request) => {
        const message = await contact.setRead(params.id, body.read);
        await app.adminActivity.record(request, {
          kind: 'contact-messages',
          itemId: params.id,
          item: `Message ${params.id}`,
          action: body.read ? 'mark read' : 'mark unread',
        });
        return message;
      });
      registerCall(admin, retryContactDelivery, async ({ params }, request) => {
        const result = await contact.retry(params.id);
        await app.adminActivity.record(request, {
          kind: 'contact-messages',
          itemId: params.id,
          item: `Message ${params.id}`,
          action: 'retry delivery',
        });
        return result;
      });
    });
    site.providePageData('contact', {
      // The address messages go to, shown on the page as its email link: CONTACT_TO, or the From address.
      publicEmail: () => recipient,
    } satisfies ContactPageData);
  },
});
