import { z } from 'zod';

/** Page size cap of every list (ARCHITECTURE: pageSize <= 100). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Bulk actions take at most this many ids and answer per id. */
export const MAX_BULK_IDS = 500;

const intFromQuery = (min: number, max: number) =>
  z.coerce.number({ message: 'msg:invalidValue' }).int().min(min).max(max);

/** `page`, `pageSize` and `sort=field,-field` restricted to the list's sortable fields. */
export const listQueryOf = <S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortable: S,
  filters: F,
) =>
  z
    .object({
      page: intFromQuery(1, 1_000_000).default(1),
      pageSize: intFromQuery(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
      sort: z
        .string()
        .max(200)
        .optional()
        .refine(
          (v) =>
            !v ||
            v.split(',').every((part) => (sortable as readonly string[]).includes(part.replace(/^-/, ''))),
          { message: 'msg:invalidValue' },
        ),
      ...filters,
    })
    .strict();

/** Parses `sort=a,-b` into ordered (field, direction) pairs; the schema has already whitelisted fields. */
export const parseSort = (sort: string | undefined): { field: string; desc: boolean }[] =>
  (sort ?? '')
    .split(',')
    .filter(Boolean)
    .map((part) => ({ field: part.replace(/^-/, ''), desc: part.startsWith('-') }));

/**
 * What the database columns hold: `integer` columns (versions, sorts, counts, days) take at most
 * INT4_MAX; ids and money are `bigint`, read as JavaScript numbers, so at most 2^53 - 1.
 */
export const INT4_MAX = 2_147_483_647;
/** Optimistic-concurrency version a writer sends back (an `integer` column). */
export const versionField = z.number().int().positive().max(INT4_MAX);

/** Query-string helpers: lists of ids and enums arrive as "1,2,3". */
export const idList = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15})*$/, { message: 'msg:invalidValue' })
  .transform((v) => v.split(',').map(Number));
export const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values)));
export const dateParam = z.iso.datetime({ offset: true, message: 'msg:invalidValue' });
export const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
export const idParam = z.object({ id: z.coerce.number().int().positive() }).strict();

export const bulkIdsBody = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_BULK_IDS) })
  .strict();

export const bulkResult = z.object({
  results: z.array(
    z.object({ id: z.number().int(), ok: z.boolean(), code: z.number().int(), msg: z.string() }),
  ),
  succeeded: z.number().int(),
  failed: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResult>;

/** Long exports run as jobs; the client polls this shape. */
export const exportJob = z.object({
  id: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  processed: z.number().int(),
  total: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;
