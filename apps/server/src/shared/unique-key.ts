import { errorCodes } from '@hurryup/contracts/errors';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { HttpError } from './http-error.ts';

/**
 * Content addressed by one of its values keeps that value unique: blogs and posts by title (their pages'
 * addresses), pictures by URL (image pages, comments). Checks first for a readable 409, and turns the
 * constraint violation of a concurrent write into the same 409.
 */
function uniqueKeyGuard(
  noun: string,
  key: { field: string; label: string },
  findIdByKey: (value: string) => Promise<number | undefined>,
) {
  const conflict = () => {
    const message = `Another ${noun} already has this ${key.label}.`;
    return new HttpError(409, errorCodes.conflict, message, { [key.field]: message });
  };
  return async function withUniqueKey<T>(value: string, ownId: number | undefined, write: () => Promise<T>) {
    const owner = await findIdByKey(value);
    if (owner !== undefined && owner !== ownId) throw conflict();
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  };
}

export const uniqueTitleGuard = (
  noun: string,
  findIdByTitle: (title: string) => Promise<number | undefined>,
) => uniqueKeyGuard(noun, { field: 'title', label: 'title' }, findIdByTitle);

export const uniqueUrlGuard = (noun: string, findIdByUrl: (url: string) => Promise<number | undefined>) =>
  uniqueKeyGuard(noun, { field: 'url', label: 'URL' }, findIdByUrl);

export function notFoundById(noun: string, id: number) {
  return new HttpError(404, errorCodes.notFound, `There is no ${noun} with id ${id}.`);
}
