import { z } from 'zod';
import { emptyToUndefined, setting } from '../../shared/config.ts';

/**
 * The contact form's settings (docs/operations.md, "Outgoing mail"): where messages go and how many all
 * visitors together may store an hour. Each setting's row in the docs' settings table is written here.
 */
export const contactSettings = z
  .object({
    CONTACT_TO: setting(
      z.preprocess(
        emptyToUndefined,
        z.email('CONTACT_TO must be one e-mail address, e.g. desk@example.in').optional(),
      ),
      {
        default: 'the address in `MAIL_FROM`',
        description:
          'where contact-form messages go (`POST /api/contact`, Reply-To the visitor); also shown as the email link on `/contact`. Messages are kept in the outbox first, so none is lost while the mail server is down',
      },
    ),
    // All visitors together: messages come from rotating addresses too (739 in a minute in one probe).
    CONTACT_MESSAGES_PER_HOUR: setting(z.coerce.number().int().min(1).default(60), {
      default: '`60`',
      description:
        'contact messages stored per hour from all visitors together (`contact.site-wide`), beside the per-visitor limit: a flood from rotating addresses cannot fill the outbox',
    }),
  })
  .transform((env) => ({ contactTo: env.CONTACT_TO, siteWidePerHour: env.CONTACT_MESSAGES_PER_HOUR }));

export type ContactSettings = z.output<typeof contactSettings>;
