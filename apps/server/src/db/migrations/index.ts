import type { PortableMigration } from '../migrate.ts';

/**
 * Every migration in order. Names sort by their number prefix; never rename or edit one that has shipped:
 * add a new one instead.
 */
export const migrations: Record<string, PortableMigration> = {};
