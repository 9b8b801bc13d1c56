import { ErrorCode } from '@educrm/contract/envelope';
import { SERVER_MESSAGES } from '@educrm/contract/messages';
import { ApiError } from '../../api/errors';

const CONFLICT_MESSAGES = new Set(Object.values(SERVER_MESSAGES).map((m) => m.conflict));

/**
 * A stale `version`: 409 with the server's "someone else changed this record" message (other 409s,
 * such as "last admin" or "in use", are business refusals that a reload would not fix).
 */
export const isVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === ErrorCode.Conflict || error.code === ErrorCode.Conflict) &&
  CONFLICT_MESSAGES.has(error.message);

/** Field messages of a validation failure (400 with data.fields), empty otherwise. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? error.fields : {};
