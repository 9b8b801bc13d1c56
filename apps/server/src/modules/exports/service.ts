import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { ExportJob } from '@educrm/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { exportJob, storedFile } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
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
}

export class ExportService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

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
    const want = Buffer.from(this.sign(id, exp));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
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
    const count = await exporter.count(BACKGROUND_EXPORT_ROWS + 1);
    await writeAudit(this.db, {
      actorId: p.userId,
      actorName: p.username,
      action: 'export.start',
      targetType: exporter.kind,
      summary: `export of ${count > BACKGROUND_EXPORT_ROWS ? `${BACKGROUND_EXPORT_ROWS}+` : count} rows`,
      ip,
    });
    if (count <= BACKGROUND_EXPORT_ROWS) {
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
    await this.db
      .insert(exportJob)
      .values({ id, userId: p.userId, kind: exporter.kind, total, createdAt: this.now() });
    void this.runJob(id, exporter).catch((err) => this.log.error({ err, id }, 'export job failed'));
    return { id, status: 'RUNNING', processed: 0, total, downloadUrl: null, expiresAt: null, error: null };
  }

  private async runJob<Row>(id: string, exporter: Exporter<Row>) {
    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    try {
      let lastSaved = 0;
      await writeXlsx(out, exporter.sheetName, exporter.columns, exporter.batches(), async (written) => {
        if (written - lastSaved >= 5000) {
          lastSaved = written;
          await this.db.update(exportJob).set({ processed: written }).where(eq(exportJob.id, id));
        }
      }).then(async (written) => {
        await done;
        const data = Buffer.concat(chunks);
        const fileId = randomUUID();
        const now = this.now();
        await this.db.transaction(async (tx) => {
          await tx.insert(storedFile).values({
            id: fileId,
            kind: 'export',
            contentType: XLSX_TYPE,
            fileName: exporter.fileName,
            size: data.length,
            data,
            expiresAt: new Date(now.getTime() + FILE_TTL_MS),
          });
          await tx
            .update(exportJob)
            .set({
              status: 'DONE',
              processed: written,
              fileId,
              finishedAt: now,
              expiresAt: new Date(now.getTime() + FILE_TTL_MS),
            })
            .where(eq(exportJob.id, id));
        });
      });
    } catch (err) {
      await this.db
        .update(exportJob)
        .set({
          status: 'FAILED',
          error: String((err as Error).message).slice(0, 500),
          finishedAt: this.now(),
        })
        .where(eq(exportJob.id, id));
    }
  }

  async status(id: string, userId: number): Promise<ExportJob> {
    const [job] = await this.db
      .select()
      .from(exportJob)
      .where(and(eq(exportJob.id, id), eq(exportJob.userId, userId)));
    if (!job) throw notFound();
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

  async file(id: string) {
    const [row] = await this.db
      .select({
        data: storedFile.data,
        contentType: storedFile.contentType,
        fileName: storedFile.fileName,
        expiresAt: storedFile.expiresAt,
      })
      .from(exportJob)
      .innerJoin(storedFile, eq(storedFile.id, exportJob.fileId))
      .where(eq(exportJob.id, id));
    if (!row || (row.expiresAt && row.expiresAt < this.now())) return null;
    return row;
  }
}
