import { randomUUID } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@educrm/contract';
import type { MultipartFile } from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { storedFile } from '../../db/schema';
import { scopeCondition } from '../../lib/data-scope';
import { AppError, fieldError } from '../../lib/errors';
import type { Principal } from '../../types';

export const IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type by its first bytes, never by the name or the declared type. */
export const sniffImage = (data: Buffer): ImageType | null => {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
};

/** Reads the single uploaded file of a multipart request, refusing anything over the limit. */
export const readUpload = async (req: FastifyRequest): Promise<Buffer> => {
  if (!req.isMultipart()) throw new AppError(400, 'fileMissing');
  const file: MultipartFile | undefined = await req.file();
  if (!file) throw new AppError(400, 'fileMissing');
  return file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'fileTooLarge', { max: '2 MB' });
    throw err;
  });
};

/** Images (avatars, product pictures, payment vouchers) live in the database so every instance serves them. */
export class FileService {
  constructor(private readonly db: Db) {}

  async storeImage(tx: DbOrTx, data: Buffer, kind: 'avatar' | 'image' | 'voucher', userId: number) {
    if (data.length > IMAGE_MAX_BYTES) throw new AppError(413, 'fileTooLarge', { max: '2 MB' });
    const type = sniffImage(data);
    if (!type) throw fieldError('file', 'fileType');
    const id = randomUUID();
    await tx
      .insert(storedFile)
      .values({ id, kind, contentType: type, size: data.length, data, createdBy: userId });
    return { id, url: `/api/v1/files/${id}`, type };
  }

  async image(id: string) {
    const [row] = await this.db
      .select({
        data: storedFile.data,
        contentType: storedFile.contentType,
        kind: storedFile.kind,
        createdBy: storedFile.createdBy,
      })
      .from(storedFile)
      .where(eq(storedFile.id, id));
    return row && row.kind !== 'export' ? row : null;
  }

  /**
   * A payment voucher is shown to its uploader (before the order is confirmed) and to staff who may
   * list orders and hold an order that carries it in their data scope.
   */
  async voucherVisible(p: Principal, id: string, uploadedBy: number | null): Promise<boolean> {
    if (uploadedBy != null && Number(uploadedBy) === p.userId) return true;
    if (!p.permissions.has('order.list')) return false;
    const rows = await queryRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM sales_order o WHERE ${`/api/v1/files/${id}`} = ANY(o.voucher_urls)
            AND ${scopeCondition(p, { owner: sql`o.sales_user_id`, dept: sql`o.sales_dept_id` })} LIMIT 1`,
    );
    return rows.length > 0;
  }
}

/** Files anyone with the link may see (avatars, product pictures); every other kind is private. */
export const PUBLIC_FILE_KINDS: ReadonlySet<string> = new Set(['avatar', 'image']);
