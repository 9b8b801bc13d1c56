import { createHmac, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  CLIENT_LEVELS,
  type ClientCreate,
  formatMessage,
  IMPORT_MAX_ROWS,
  IMPORT_OUTCOMES,
  type ImportJob,
  type ImportOutcome,
  isCnMobile,
  type Language,
  type MessageKey,
  normalizeMobile,
} from '@educrm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { clientImportJob, clientTag, grade, orderChannel, sourcePlatform, storedFile } from '../../db/schema';
import { type PrincipalSnapshot, principalFromSnapshot, snapshotPrincipal } from '../../jobs/principal';
import { defineJob, type JobQueue } from '../../jobs/queue';
import { said, writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { toIso } from '../../lib/list';
import { sameSecret } from '../../lib/same-secret';
import { type ExportColumn, fileDay, writeXlsx, XLSX_TYPE } from '../../lib/xlsx';
import type { Principal } from '../../types';
import { markDirty } from '../data-centre/dirty';
import type { ClientService } from './clients.service';
import { loadTargetUser, lockUserOwnership, selfTarget, type TargetUser } from './common';
import {
  EXPORT_HEADERS,
  GENDER_LABELS,
  IMPORT_COLUMNS,
  type ImportField,
  OUTCOME_LABELS,
  RESULT_COLUMNS,
  reverseLabels,
  STAGE_LABELS,
  SUBJECT_LABELS,
} from './labels';
import { checkOwnerLimit } from './limits';
import { readSheet, sheetKindOf, TooManyRowsError } from './spreadsheet';

const CHUNK = 200;
const FILE_TTL_MS = 24 * 60 * 60 * 1000;
const LINK_TTL_MS = 60 * 60 * 1000;

const HEADER_INDEX = (() => {
  const m = new Map<string, ImportField>();
  for (const [field, labels] of Object.entries(IMPORT_COLUMNS) as [ImportField, Record<Language, string>][]) {
    m.set(field.toLowerCase(), field);
    for (const v of Object.values(labels)) m.set(v.toLowerCase(), field);
  }
  return m;
})();
const columnsOf = (header: string[]) =>
  header.map((h) => HEADER_INDEX.get(h.replace(/[*＊\s]/g, '').toLowerCase()) ?? null);
const STAGES = reverseLabels(STAGE_LABELS);
const GENDERS = reverseLabels(GENDER_LABELS);
const SUBJECTS = reverseLabels(SUBJECT_LABELS);
const splitList = (v: string) =>
  v
    .split(/[,，、;；/|]+/)
    .map((s) => s.trim())
    .filter(Boolean);

interface Lookups {
  grades: Map<string, number>;
  platforms: Map<string, number>;
  channels: Map<string, number>;
  tags: Map<string, number>;
}

interface RowResult {
  outcome: ImportOutcome;
  reason: string;
  clientId: number | null;
}

type Target = { kind: 'user'; user: TargetUser } | { kind: 'pool' };

/** A row outcome as committed in client_import_job.row_results: [outcome, reason, clientId]. */
type StoredResult = [ImportOutcome, string, number | null];
const toStored = (r: RowResult): StoredResult => [r.outcome, r.reason, r.clientId];
const fromStored = ([outcome, reason, clientId]: StoredResult): RowResult => ({ outcome, reason, clientId });

/** A row that cannot be imported: every problem of the row, each as "column: (translated) problem". */
class RowInvalid extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}

/**
 * Client import (DOMAIN 3.2 / 3.4, Decision 9): xlsx or csv up to 50,000 rows, read as a stream,
 * checked row by row and imported as a background job with progress. Every row is its own
 * savepoint: a row is created completely or not at all, and one bad row never stops the others.
 * The per-row result (成功 / 重复-本人 / 重复-他人 / 重复-公海 / 重复-已删除 / 格式错误) becomes an
 * xlsx kept like an export (stored_file + signed, expiring link).
 */
