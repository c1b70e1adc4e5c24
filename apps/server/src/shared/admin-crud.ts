import { errorBodySchema } from '@hurryup/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminRouteSecurity, requireAdminToken } from './admin-auth.ts';
import { idParamsSchema } from './id-param.ts';

interface CrudService<Input, Output> {
  create(input: Input): Promise<Output>;
  update(id: number, input: Input): Promise<Output>;
  delete(id: number): Promise<void>;
}

/**
 * The operator's create / replace / delete endpoints for one content type, under /api/admin/<plural>,
 * guarded by the admin token and validated by the type's input schema.
 */
export async function registerAdminCrud<S extends z.ZodType, O extends z.ZodType>(
  app: FastifyInstance,
  options: {
    plural: string;
    noun: string;
    input: S;
    output: O;
    service: CrudService<z.output<S>, z.output<O>>;
  },
) {
  const { plural, noun, input, output, service } = options;
  await app.register(async (admin) => {
    requireAdminToken(admin, app.config.adminToken);
    // Untyped routes: the zod schemas below still validate every request; the generics are too deep for
    // the type provider to follow here.
    const api = admin;
    type IdParams = z.output<typeof idParamsSchema>;
    const common = { tags: ['admin'], security: adminRouteSecurity };
    // Few legitimate calls, and a guessed token should not get many tries.
    const config = { rateLimit: { max: 60, timeWindow: '1 minute' } };
    const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

    api.post(
      `/api/admin/${plural}`,
      {
        config,
        schema: { ...common, summary: `Create a ${noun}`, body: input, response: { 201: output, ...errors } },
      },
      async (request, reply) => reply.code(201).send(await service.create(request.body as z.output<S>)),
    );
    api.put(
      `/api/admin/${plural}/:id`,
      {
        config,
        schema: {
          ...common,
          summary: `Replace a ${noun}`,
          params: idParamsSchema,
          body: input,
          response: { 200: output, ...errors },
        },
      },
      (request) => service.update((request.params as IdParams).id, request.body as z.output<S>),
    );
    api.delete(
      `/api/admin/${plural}/:id`,
      {
        config,
        schema: {
          ...common,
          summary: `Delete a ${noun}`,
          params: idParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await service.delete((request.params as IdParams).id);
        return reply.code(204).send(null);
      },
    );
  });
}
