import type { PortableMigration } from '../migrate.ts';
import { contentMigration } from './0001-content.ts';

/**
 * Every migration in order. Names sort by their number prefix; never rename or edit one that has shipped:
 * add a new one instead.
 */
export const migrations: Record<string, PortableMigration> = {
  '0001-content': contentMigration,
};
