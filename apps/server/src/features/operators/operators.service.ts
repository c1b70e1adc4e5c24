import { createHash, randomBytes } from 'node:crypto';
import { operatorPasswordMinLength } from '@hurryup/contracts/operator-rules';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../shared/clock.ts';
import type { OperatorRepository } from './operators.repository.ts';
import { hashPassword, unknownOperatorHash, verifyPassword } from './passwords.ts';

/** A refusal the operator commands show as it is (a bad email, a short password, a taken email). */
export class OperatorError extends Error {}

/** Emails are kept and compared trimmed and in lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

const emailSchema = z.email();

const hashOf = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** A session is written again at most this often: enough to measure idle time in minutes. */
const touchEveryMs = 60_000;

/**
 * Operators and their console sessions (docs/decisions/0040-operator-console.md). A session is a random
 * 256-bit id held by the browser in a cookie; the database keeps only its SHA-256, so every process sees it
 * and a copy of the database opens no session. It ends after `idleMs` without a request, at sign-out, or
 * when its operator is removed.
 */
export function createOperatorService(repository: OperatorRepository, clock: Clock, idleMs: number) {
  const nowText = () => clock.date().toISOString();
  return {
    idleMs,
    async add(email: string, password: string): Promise<string> {
      const normal = normalEmail(email);
      if (!emailSchema.safeParse(normal).success)
        throw new OperatorError(`"${email}" is not an email address.`);
      if (password.length < operatorPasswordMinLength) {
        throw new OperatorError(`A password needs at least ${operatorPasswordMinLength} characters.`);
      }
      try {
        await repository.insert(normal, await hashPassword(password), nowText());
      } catch (error) {
        if (isUniqueViolation(error))
          throw new OperatorError(`An operator with the email ${normal} exists already.`);
        throw error;
      }
      return normal;
    },
    list: () => repository.list(),
    /** Removes the operator; every session of theirs ends with it. False when there is none. */
    remove: (email: string) => repository.remove(normalEmail(email)),

    /** A new session for the right email and password, or undefined (the same for a wrong email or password). */
    async signIn(email: string, password: string): Promise<{ sessionId: string; email: string } | undefined> {
      const operator = await repository.findByEmail(normalEmail(email));
      const right = await verifyPassword(password, operator?.passwordHash ?? (await unknownOperatorHash()));
      if (!operator || !right) return undefined;
      const sessionId = randomBytes(32).toString('base64url');
      await repository.deleteIdleSessions(new Date(clock.now() - idleMs).toISOString());
      await repository.insertSession(hashOf(sessionId), operator.id, nowText());
      return { sessionId, email: operator.email };
    },
    /** The operator of a live session, which the request keeps alive; undefined for an ended one. */
    async resolve(sessionId: string): Promise<{ email: string } | undefined> {
      const idHash = hashOf(sessionId);
      const session = await repository.findSession(idHash);
      if (!session) return undefined;
      const idle = clock.now() - Date.parse(session.lastSeenAt);
      if (!(idle <= idleMs)) {
        await repository.deleteSession(idHash);
        return undefined;
      }
      if (idle >= touchEveryMs) await repository.touchSession(idHash, nowText());
      return { email: session.email };
    },
    signOut: (sessionId: string) => repository.deleteSession(hashOf(sessionId)),
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
