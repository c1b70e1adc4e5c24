/**
 * The layer rules of docs/architecture.md, checked by `npm run check` (npm run check:layers).
 * Each rule's comment is what a violation means; fix the import, not the rule.
 */
const server = '^apps/server/src/';
const web = '^apps/web/app/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order matter and hide a missing layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import must resolve to a file or an installed package.',
      from: {},
      // React Router's generated route types (./+types/<route>) exist only after react-router typegen.
      to: { couldNotResolve: true, pathNot: '/[+]types/' },
    },
    {
      name: 'feature-not-app-or-plugins',
      severity: 'error',
      comment:
        'Server features are given what they need (FeatureContext); they never reach up into app/, plugins/ or web/.',
      from: { path: `${server}features/` },
      to: { path: `${server}(app|plugins|web)/` },
    },
    {
      name: 'feature-not-other-feature',
      severity: 'error',
      comment:
        "A feature never imports another feature (nor queries its tables): it goes through the site registry or that feature's page data. A feature's benchmark section (`*.bench.ts`, run by `npm run bench`, never loaded by the app) may set up the data it measures with the owner's import and read model.",
      from: { path: `${server}features/([^/]+)/`, pathNot: '\\.bench\\.ts$' },
      to: { path: `${server}features/`, pathNot: `${server}features/$1/` },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'shared/ is below features: it imports only db/ and other shared modules.',
      from: { path: `${server}shared/` },
      to: { path: `${server}(app|plugins|web|features|scripts)/` },
    },
    {
      name: 'plugins-know-no-feature',
      severity: 'error',
      comment:
        'Cross-cutting plugins (errors, security, OpenAPI) work for every feature without knowing any.',
      from: { path: `${server}(plugins|web)/` },
      to: { path: `${server}(features|app)/` },
    },
    {
      name: 'adapters-know-no-feature',
      severity: 'error',
      comment:
        'adapters/ wrap outside services (feeds, APIs) for any feature: they import only other adapters and packages, never the app, its features or its database.',
      from: { path: `${server}adapters/` },
      to: { path: `${server}(app|plugins|web|features|scripts|db|shared)/` },
    },
    {
      name: 'engines-know-no-feature',
      severity: 'error',
      comment:
        'Engines (engines/) run CPU work in worker threads for any feature, in a web process or the worker process: they import only packages, @hurryup/contracts and other engine files (and tests their test engines), never the app, its features, shared/, db/ or the web app.',
      from: { path: `${server}engines/`, pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/', pathNot: '^apps/server/(src|test)/engines/' },
    },
    {
      name: 'engines-know-no-feature',
      severity: 'error',
      comment:
        "The tests of engines may also import the platform's clock: a ManualClock drives the pool's time limits.",
      from: { path: `${server}engines/.*\\.test\\.ts$` },
      to: { path: '^apps/', pathNot: ['^apps/server/(src|test)/engines/', `${server}shared/clock\\.ts$`] },
    },
    {
      name: 'db-knows-no-feature',
      severity: 'error',
      comment:
        'The database layer owns only app_state and the migration machinery; feature tables live in their features.',
      from: { path: `${server}db/` },
      to: { path: `${server}(features|app|plugins|web|shared|scripts)/` },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment: 'packages/contracts is shared by the browser and the server: it imports only zod.',
      from: { path: '^packages/contracts/src/' },
      to: { pathNot: ['^packages/contracts/src/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'market-is-pure',
      severity: 'error',
      comment:
        'packages/market is pure mathematics: no I/O, no Node modules, nothing from the apps or packages.',
      from: { path: '^packages/market/src/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: '^packages/market/src/' },
    },
    {
      name: 'markdown-stays-on-the-server',
      severity: 'error',
      comment:
        "The Markdown renderer (packages/markdown, decision 0041) runs on the server: the web app's browser modules (shared/, features/) never import it and get rendered HTML from the load context; only a route's loader may use it.",
      from: { path: `${web}(shared|features)/` },
      to: { path: '^packages/markdown/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment:
        'The web app never imports server code; the server provides what the pages need through the load context.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-sees-web-only-through-load-context',
      severity: 'error',
      comment:
        "The server imports the web app only for the load context types: load-context.ts and each feature's page-data.ts.",
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/', pathNot: `${web}(load-context\\.ts|features/[^/]+/page-data\\.ts)$` },
    },
    {
      name: 'web-shared-stays-shared',
      severity: 'error',
      comment: 'In the web app, shared/ is below features/, which are below routes/ and the root.',
      from: { path: `${web}shared/` },
      to: { path: `${web}(features|routes)/` },
    },
    {
      name: 'web-feature-not-other-feature',
      severity: 'error',
      comment: 'A web feature uses shared/ and its own folder only; what two features need goes to shared/.',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}(features|routes)/`, pathNot: `${web}features/$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(build|\\.react-router|node_modules)/' },
    // TypeScript 7 (native) has no compiler API for dependency-cruiser yet; swc parses TypeScript for it.
    parser: 'swc',
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
