import type { Generated } from 'kysely';

export type OperatorTables = {
  /** The people who run the site: they sign in to the console with an email and a password. */
  operators: {
    id: Generated<number>;
    /** Lower case, unique. */
    email: string;
    /** `scrypt$<N>$<r>$<p>$<salt>$<key>` (operators/passwords.ts). */
    password_hash: string;
    created_at: string;
  };
  /** Console sessions: one row per signed-in browser, shared by every process. */
  operator_sessions: {
    /** SHA-256 of the cookie's id (hex): the database never holds a usable id. */
    id_hash: string;
    operator_id: number;
    created_at: string;
    /** The last request made with it; the session ends after OPERATOR_SESSION_IDLE_MINUTES without one. */
    last_seen_at: string;
  };
};