/** What the queue keeps for one import: the rest is in client_import_job and the stored sheet. */
interface ImportJobData {
  importId: string;
  principal: PrincipalSnapshot;
  target: Target;
  ip: string;
}

/** The earliest creation time an import may carry. */
const EARLIEST_CREATED = new Date('2000-01-01T00:00:00+08:00');

/**
 * A creation time of the import sheet in Asia/Shanghai: `YYYY-MM-DD` or `YYYY/M/D`, with an optional
 * `HH:mm[:ss]` (an xlsx date cell too), or an Excel date serial (days since 1899-12-30, the fraction the time of day).
 */
export const importedTime = (s: string): Date | null => {
  const text = s.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const serial = Number(text);
    if (serial < 1 || serial > 100_000) return null;
    const ms = Math.round(serial * 86_400_000) - 25_569 * 86_400_000 - 8 * 3_600_000;
    return new Date(ms);
  }
  // (A date cell of an xlsx reads as an ISO instant whose UTC fields are the sheet's wall time.)
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?Z?$/.exec(
    text,
  );
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
  const two = (x: string) => x.padStart(2, '0');
  const iso = `${y}-${two(mo as string)}-${two(d as string)}T${two(h)}:${two(mi)}:${two(se)}+08:00`;
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return null;
  // 2026-02-30 rolls over: refuse a day the calendar does not have.
  if (new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10) !== iso.slice(0, 10)) return null;
  return t;
};

export class ClientImportService {
  /**
   * Imports one sheet in chunks of CHUNK rows; each chunk commits its clients, outcomes and progress
   * together, so a retried attempt (the server died) resumes after the last committed chunk.
   */
  readonly job = defineJob<ImportJobData>({
    name: 'clients.import',
    retry: { limit: 2, delaySeconds: 5, backoff: true },
    expireInSeconds: 30 * 60,
    batchSize: 1,
    run: ({ data, progress }) => this.run(data, progress),
    onFailed: async ({ data }, err) => this.fail(data.importId, err),
  });

  constructor(
    private readonly db: Db,
    private readonly clients: ClientService,
    private readonly secret: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly queue: JobQueue,
  ) {
    queue.register(this.job);
  }

  private sign(id: string, exp: number) {
    return createHmac('sha256', this.secret).update(`client-import:${id}:${exp}`).digest('base64url');
  }

  link(id: string) {
    const exp = Math.floor((this.now().getTime() + LINK_TTL_MS) / 1000);
    return {
      url: `/api/v1/clients/import/${id}/result?exp=${exp}&sig=${this.sign(id, exp)}`,
      expiresAt: new Date(exp * 1000),
    };
  }

  verifyLink(id: string, exp: number, sig: string): boolean {
    if (exp * 1000 < this.now().getTime()) return false;
    return sameSecret(sig, this.sign(id, exp));
  }

  /** Decision 9: siyu import into their own ownership; holders of client.assign to anyone or the pool. */
  private async resolveTarget(
    p: Principal,
    target: 'me' | 'pool' | 'user',
    userId?: number,
  ): Promise<Target> {
    if (target === 'me' || (target === 'user' && userId === p.userId)) {
      return { kind: 'user', user: await selfTarget(this.db, p) };
    }
    if (!p.permissions.has('client.assign')) throw new AppError(403, 'importOwnOnly');
    if (target === 'pool') return { kind: 'pool' };
    if (!userId) throw new AppError(400, 'targetUserInvalid');
    const user = await loadTargetUser(this.db, p, userId);
    if (!user) throw new AppError(400, 'targetUserInvalid');
    return { kind: 'user', user };
  }

