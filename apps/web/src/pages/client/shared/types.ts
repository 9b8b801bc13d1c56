import type { ClientListRow } from '@educrm/contract/clients';

/** What the client actions need of a client: a list row and the detail both have it. */
export type ClientLike = Pick<
  ClientListRow,
  'id' | 'name' | 'ownerUserId' | 'locked' | 'stage' | 'level' | 'tags' | 'version'
> & { deleted?: boolean };
