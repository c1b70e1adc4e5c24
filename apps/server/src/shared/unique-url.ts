import { errorCodes } from '@hurryup/contracts/errors';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from './http-error.ts';

/**
 * Pictures are addressed by URL (image pages, comments), so a URL belongs to one item of a kind. Checks
 * first for a readable 409, and turns the constraint violation of a concurrent write into the same 409.
 */
export function uniqueUrlGuard(noun: string, findIdByUrl: (url: string) => Promise<number | undefined>) {
  const conflict = () => {
    const message = `Another ${noun} already has this URL.`;
    return new HttpError(409, errorCodes.conflict, message, { url: message });
  };
  return async function withUniqueUrl<T>(url: string, ownId: number | undefined, write: () => Promise<T>) {
    const owner = await findIdByUrl(url);
    if (owner !== undefined && owner !== ownId) throw conflict();
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  };
}
