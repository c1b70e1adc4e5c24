import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../shared/config.ts';
import { permissionsPolicy } from './request-hardening.ts';

// Hosts the configured ad and analytics tags load from; added to the policy only when those are configured.
export const adHosts = [
  'https://pagead2.googlesyndication.com',
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
  'https://*.gstatic.com',
  'https://*.adtrafficquality.google',
];
export const analyticsHosts = [
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.g.doubleclick.net',
];

/** The Content-Security-Policy directives; scripts need the per-request nonce the HTML carries. */
export function cspDirectives(config: Config): Record<string, string[]> {
  const thirdParty = [...(config.ads.clientId ? adHosts : []), ...(config.analyticsId ? analyticsHosts : [])];
  return {
    'default-src': ["'self'"],
    // 'strict-dynamic' lets a nonce-approved tag load its own helpers; https: is ignored by browsers that
    // understand strict-dynamic and keeps older ones working.
    'script-src': ["'self'", "'strict-dynamic'", 'https:'],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...thirdParty],
    'frame-src': ["'self'", ...thirdParty],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(config.env === 'production' && config.publicBaseUrl.startsWith('https:')
      ? { 'upgrade-insecure-requests': [] }
      : {}),
  };
}

/** Helmet's headers besides the Content-Security-Policy, the same for every answer. */
function helmetHeaderOptions(config: Config) {
  return {
    crossOriginEmbedderPolicy: false,
    // Ad iframes and WhatsApp previews fetch our images from other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.publicBaseUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  } satisfies HelmetOptions;
}

/**
 * The headers every page gets from helmet (but its policy, which each cached page brings) and from the
 * site's response-header hook, computed once by the same helmet with the same options: cached pages are
 * answered before those hooks run (web/cached-page-answers.ts).
 */
export function fixedPageHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({ ...helmetHeaderOptions(config), contentSecurityPolicy: false })(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    () => {},
  );
  headers['permissions-policy'] = permissionsPolicy;
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    // Vite's dev server injects inline scripts and a websocket; the policy applies to built pages only.
    contentSecurityPolicy:
      config.env === 'development' ? false : { useDefaults: false, directives: cspDirectives(config) },
    enableCSPNonces: config.env !== 'development',
    ...helmetHeaderOptions(config),
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Answers compressed per request (API reads, pages the cache does not keep) use a fast Brotli level:
    // zlib's default (11) costs several milliseconds of CPU per page, more than rendering it. Files and
    // cached pages are compressed once, at level 11.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
