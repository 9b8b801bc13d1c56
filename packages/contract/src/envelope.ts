import { z } from 'zod';

/** Every API answer is `{code, msg, data}`; code 0 means success (spec section 7). */
export const CODE_OK = 0;

/** Error codes equal the HTTP status unless a finer business code is documented here. */
export const ErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  Unprocessable: 422,
  TooManyRequests: 429,
  Internal: 500,
  Unavailable: 503,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Validation failures carry the field messages so forms can show them beside the field. */
export interface ValidationErrorData {
  fields: Record<string, string>;
}

export const listResultOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    totalExact: z.boolean().optional(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
