import { randomUUID } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@educrm/contract';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { storedFile } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';

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

  async storeImage(tx: DbOrTx, data: Buffer, kind: 'avatar' | 'image', userId: number) {
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
      .select({ data: storedFile.data, contentType: storedFile.contentType, kind: storedFile.kind })
      .from(storedFile)
      .where(eq(storedFile.id, id));
    return row && row.kind !== 'export' ? row : null;
  }
}
