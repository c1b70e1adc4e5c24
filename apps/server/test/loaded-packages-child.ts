// Run by lazy-dependencies.test.ts in a process of its own: starts the app with the settings in its
// environment and prints, as JSON, the npm packages whose modules were loaded (through the ESM resolver).
import module from 'node:module';

const seen = new Set<string>();
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url);
    if (match) seen.add(match[1]!);
    return resolved;
  },
});

const fs = await import('node:fs');
const os = await import('node:os');
const path = await import('node:path');
const { buildApp } = await import('../src/app/build-app.ts');
const { loadSiteConfig } = await import('../src/app/site-config.ts');
const { offlineTestSettings } = await import('./offline-settings.ts');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-loaded-'));
try {
  const app = await buildApp(loadSiteConfig({ ...offlineTestSettings, ...process.env, DATA_DIR: dataDir }), {
    logger: false,
  });
  await app.ready();
  await app.close();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify([...seen].sort()));
