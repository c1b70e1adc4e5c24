import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package (or one with a `require` export) loaded the first time it is used, not when the module
 * that uses it is: a web process that never makes a QR code or talks to PostgreSQL never holds their code
 * (issue 28, memory; `app/lazy-dependencies.test.ts` checks which packages a started process loaded).
 * Give the type with `import type`: `loadOnUse<typeof import('qrcode')>('qrcode')`.
 */
export function loadOnUse<T>(specifier: string): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= { module: require(specifier) as T };
    return loaded.module;
  };
}
