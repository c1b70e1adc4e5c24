import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { ApiError } from '../../shared/api-error.ts';

/** The server's 'market data not loaded' message when that is why a call failed, else undefined. */
export function notLoadedMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === marketDataNotLoadedCode ? error.message : undefined;
}

/** The first field message of a 400 answer (what the visitor should change), else undefined. */
export function fieldMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const fields = error.fields ? Object.values(error.fields) : [];
  return fields[0] ?? error.message;
}
