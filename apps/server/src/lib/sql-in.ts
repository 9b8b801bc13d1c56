import { type SQL, sql } from 'drizzle-orm';

/** `expr IN (v1, v2, …)` with each value bound as a parameter (raw-SQL lists; drizzle's inArray needs a column). */
export const sqlIn = (expr: SQL, values: readonly unknown[]): SQL =>
  sql`${expr} IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
