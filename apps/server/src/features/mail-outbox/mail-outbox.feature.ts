import { errorCodes } from '@hurryup/contracts/errors';
import { listMailOutbox, readMailOutboxMessage } from '@hurryup/contracts/mail-outbox';
import { registerAdminCalls } from '../../shared/admin-crud.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { registerCall } from '../../shared/register-call.ts';

/**
 * The operator's view of the mail outbox (the platform's `mail`, shared/mail-outbox.ts): what the site sent
 * or will send, with each message's tries and last error. Read-only; without ADMIN_TOKEN it does not exist.
 */
export const mailOutboxFeature = defineFeature({
  name: 'mail-outbox',
  async plugin(app, { config, mail }) {
    await registerAdminCalls(app, config.adminToken, (admin) => {
      registerCall(admin, listMailOutbox, ({ query }) => mail.list(query));
      registerCall(admin, readMailOutboxMessage, async ({ params }) => {
        const message = await mail.read(params.id);
        if (!message)
          throw new HttpError(
            404,
            errorCodes.notFound,
            `There is no message ${params.id} in the mail outbox.`,
          );
        return message;
      });
    });
  },
});
