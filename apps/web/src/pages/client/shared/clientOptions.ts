import { listClients } from '../../../api/clients';
import { useServerOptions } from '../../../components/ServerSearch/useServerOptions';

/**
 * Clients searched by name or mobile within the caller's scope, for pickers of other modules
 * (link a member or a WeCom contact to a client).
 */
export const useClientOptions = () =>
  useServerOptions({
    key: (term) => ['clients', 'picker', term],
    fetch: async (term) => (await listClients({ keyword: term || undefined, pageSize: 20, page: 1 })).items,
    toOption: (c) => ({
      value: c.id,
      label: c.mobile ? `${c.name} · ${c.mobile}` : c.name,
      search: `${c.name} ${c.mobile ?? ''}`,
    }),
  });
