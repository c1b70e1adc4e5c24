import type { AdminCrudCalls } from '@hurryup/contracts/admin-crud';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { requireAdminToken } from './admin-auth.ts';
import { registerCall } from './register-call.ts';
import './site-registry.ts';

interface CrudService<Input, Output> {
  create(input: Input): Promise<Output>;
  update(id: number, input: Input): Promise<Output>;
  delete(id: number): Promise<void>;
}

// Few legitimate calls, and a guessed token should not get many tries.
const adminRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/**
 * Registers the operator's create / replace / delete calls for one kind of content, guarded by the admin
 * token. Without ADMIN_TOKEN the admin API does not exist: nothing is registered, so its paths are the API's
 * 404 and absent from the OpenAPI document. Every successful write moves the site's content revision before
 * it is answered, so the next page request anywhere shows it.
 */
export async function registerAdminCrud<Input extends z.ZodType, Output extends z.ZodType>(
  app: FastifyInstance,
  adminToken: string | undefined,
  calls: AdminCrudCalls<Input, Output>,
  service: CrudService<z.output<Input>, z.input<Output>>,
) {
  if (!adminToken) return;
  const site = app.site;
  async function changed<T>(written: T): Promise<T> {
    await site.contentChanged().catch((error: unknown) => {
      // The write itself succeeded; pages catch up with the next write that can be recorded.
      app.log.error({ err: error }, 'could not record a content change');
    });
    return written;
  }
  await app.register(async (admin) => {
    requireAdminToken(admin, adminToken);
    const config = adminRateLimit;
    registerCall(
      admin,
      calls.create,
      async ({ body }) => changed(await service.create(body as z.output<Input>)),
      { config },
    );
    registerCall(
      admin,
      calls.replace,
      async ({ params, body }) => changed(await service.update(params.id, body as z.output<Input>)),
      { config },
    );
    registerCall(
      admin,
      calls.delete,
      async ({ params }) => {
        await service.delete(params.id);
        return changed(null);
      },
      { config },
    );
  });
}
