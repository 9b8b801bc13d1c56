import { sql } from 'drizzle-orm';
import type { SecretBox } from '../lib/secret-box';
import { type Db, queryRows } from './client';

/** The sealed token columns that rows from before migration 0032 hold in plain text. */
const TOKEN_COLUMNS = [
  { table: 'wecom_app', key: 'id', column: 'callback_token_sealed' },
  { table: 'provider_config', key: 'kind', column: 'receipt_token_sealed' },
] as const;

/**
 * Tokens written in plain text (rows from before migration 0032, and the demo seed, which runs
 * before the server's secret key is at hand) sealed now. Conditional on the plain value, so two
 * servers starting together seal each once.
 */
export const sealPlainTokens = async (db: Db, box: SecretBox) => {
  for (const c of TOKEN_COLUMNS) {
    const [table, key, column] = [sql.raw(c.table), sql.raw(c.key), sql.raw(c.column)];
    const plain = await queryRows<{ key: string | number; token: string }>(
      db,
      sql`SELECT ${key} AS key, ${column} AS token FROM ${table} WHERE ${column} NOT LIKE 'sb1.%'`,
    );
    for (const r of plain)
      await db.execute(
        sql`UPDATE ${table} SET ${column} = ${box.seal(r.token)} WHERE ${key} = ${r.key} AND ${column} = ${r.token}`,
      );
  }
};
