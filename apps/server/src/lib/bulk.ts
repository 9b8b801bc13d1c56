import { type BulkResult, formatMessage, type Language } from '@educrm/contract';
import { AppError } from './errors';

/**
 * Runs an action per id, each on its own, and answers per id: one refused id never blocks the
 * others, and nothing is half-done for an id (the action runs its own transaction).
 */
export const runBulk = async (
  ids: number[],
  lang: Language,
  action: (id: number) => Promise<void>,
): Promise<BulkResult> => {
  const results: BulkResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await action(id);
      results.push({ id, ok: true, code: 0, msg: 'ok' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, code: err.code, msg: formatMessage(lang, err.messageKey, err.params) });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
};
