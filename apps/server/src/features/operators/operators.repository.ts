import type { Kysely } from 'kysely';
import type { OperatorTables } from './operators.tables.ts';

type Db = Kysely<OperatorTables>;

export interface OperatorRow {
  id: number;
  email: string;
  passwordHash: string;
  createdAt: string;
}

/** Every query on `operators` and `operator_sessions`. */
export function createOperatorRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<OperatorRow | undefined> {
      const row = await db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
      return (
        row && { id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at }
      );
    },
    async list(): Promise<{ email: string; createdAt: string; sessions: number }[]> {
      const rows = await db
        .selectFrom('operators')
        .leftJoin('operator_sessions', 'operator_sessions.operator_id', 'operators.id')
        .select((eb) => [
          'operators.email',
          'operators.created_at',
          eb.fn.count<number | string>('operator_sessions.id_hash').as('sessions'),
        ])
        .groupBy(['operators.id', 'operators.email', 'operators.created_at'])
        .orderBy('operators.email')
        .execute();
      return rows.map((row) => ({
        email: row.email,
        createdAt: row.created_at,
        sessions: Number(row.sessions),
      }));
    },
    async insert(email: string, passwordHash: string, now: string): Promise<void> {
      await db
        .insertInto('operators')
        .values({ email, password_hash: passwordHash, created_at: now })
        .execute();
    },
    async updatePassword(email: string, passwordHash: string): Promise<boolean> {
      const result = await db
        .updateTable('operators')
        .set({ password_hash: passwordHash })
        .where('email', '=', email)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Removes the operator and every session of theirs, in one transaction. */
    async remove(email: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const operator = await tx
          .selectFrom('operators')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (!operator) return false;
        await tx.deleteFrom('operator_sessions').where('operator_id', '=', operator.id).execute();
        await tx.deleteFrom('operators').where('id', '=', operator.id).execute();
        return true;
      });
    },
    async insertSession(idHash: string, operatorId: number, now: string): Promise<void> {
      await db
        .insertInto('operator_sessions')
        .values({ id_hash: idHash, operator_id: operatorId, created_at: now, last_seen_at: now })
        .execute();
    },
    /** The session and its operator; a session whose operator is gone is none. */
    async findSession(idHash: string): Promise<{ email: string; lastSeenAt: string } | undefined> {
      const row = await db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select(['operators.email', 'operator_sessions.last_seen_at'])
        .where('operator_sessions.id_hash', '=', idHash)
        .executeTakeFirst();
      return row && { email: row.email, lastSeenAt: row.last_seen_at };
    },
    async touchSession(idHash: string, now: string): Promise<void> {
      await db
        .updateTable('operator_sessions')
        .set({ last_seen_at: now })
        .where('id_hash', '=', idHash)
        .execute();
    },
    async deleteSession(idHash: string): Promise<void> {
      await db.deleteFrom('operator_sessions').where('id_hash', '=', idHash).execute();
    },
    /** Sessions idle since before `before` (ISO): gone for good. */
    async deleteIdleSessions(before: string): Promise<void> {
      await db.deleteFrom('operator_sessions').where('last_seen_at', '<', before).execute();
    },
  };
}
export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
