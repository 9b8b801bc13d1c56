import type { MessageKey } from '@educrm/contract';

/**
 * A failure the client should see: HTTP status, envelope code (= status unless a finer business
 * code is documented), a message key translated per request, and optional data (e.g. field errors).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    readonly code: number = status,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

export const badRequest = (key: MessageKey = 'badRequest', params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'notFound');
export const conflict = () => new AppError(409, 'conflict');

/** A validation failure on one field; the message key is translated per request. */
export const fieldError = (field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
  new AppError(400, 'validationFailed', {}, { fields: { [field]: { key, params } } });
