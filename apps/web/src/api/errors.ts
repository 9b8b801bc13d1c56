/** A failed API call: the envelope's code and msg, the HTTP status and the envelope's data. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number | undefined,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field messages of a validation failure (`data.fields`), for showing beside form fields. */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
