import { createHmac, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { ExportJob, Language } from '@educrm/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { exportJob, storedFile } from '../../db/schema';
import { type PrincipalSnapshot, principalFromSnapshot, snapshotPrincipal } from '../../jobs/principal';
import { defineJob, type JobQueue } from '../../jobs/queue';
import { said, writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { sameSecret } from '../../lib/same-secret';
import { attachmentHeader, type ExportColumn, writeXlsx, XLSX_TYPE } from '../../lib/xlsx';
import type { Principal } from '../../types';

/** Exports above this many rows run in the background with progress (DOMAIN section 0). */
export const BACKGROUND_EXPORT_ROWS = 50_000;
const LINK_TTL_MS = 60 * 60 * 1000;
const FILE_TTL_MS = 24 * 60 * 60 * 1000;

export interface Exporter<Row> {
  kind: string;
  sheetName: string;
  fileName: string;
  columns: ExportColumn<Row>[];
  /** Rows to export, capped: counting stops at `cap`. */
  count(cap: number): Promise<number>;
  /** Batches of rows in a stable order (keyset paging inside). */
  batches(): AsyncIterable<Row[]>;
  /**
   * The list filters and language it was built from: with a factory registered for `kind`
   * (ExportService.registerKind), a background export is rebuilt from them by whichever server
   * runs its job, also after a restart.
   */
  params?: { filters: object; lang: Language };
}

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own filters and row type.
export type ExporterFactory = (p: Principal, filters: any, lang: Language) => Exporter<any>;

/** What a background export keeps in export_job.params to be rebuilt by any server. */
interface StoredParams {
  filters: object;
  lang: Language;
  principal: PrincipalSnapshot;
}

export class ExportService {
  private readonly factories = new Map<string, ExporterFactory>();
  /** Exporters of this process without a registered factory (cannot survive a restart). */
  private readonly local = new Map<string, Exporter<unknown>>();

  /** Builds one background export; retried on another server when this one dies mid-way. */
  readonly job = defineJob<{ exportId: string }>({
    name: 'exports.build',
    retry: { limit: 2, delaySeconds: 5, backoff: true },
    expireInSeconds: 30 * 60,
    batchSize: 1,
    run: ({ data, progress }) => this.runJob(data.exportId, progress),
    onFailed: async ({ data }, err) => this.markFailed(data.exportId, err),
  });

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly queue: JobQueue,
    private readonly backgroundRows = BACKGROUND_EXPORT_ROWS,
  ) {
    queue.register(this.job);
  }

  /** Lets a background export of this kind be rebuilt from its stored filters (app.ts registers each kind). */
  registerKind(kind: string, factory: ExporterFactory) {
    this.factories.set(kind, factory);
  }

  private sign(id: string, exp: number) {
    return createHmac('sha256', this.secret).update(`export:${id}:${exp}`).digest('base64url');
  }

  /** A download link valid for an hour; it names the job, never a session token. */
  link(id: string, now = this.now()) {
    const exp = Math.floor((now.getTime() + LINK_TTL_MS) / 1000);
    return {
      url: `/api/v1/exports/${id}/download?exp=${exp}&sig=${this.sign(id, exp)}`,
      expiresAt: new Date(exp * 1000),
    };
  }

  verifyLink(id: string, exp: number, sig: string): boolean {
    if (exp * 1000 < this.now().getTime()) return false;
    return sameSecret(sig, this.sign(id, exp));
  }

  /**
   * Streams the export straight into the response when it is small enough; otherwise starts a
   * background job and answers 202 with the job to poll.
   */
  async respond<Row>(
    reply: FastifyReply,
    exporter: Exporter<Row>,
    p: Principal,
    ip: string,
    message: string,
  ) {
    const count = await exporter.count(this.backgroundRows + 1);
    await writeAudit(this.db, {
      actorId: p.userId,
      actorName: p.username,
      action: 'export.start',
      targetType: exporter.kind,
      summary: said(`export of ${count > this.backgroundRows ? `${this.backgroundRows}+` : count} rows`, {
        rows: Math.min(count, this.backgroundRows),
        more: count > this.backgroundRows,
      }),
      ip,
    });
    if (count <= this.backgroundRows) {
      const stream = new PassThrough();
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachmentHeader(exporter.fileName));
      void writeXlsx(stream, exporter.sheetName, exporter.columns, exporter.batches()).catch((err) => {
        this.log.error({ err }, 'export stream failed');
        stream.destroy(err);
      });
      return reply.send(stream);
    }
    const job = await this.startJob(exporter, p, count);
    return reply.status(202).send({ code: 0, msg: message, data: job });
  }

  private async startJob<Row>(exporter: Exporter<Row>, p: Principal, count: number): Promise<ExportJob> {
    const id = randomUUID();
    const total = await exporter.count(Number.MAX_SAFE_INTEGER).catch(() => count);
    const durable = exporter.params && this.factories.has(exporter.kind);
    const principal = snapshotPrincipal(p);
    const params: StoredParams | Record<string, never> = durable
      ? { filters: exporter.params?.filters ?? {}, lang: exporter.params?.lang ?? 'zh', principal }
      : {};
    if (!durable) this.local.set(id, exporter as Exporter<unknown>);
    await this.queue.ready();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(exportJob)
        .values({ id, userId: p.userId, kind: exporter.kind, total, params, createdAt: this.now() });
      await this.queue.send(this.job, { exportId: id }, { tx });
    });
    return { id, status: 'RUNNING', processed: 0, total, downloadUrl: null, expiresAt: null, error: null };
  }

  private exporterOf(job: typeof exportJob.$inferSelect): Exporter<unknown> | null {
    const local = this.local.get(job.id);
    if (local) return local;
    const factory = this.factories.get(job.kind);
    const params = job.params as Partial<StoredParams>;
    if (!factory || !params.principal) return null;
    return factory(principalFromSnapshot(params.principal), params.filters ?? {}, params.lang ?? 'zh');
  }

  /**
   * The job's handler. Idempotent: a finished export is left alone, a retried one starts the file
   * again, and only the attempt that flips RUNNING to DONE keeps its file.
   */
  private async runJob(
    id: string,
    progress: (c: Record<string, number>) => Promise<void>,
  ): Promise<Record<string, number>> {
    const [job] = await this.db.select().from(exportJob).where(eq(exportJob.id, id));
    if (job?.status !== 'RUNNING') return { skipped: 1 };
    const exporter = this.exporterOf(job);
    if (!exporter) {
      // Started by a server that has since stopped, for a kind that cannot be rebuilt here.
      await this.markFailed(id, new Error('interrupted: the server restarted; start the export again'));
      return { interrupted: 1 };
    }
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    let lastSaved = 0;
    const written = await writeXlsx(
      out,
      exporter.sheetName,
      exporter.columns,
      exporter.batches(),
      async (n) => {
        if (n - lastSaved >= 5000) {
          lastSaved = n;
          await this.db.update(exportJob).set({ processed: n }).where(eq(exportJob.id, id));
          await progress({ processed: n, total: job.total ?? 0 });
        }
      },
    );
    await done;
    const data = Buffer.concat(chunks);
    const fileId = randomUUID();
    const now = this.now();
    const finished = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(exportJob)
        .set({
          status: 'DONE',
          processed: written,
          fileId,
          finishedAt: now,
          expiresAt: new Date(now.getTime() + FILE_TTL_MS),
        })
        .where(and(eq(exportJob.id, id), eq(exportJob.status, 'RUNNING')))
        .returning({ id: exportJob.id });
      if (!row) return false;
      await tx.insert(storedFile).values({
        id: fileId,
        kind: 'export',
        contentType: XLSX_TYPE,
        fileName: exporter.fileName,
        size: data.length,
        data,
        expiresAt: new Date(now.getTime() + FILE_TTL_MS),
      });
      return true;
    });
    this.local.delete(id);
    return { rows: written, bytes: finished ? data.length : 0 };
  }

  /** Ends an export visibly: FAILED with its error, the rows written so far kept in `processed`. */
  private async markFailed(id: string, err: unknown) {
    this.local.delete(id);
    await this.db
      .update(exportJob)
      .set({
        status: 'FAILED',
        error: String((err as Error)?.message ?? err).slice(0, 500),
        finishedAt: this.now(),
      })
      .where(and(eq(exportJob.id, id), eq(exportJob.status, 'RUNNING')));
  }

  async status(id: string, userId: number): Promise<ExportJob> {
    const [job] = await this.db
      .select()
      .from(exportJob)
      .where(and(eq(exportJob.id, id), eq(exportJob.userId, userId)));
    if (!job) throw notFound();
    if (job.status === 'RUNNING' && !(await this.queue.isPending(this.job.name, 'exportId', job.id))) {
      // No attempt is queued or running any more (the last one's server died): say so, never spin forever.
      await this.markFailed(
        job.id,
        new Error('interrupted: the server stopped during the export; start it again'),
      );
      return this.status(id, userId);
    }
    const link = job.status === 'DONE' ? this.link(job.id) : null;
    return {
      id: job.id,
      status: job.status as ExportJob['status'],
      processed: job.processed,
      total: job.total,
      downloadUrl: link?.url ?? null,
      expiresAt: link ? link.expiresAt.toISOString() : null,
      error: job.error,
    };
  }

  /** The file of a finished export, to the user who started it only. */
  async file(id: string, userId: number) {
    const [row] = await this.db
      .select({
        data: storedFile.data,
        contentType: storedFile.contentType,
        fileName: storedFile.fileName,
        expiresAt: storedFile.expiresAt,
      })
      .from(exportJob)
      .innerJoin(storedFile, eq(storedFile.id, exportJob.fileId))
      .where(and(eq(exportJob.id, id), eq(exportJob.userId, userId)));
    if (!row || (row.expiresAt && row.expiresAt < this.now())) return null;
    return row;
  }
}
