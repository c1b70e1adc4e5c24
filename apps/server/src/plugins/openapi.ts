import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../shared/config.ts';

type OpenApiDocument = { components?: { schemas?: Record<string, unknown> } };

const references = (value: unknown) =>
  [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);

/**
 * Drops component schemas nothing refers to (zod's registry emits an input and an output variant of each
 * named schema, and most calls use only one of them).
 */
export function withoutUnusedSchemas<D extends OpenApiDocument>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Set(references({ ...document, components: { ...document.components, schemas: {} } }));
  for (const pending = [...used]; pending.length > 0; ) {
    for (const name of references(schemas[pending.pop()!])) {
      if (!used.has(name)) {
        used.add(name);
        pending.push(name);
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

/** The OpenAPI document is generated from the call definitions (zod schemas) of every `/api` route. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.siteName} API`,
        description:
          'The JSON API behind the site. Every error answer has the body {"error": string, "code": string, "fields"?: {field: message}}.',
        version: '1.0.0',
        contact: { name: config.siteName, url: `${config.publicBaseUrl}/contact` },
        license: {
          name: 'Proprietary: all rights reserved',
          url: `${config.publicBaseUrl}/terms-of-service`,
        },
      },
      // Relative: the document describes the API of whichever site serves it.
      servers: [{ url: '/', description: 'This site' }],
      components: {
        securitySchemes: {
          adminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN setting' },
        },
      },
    },
    // Pages, feeds and static files are not part of the API.
    transform: (input) =>
      input.url.startsWith('/api/')
        ? withFileAnswer(jsonSchemaTransform(input), input.route.config)
        : { schema: { hide: true }, url: input.url },
    transformObject: (input) =>
      withoutUnusedSchemas(jsonSchemaTransformObject(input) as OpenApiDocument) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(async (docs) => {
    // Swagger UI's pages carry no nonce and set inline styles: they get a policy of their own.
    const docsPolicy = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'frame-ancestors': ["'self'"],
        },
      },
      enableCSPNonces: false,
    };
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, helmet: docsPolicy } as typeof route.config;
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * A call answering a file (`answer: 'file'` in its contract, `fileAnswerType` in its route config) shows its
 * success answer as bytes of that media type; its errors stay the JSON error body.
 */
function withFileAnswer<T extends { schema: unknown }>(transformed: T, config: unknown): T {
  const type = (config as { fileAnswerType?: string } | undefined)?.fileAnswerType;
  const response = (transformed.schema as { response?: Record<string, { description?: string }> } | undefined)
    ?.response;
  if (!type || !response) return transformed;
  const success = Object.keys(response).find((status) => status.startsWith('2'));
  if (!success) return transformed;
  response[success] = {
    description: response[success]?.description ?? 'The file',
    content: { [type]: { schema: { type: 'string', format: 'binary' } } },
  } as { description: string };
  return transformed;
}
