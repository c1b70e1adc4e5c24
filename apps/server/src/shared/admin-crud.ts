import type { AdminCrudCalls } from '@hurryup/contracts/admin-crud';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerCall } from './register-call.ts';
import './site-registry.ts';

interface CrudService<Input, Output> {
  create(input: Input): Promise<Output>;
  update(id: number, input: Input): Promise<Output>;
  delete(id: number): Promise<void>;
}

/**
 * Registers a feature's admin calls behind the admin gate (token and admin rate limits, shared by every admin
 * route: shared/admin-auth.ts). Without ADMIN_TOKEN the admin API does not exist: nothing is registered, so
 * its paths are the API's 404 and absent from the OpenAPI document.
 */
export async function registerAdminCalls(
  app: FastifyInstance,
  adminToken: string | undefined,
  register: (admin: FastifyInstance) => void,
) {
  if (!adminToken) return;
  await app.register(async (admin) => {
    admin.adminGate.guard(admin);
    register(admin);
  });
}

/**
 * Registers the operator's create / replace / delete calls for one kind of content, behind the admin gate
 * (registerAdminCalls). Every successful write moves the revision of `kind` (the feature's name for this
 * content, e.g. 'blogs') before it is answered, so the next request anywhere for a page or answer that
 * shows it gets it fresh, and nothing else is rendered anew.
 */
export async function registerAdminCrud<Input extends z.ZodType, Output extends z.ZodType>(
  app: FastifyInstance,
  adminToken: string | undefined,
  calls: AdminCrudCalls<Input, Output>,
  service: CrudService<z.output<Input>, z.input<Output>>,
  kind: string,
) {
  const site = app.site;
  async function changed<T>(written: T): Promise<T> {
    await site.contentChanged([kind]);
    return written;
  }
  await registerAdminCalls(app, adminToken, (admin) => {
    registerCall(admin, calls.create, async ({ body }) =>
      changed(await service.create(body as z.output<Input>)),
    );
    registerCall(admin, calls.replace, async ({ params, body }) =>
      changed(await service.update(params.id, body as z.output<Input>)),
    );
    registerCall(admin, calls.delete, async ({ params }) => {
      await service.delete(params.id);
      return changed(null);
    });
  });
}
