import type { Kysely } from 'kysely';
import type { DialectName } from './database.ts';

/** A migration written once for both dialects; `dialect` is there for the few types that differ. */
export interface PortableMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}
