import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../shared/config.ts';

/** The OpenAPI document is generated from the zod schemas of every `/api` route. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.siteName} API`,
        description:
          'The JSON API behind the site. Every error answer has the body {"error": string, "code": string, "fields"?: {field: message}}.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicBaseUrl }],
      components: {
        securitySchemes: {
          adminToken: { type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN setting' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
