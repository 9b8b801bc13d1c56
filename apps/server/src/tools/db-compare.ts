/** A query function over either driver: PGlite or a pg client. */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

export interface TableFingerprint {
  table: string;
  rows: number;
  /** md5 over the sorted md5s of every row's text form: equal data gives an equal checksum. */
  checksum: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
export const quoteIdent = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`unexpected identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
};

/** The application's tables (schema public), by name. */
export const listTables = async (query: Query): Promise<string[]> =>
  (
    await query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((r) => r.name);

/**
 * Row count and checksum of every table. Rows are compared by their text form in UTC, so the
 * same data on PGlite and on PostgreSQL gives the same checksum.
 */
export const tableFingerprints = async (query: Query): Promise<TableFingerprint[]> => {
  await query("SET TimeZone = 'UTC'");
  const out: TableFingerprint[] = [];
  for (const table of await listTables(query)) {
    const [row] = await query<{ rows: number; checksum: string | null }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum
         FROM (SELECT md5(t::text) AS h FROM ${quoteIdent(table)} t) x`,
    );
    out.push({ table, rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? '' });
  }
  return out;
};

export interface Comparison {
  table: string;
  sourceRows: number | null;
  targetRows: number | null;
  same: boolean;
}

export const compareFingerprints = (source: TableFingerprint[], target: TableFingerprint[]): Comparison[] => {
  const byName = new Map(target.map((t) => [t.table, t]));
  const names = [...new Set([...source.map((s) => s.table), ...target.map((t) => t.table)])].sort();
  return names.map((table) => {
    const s = source.find((x) => x.table === table);
    const t = byName.get(table);
    return {
      table,
      sourceRows: s?.rows ?? null,
      targetRows: t?.rows ?? null,
      same: Boolean(s && t && s.rows === t.rows && s.checksum === t.checksum),
    };
  });
};

/** A fixed-width table for the terminal. */
export const formatComparison = (rows: Comparison[], labels: [string, string] = ['source', 'target']) => {
  const width = Math.max(5, ...rows.map((r) => r.table.length));
  const head = `${'table'.padEnd(width)}  ${labels[0].padStart(10)}  ${labels[1].padStart(10)}  checksum`;
  const lines = rows.map(
    (r) =>
      `${r.table.padEnd(width)}  ${String(r.sourceRows ?? '—').padStart(10)}  ${String(r.targetRows ?? '—').padStart(10)}  ${r.same ? 'same' : 'DIFFERENT'}`,
  );
  return [head, ...lines].join('\n');
};
