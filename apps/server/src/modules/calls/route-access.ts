/** A route's permission: one code, or any of several. */
export const can = (code: string | string[]) => ({ permission: code }) as const;
/** Pages that show a client's calls and SMS (the client drawer) besides the outbound pages. */
export const CLIENT_PAGES = [
  'client.list',
  'client.my-list',
  'client.public-list',
  'client.follow-record-list',
];
