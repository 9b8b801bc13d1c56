/**
 * The server's clock as seen from here. Token times are server unix seconds; a PC whose clock is
 * minutes off would otherwise never see its refresh window. The offset comes from the Date header
 * of sign-in answers and is only used when it is clearly more than rounding (5 s).
 */
let offsetMs = 0;

export const noteServerDate = (dateHeader: string | undefined | null, localNow = Date.now()) => {
  if (!dateHeader) return;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return;
  const diff = server - localNow;
  offsetMs = Math.abs(diff) > 5000 ? diff : 0;
};

/** Server time in unix seconds. */
export const serverNowSeconds = (localNow = Date.now()) => Math.floor((localNow + offsetMs) / 1000);

/** A server unix time converted to a local Date (for cookie expiry). */
export const localDateOf = (serverSeconds: number) => new Date(serverSeconds * 1000 - offsetMs);
