import { errorCodes } from '@hurryup/contracts/errors';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from './http-error.ts';

/**
 * Content addressed by title (blogs, posts) keeps titles unique. Checks first for a readable 409, and turns
 * the constraint violation of a concurrent write into the same 409.
 */
export function uniqueTitleGuard(
  noun: string,
  findIdByTitle: (title: string) => Promise<number | undefined>,
) {
  const conflict = () => {
    const message = `Another ${noun} already has this title.`;
    return new HttpError(409, errorCodes.conflict, message, { title: message });
  };
  return async function withUniqueTitle<T>(
    title: string,
    ownId: number | undefined,
    write: () => Promise<T>,
  ) {
    const owner = await findIdByTitle(title);
    if (owner !== undefined && owner !== ownId) throw conflict();
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  };
}

export function notFoundById(noun: string, id: number) {
  return new HttpError(404, errorCodes.notFound, `There is no ${noun} with id ${id}.`);
}
