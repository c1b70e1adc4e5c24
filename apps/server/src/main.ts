/**
 * The production entry point. React (and other libraries) choose their development or production build
 * from NODE_ENV when first loaded, so it is settled here before anything imports them.
 */
process.env.NODE_ENV ??= 'production';
await import('./start-server.ts');
