/** Why a file is refused before it is sent (the server checks the content again), or null. */
export const checkImageFile = (
  file: { type: string; size: number },
  types: readonly string[],
  maxBytes: number,
): 'type' | 'size' | null => {
  if (!types.includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
};

/** A file size for people; a no-break space keeps the number and its unit together. */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10}\u00a0MB`
    : `${Math.ceil(bytes / 1024)}\u00a0KB`;
