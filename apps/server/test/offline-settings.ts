/**
 * The settings every server test starts from, explicitly (production code has no `NODE_ENV === 'test'`
 * branch): nothing is fetched on a schedule and no market data is synced and no translation service is called unless a test asks for it, and the
 * outgoing client may reach the tests' local fakes on 127.0.0.1 (`OUTGOING_ALLOW_PRIVATE_ADDRESSES`; where a
 * redirect leads is still checked). Tests never reach the internet.
 */
export const offlineTestSettings = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_CONTENT: 'false',
  FEEDS_REFRESH_MINUTES: '0',
  MARKET_SYNC: 'off',
  TRANSLATION_SERVICES: 'none',
  // A test's database may be a PostgreSQL schema only its app knows: the start-up import runs in the app
  // (market-import-child.test.ts runs it in a child process).
  MARKET_IMPORT_IN: 'process',
  OUTGOING_ALLOW_PRIVATE_ADDRESSES: 'true',
} as const;
