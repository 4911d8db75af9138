import { isApiError } from './api-error';

/**
 * What to tell the user about a failed call: the transport's wait message for a 429, else the server's
 * message, else the fallback (usually 'An unexpected error occurred. Please try again.').
 */
export function errorText(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 429) return error.message;
  return error.serverMessage || fallback;
}
