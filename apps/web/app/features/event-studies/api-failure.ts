import { marketDataNotLoadedCode } from '@hurryup/contracts/market-codes';
import { ApiError } from '../../shared/api-error.ts';

/** The server's 'market data not loaded' message when that is why a call failed, else undefined. */
export function notLoadedMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.code === marketDataNotLoadedCode ? error.message : undefined;
}

/** The fields a 400 answer refused (body field name → the server's message), else undefined. */
export function refusedFields(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return error.fields ?? {};
}
