/** Bytes as B, KB, MB or GB (binary units, one decimal from MB). */
export const formatBytes = (bytes: number | null): string => {
  if (bytes == null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
};

/** Whole days, hours and minutes of an uptime in seconds. */
export const splitUptime = (seconds: number) => ({
  d: Math.floor(seconds / 86_400),
  h: Math.floor((seconds % 86_400) / 3600),
  m: Math.floor((seconds % 3600) / 60),
});
