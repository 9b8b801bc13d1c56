import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../../api/orders';

/** Invalidates what an order write changes: order lists, details, client tabs, deals, the dashboard. */
export const useOrderRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.dashboard }),
    ]);
};