  /**
   * Checks the file (type, size in rows, header) at once, then imports in the background.
   * Answers the job to poll.
   */
  async start(
    p: Principal,
    file: { fileName: string; data: Buffer },
    opts: { target: 'me' | 'pool' | 'user'; userId?: number },
    lang: Language,
    ip: string,
  ): Promise<ImportJob> {
    const target = await this.resolveTarget(p, opts.target, opts.userId);
    const kind = sheetKindOf(file.fileName, file.data);
    if (!kind) throw new AppError(400, 'importFileType');
    let rows: string[][];
    try {
      rows = await readSheet(kind, file.data, IMPORT_MAX_ROWS + 1);
    } catch (err) {
      if (err instanceof TooManyRowsError)
        throw new AppError(413, 'importTooManyRows', { max: IMPORT_MAX_ROWS });
      throw new AppError(400, 'importFileType');
    }
    const [header = [], ...data] = rows;
    const columns = columnsOf(header);
    if (!columns.includes('mobile')) {
      throw new AppError(400, 'importHeaderMissing', { column: IMPORT_COLUMNS.mobile[lang] });
    }
    if (!data.length) throw new AppError(400, 'importEmpty');
    const id = randomUUID();
    const sourceFileId = randomUUID();
    await this.queue.ready();
    await this.db.transaction(async (tx) => {
      await tx.insert(storedFile).values({
        id: sourceFileId,
        kind: 'import',
        contentType: kind === 'csv' ? 'text/csv' : XLSX_TYPE,
        fileName: file.fileName.slice(0, 200),
        size: file.data.length,
        data: file.data,
        expiresAt: new Date(this.now().getTime() + FILE_TTL_MS),
      });
      await tx.insert(clientImportJob).values({
        id,
        userId: p.userId,
        fileName: file.fileName.slice(0, 200),
        targetUserId: target.kind === 'user' ? target.user.id : null,
        toPool: target.kind === 'pool',
        lang,
        total: data.length,
        sourceFileId,
        createdAt: this.now(),
        heartbeatAt: this.now(),
      });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.import.start',
        targetType: 'client_import_job',
        targetId: id,
        summary: said(
          `import of ${data.length} rows from ${file.fileName.slice(0, 100)} into ${
            target.kind === 'pool' ? 'the pool' : target.user.name
          }`,
          {
            rows: data.length,
            file: file.fileName.slice(0, 100),
            to: target.kind === 'pool' ? null : target.user.name,
          },
        ),
        ip,
      });
      await this.queue.send(this.job, { importId: id, principal: snapshotPrincipal(p), target, ip }, { tx });
    });
    return this.status(p, id);
  }

  /** The stored sheet of an import, parsed again: its header, mapped columns and data rows. */
  private async loadSheet(sourceFileId: string, fileName: string) {
    const [file] = await this.db
      .select({ data: storedFile.data })
      .from(storedFile)
      .where(eq(storedFile.id, sourceFileId));
    if (!file) throw new Error('the uploaded sheet is gone');
    const kind = sheetKindOf(fileName, file.data);
    if (!kind) throw new Error('the uploaded sheet cannot be read');
    const [header = [], ...data] = await readSheet(kind, file.data, IMPORT_MAX_ROWS + 1);
    return { header, columns: columnsOf(header), data };
  }

  private async lookups(db: DbOrTx): Promise<Lookups> {
    const byCodeAndName = async (table: typeof grade | typeof sourcePlatform | typeof orderChannel) => {
      const rows = await db
        .select({ id: table.id, code: table.code, name: table.name })
        .from(table)
        .where(and(eq(table.deleted, false), eq(table.status, 'ENABLED')));
      const m = new Map<string, number>();
      for (const r of rows) {
        m.set(r.code.toLowerCase(), r.id);
        m.set(r.name.toLowerCase(), r.id);
      }
      return m;
    };
    const tags = await db
      .select({ id: clientTag.id, name: clientTag.name })
      .from(clientTag)
      .where(eq(clientTag.deleted, false));
    return {
      grades: await byCodeAndName(grade),
      platforms: await byCodeAndName(sourcePlatform),
      channels: await byCodeAndName(orderChannel),
      tags: new Map(tags.map((t) => [t.name.toLowerCase(), t.id])),
    };
  }

  /**
   * One data row -> create input, or RowInvalid listing every problem of the row (a row with a bad
   * gender, grade, level and stage names all four, in column order), so one correction pass fixes it.
   */
  private parseRow(
    columns: (ImportField | null)[],
    cells: string[],
    lk: Lookups,
    lang: Language,
  ): Omit<ClientCreate, 'ownerUserId' | 'mobile'> & {
    mobile: string;
    mobileRaw: string | null;
    createdAt: Date | null;
  } {
    const v: Partial<Record<ImportField, string>> = {};
    columns.forEach((c, i) => {
      if (c && cells[i]) v[c] = cells[i];
    });
    const problems: { field: ImportField; text: string }[] = [];
    const invalid = (
      f: ImportField,
      key: MessageKey = 'invalidValue',
      params: Record<string, string | number> = {},
    ) => {
      problems.push({ field: f, text: `${IMPORT_COLUMNS[f][lang]}: ${formatMessage(lang, key, params)}` });
      return null;
    };
    const raw = v.mobile ?? '';
    const mobile = normalizeMobile(raw);
    if (!raw) invalid('mobile', 'required');
    else if (!isCnMobile(mobile)) invalid('mobile', 'mobileInvalid');
    const text = (f: ImportField, max: number) => {
      const s = v[f] ?? '';
      if (s.length > max) invalid(f, 'tooLong', { max });
      return s;
    };
    const ref = (f: ImportField, map: Map<string, number>) => {
      const s = v[f];
      if (!s) return null;
      const id = map.get(s.toLowerCase());
      return id ?? invalid(f, 'optionNotFound');
    };
    const gender = v.gender ? GENDERS.get(v.gender.toLowerCase()) : 'UNKNOWN';
    if (!gender) invalid('gender');
    const stage = v.stage ? STAGES.get(v.stage.toLowerCase()) : 'NEW';
    if (!stage) invalid('stage');
    const level = v.level ? v.level.toUpperCase() : null;
    if (level && !(CLIENT_LEVELS as readonly string[]).includes(level)) invalid('level');
    const subjectCodes = splitList(v.subjects ?? '').map((s) => SUBJECTS.get(s.toLowerCase()));
    if (subjectCodes.some((c) => !c)) invalid('subjects');
    const tagIds: number[] = [];
    for (const s of splitList(v.tags ?? '')) {
      const id = lk.tags.get(s.toLowerCase());
      if (id == null) invalid('tags', 'tagNotFound', { name: s });
      else tagIds.push(id);
    }
    const createdAt = v.createdAt ? importedTime(v.createdAt) : null;
    if (v.createdAt && (!createdAt || createdAt > this.now() || createdAt < EARLIEST_CREATED))
      invalid('createdAt');
    const region = v.regionCode ?? '';
    if (region && !/^\d{2,12}$/.test(region)) invalid('regionCode');
    const input = {
      name: text('name', 64),
      mobile,
      mobileRaw: raw === mobile ? null : raw.slice(0, 32),
      wechatId: text('wechatId', 64),
      studentName: text('studentName', 32),
      gender: gender as ClientCreate['gender'],
      gradeId: ref('grade', lk.grades),
      subjects: [...new Set(subjectCodes)] as ClientCreate['subjects'],
      regionCode: region,
      sourcePlatformId: ref('sourcePlatform', lk.platforms),
      channelId: ref('channel', lk.channels),
      level: level as ClientCreate['level'],
      stage: stage as ClientCreate['stage'],
      tagIds: [...new Set(tagIds)].slice(0, 20),
      doNotCall: false,
      smsOptOut: false,
      remark: text('remark', 500),
      createdAt,
    };
    if (problems.length) {
      // In the order of the template's columns, whatever order the checks ran in.
      const order = Object.keys(IMPORT_COLUMNS);
      problems.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
      throw new RowInvalid(problems.map((p) => p.text));
    }
    return input;
  }

  private async importRow(
    tx: DbOrTx,
    p: Principal,
    target: Target,
    input: ReturnType<ClientImportService['parseRow']>,
    lang: Language,
  ): Promise<RowResult> {
    const hit = await this.clients.findDuplicate(tx, input.mobile);
    if (hit) {
      const d = await this.clients.describeDuplicate(tx, p, input.mobile, hit);
      const outcome: ImportOutcome =
        d.status === 'MINE'
          ? 'DUPLICATE_MINE'
          : d.status === 'POOL'
            ? 'DUPLICATE_POOL'
            : d.status === 'DELETED'
              ? 'DUPLICATE_DELETED'
              : 'DUPLICATE_OTHER';
      const key: MessageKey =
        d.status === 'MINE'
          ? 'dupMine'
          : d.status === 'POOL'
            ? 'dupPool'
            : d.status === 'DELETED'
              ? 'dupDeleted'
              : 'dupOther';
      return {
        outcome,
        reason: formatMessage(lang, key, { owner: d.ownerName ?? '' }),
        clientId: d.clientId,
      };
    }
    if (target.kind === 'user') await checkOwnerLimit(tx, target.user);
    const id = await this.clients.insertClient(
      tx,
      p,
      input,
      target.kind === 'user' ? target.user : null,
      'import',
    );
    // An old creation time is late data: the data centre recomputes that business day (M01).
    if (input.createdAt) await markDirty(tx, [input.createdAt]);
    return { outcome: 'CREATED', reason: '', clientId: id };
  }

  /** The job's handler (idempotent: a finished import is left alone, a retried one resumes). */
  private async run(
    { importId: id, principal, target, ip }: ImportJobData,
    progress: (c: Record<string, number>) => Promise<void>,
  ): Promise<Record<string, number>> {
    const [job] = await this.db.select().from(clientImportJob).where(eq(clientImportJob.id, id));
    if (job?.status !== 'RUNNING' || !job.sourceFileId) return { skipped: 1 };
    const p = principalFromSnapshot(principal);
    const lang = job.lang as Language;
    const { header, columns, data } = await this.loadSheet(job.sourceFileId, job.fileName);
    const results = (job.rowResults as StoredResult[]).map(fromStored);
    const counts = Object.fromEntries(
      IMPORT_OUTCOMES.map((o) => [o, Number((job.counts as Record<string, number>)[o] ?? 0)]),
    ) as Record<ImportOutcome, number>;
    const lk = await this.lookups(this.db);
    for (let start = results.length; start < data.length; start += CHUNK) {
      const chunk = data.slice(start, start + CHUNK);
      const ok = await this.db.transaction(async (tx) => {
        // One attempt at a time: the row lock, and the chunk must start where the last commit ended.
        const [row] = await tx
          .select({ processed: clientImportJob.processed, status: clientImportJob.status })
          .from(clientImportJob)
          .where(eq(clientImportJob.id, id))
          .for('update');
        if (row?.status !== 'RUNNING' || row.processed !== start) return false;
        if (target.kind === 'user') await lockUserOwnership(tx, target.user.id);
        const done: RowResult[] = [];
        for (const cells of chunk) {
          const result = await this.importOne(tx, p, target, columns, cells, lk, lang);
          counts[result.outcome]++;
          done.push(result);
        }
        await tx
          .update(clientImportJob)
          .set({
            processed: start + done.length,
            counts,
            rowResults: sql`${clientImportJob.rowResults} || ${JSON.stringify(done.map(toStored))}::jsonb`,
            heartbeatAt: this.now(),
          })
          .where(eq(clientImportJob.id, id));
        results.push(...done);
        return true;
      });
      if (!ok) return { skipped: 1 };
      await progress({ processed: results.length, total: data.length });
    }
    const fileId = await this.writeResult(header, data, results, lang);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(clientImportJob)
        .set({
          status: 'DONE',
          processed: results.length,
          counts,
          fileId,
          sourceFileId: null,
          finishedAt: now,
          heartbeatAt: now,
          expiresAt: new Date(now.getTime() + FILE_TTL_MS),
        })
        .where(and(eq(clientImportJob.id, id), eq(clientImportJob.status, 'RUNNING')))
        .returning({ id: clientImportJob.id });
      if (!row) {
        await tx.delete(storedFile).where(eq(storedFile.id, fileId));
        return;
      }
      await tx.delete(storedFile).where(eq(storedFile.id, job.sourceFileId as string));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.import',
        targetType: 'client_import_job',
        targetId: id,
        summary: said(IMPORT_OUTCOMES.map((o) => `${o} ${counts[o]}`).join(', '), { ...counts }),
        detail: { counts, target: target.kind === 'pool' ? 'pool' : target.user.id },
        ip,
      });
    });
    return { ...counts, rows: results.length };
  }

  /** One row in its own savepoint: an invalid or duplicate row is an outcome, not a failure. */
  private async importOne(
    tx: DbOrTx,
    p: Principal,
    target: Target,
    columns: (ImportField | null)[],
    cells: string[],
    lk: Lookups,
    lang: Language,
  ): Promise<RowResult> {
    try {
      const input = this.parseRow(columns, cells, lk, lang);
      return await tx.transaction((sp) => this.importRow(sp, p, target, input, lang));
    } catch (err) {
      if (err instanceof RowInvalid) {
        return { outcome: 'INVALID', reason: err.message, clientId: null };
      }
      if (err instanceof AppError) {
        return {
          outcome: 'INVALID',
          reason: formatMessage(lang, err.messageKey, err.params),
          clientId: null,
        };
      }
      if (
        (err as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
        (err as { code?: string }).code === '23505'
      ) {
        return { outcome: 'DUPLICATE_OTHER', reason: formatMessage(lang, 'conflict'), clientId: null };
      }
      throw err;
    }
  }

  /**
   * The last attempt failed (or no attempt is left): FAILED, with the rows committed so far and
   * a result sheet of them, so nothing is silently lost.
   */
  private async fail(id: string, err: unknown) {
    const [job] = await this.db.select().from(clientImportJob).where(eq(clientImportJob.id, id));
    if (job?.status !== 'RUNNING') return;
    let fileId: string | null = null;
    const results = (job.rowResults as StoredResult[]).map(fromStored);
    if (job.sourceFileId && results.length) {
      try {
        const { header, data } = await this.loadSheet(job.sourceFileId, job.fileName);
        fileId = await this.writeResult(header, data.slice(0, results.length), results, job.lang as Language);
      } catch (e) {
        this.log.error({ err: e, id }, 'client import: partial result not written');
      }
    }
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx
        .update(clientImportJob)
        .set({
          status: 'FAILED',
          error: String((err as Error)?.message ?? err).slice(0, 500),
          fileId,
          sourceFileId: null,
          finishedAt: now,
          expiresAt: new Date(now.getTime() + FILE_TTL_MS),
        })
        .where(and(eq(clientImportJob.id, id), eq(clientImportJob.status, 'RUNNING')));
      if (job.sourceFileId) await tx.delete(storedFile).where(eq(storedFile.id, job.sourceFileId));
    });
  }

  private async writeResult(header: string[], data: string[][], results: RowResult[], lang: Language) {
    type Out = { n: number; cells: string[]; r: RowResult };
    const columns: ExportColumn<Out>[] = [
      { header: RESULT_COLUMNS.row[lang], width: 8, value: (o) => o.n },
      ...header.map((h, i) => ({ header: h, value: (o: Out) => o.cells[i] ?? '' })),
      { header: RESULT_COLUMNS.outcome[lang], width: 14, value: (o) => OUTCOME_LABELS[o.r.outcome][lang] },
      { header: RESULT_COLUMNS.reason[lang], width: 40, value: (o) => o.r.reason },
      { header: RESULT_COLUMNS.clientId[lang], width: 10, value: (o) => o.r.clientId },
    ];
    async function* batches(): AsyncIterable<Out[]> {
      for (let i = 0; i < data.length; i += 1000) {
        yield data.slice(i, i + 1000).map((cells, j) => ({
          n: i + j + 2,
          cells,
          r: results[i + j] as RowResult,
        }));
      }
    }
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    await writeXlsx(out, EXPORT_HEADERS.importResult[lang], columns, batches());
    await done;
    const buf = Buffer.concat(chunks);
    const fileId = randomUUID();
    await this.db.insert(storedFile).values({
      id: fileId,
      kind: 'export',
      contentType: XLSX_TYPE,
      fileName: `client-import-result-${fileDay(this.now())}.xlsx`,
      size: buf.length,
      data: buf,
      expiresAt: new Date(this.now().getTime() + FILE_TTL_MS),
    });
    return fileId;
  }

  async status(p: Principal, id: string): Promise<ImportJob> {
    const [job] = await this.db
      .select()
      .from(clientImportJob)
      .where(and(eq(clientImportJob.id, id), eq(clientImportJob.userId, p.userId)));
    if (!job) throw notFound();
    if (job.status === 'RUNNING' && !(await this.queue.isPending(this.job.name, 'importId', job.id))) {
      // No attempt is queued or running any more (the last one's server died): end it visibly.
      await this.fail(job.id, new Error('interrupted: the server stopped during the import'));
      return this.status(p, id);
    }
    // A failed import still links the outcomes of the rows it got through.
    const link = job.status !== 'RUNNING' && job.fileId ? this.link(job.id) : null;
    const counts = Object.fromEntries(
      IMPORT_OUTCOMES.map((o) => [o, Number((job.counts as Record<string, number>)[o] ?? 0)]),
    ) as Record<ImportOutcome, number>;
    return {
      id: job.id,
      status: job.status as ImportJob['status'],
      fileName: job.fileName,
      processed: job.processed,
      total: job.total,
      counts,
      resultUrl: link?.url ?? null,
      expiresAt: link ? link.expiresAt.toISOString() : null,
      error: job.error,
      createdAt: toIso(job.createdAt) as string,
      finishedAt: toIso(job.finishedAt),
    };
  }

  /** The per-row result file of an import, to the user who ran it only. */
  async resultFile(id: string, userId: number) {
    const [row] = await this.db
      .select({
        data: storedFile.data,
        contentType: storedFile.contentType,
        fileName: storedFile.fileName,
        expiresAt: storedFile.expiresAt,
      })
      .from(clientImportJob)
      .innerJoin(storedFile, eq(storedFile.id, clientImportJob.fileId))
      .where(and(eq(clientImportJob.id, id), eq(clientImportJob.userId, userId)));
    if (!row || (row.expiresAt && row.expiresAt < this.now())) return null;
    return row;
  }

  /** The template: the columns in the caller's language and one example row. */
  async template(lang: Language): Promise<Buffer> {
    const fields = Object.keys(IMPORT_COLUMNS) as ImportField[];
    const example: Record<ImportField, string> = {
      name: '张伟',
      mobile: '13800138000',
      wechatId: 'zhangwei_88',
      studentName: '张小明',
      gender: GENDER_LABELS.MALE?.[lang] ?? '',
      grade: '',
      subjects: [SUBJECT_LABELS.MATH?.[lang], SUBJECT_LABELS.ENGLISH?.[lang]].join(','),
      regionCode: '310000',
      sourcePlatform: '',
      channel: '',
      level: 'B',
      stage: STAGE_LABELS.NEW?.[lang] ?? '',
      tags: '',
      remark: '',
      createdAt: '',
    };
    const columns: ExportColumn<Record<ImportField, string>>[] = fields.map((f) => ({
      header: `${IMPORT_COLUMNS[f][lang]}${f === 'mobile' ? '*' : ''}`,
      value: (r) => r[f],
    }));
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    await writeXlsx(
      out,
      EXPORT_HEADERS.template[lang],
      columns,
      (async function* () {
        yield [example];
      })(),
    );
    await done;
    return Buffer.concat(chunks);
  }
}
