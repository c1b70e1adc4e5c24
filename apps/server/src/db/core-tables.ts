/**
 * The tables the database layer itself owns. Each feature declares its own tables in
 * `features/<area>/<area>.tables.ts` and reaches them with `db.withTables<ThoseTables>()`, so a feature's
 * queries can name only its own tables. Dates are ISO-8601 text and booleans 0/1 in both dialects
 * (docs/decisions/0002-sqlite-driver.md).
 */
export type CoreTables = {
  /** Small key/value facts about the site: read and written only through db/app-state.ts. */
  app_state: { key: string; value: string };
};
