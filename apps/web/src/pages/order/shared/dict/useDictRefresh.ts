import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { optionKeys } from '../../../../api/clients';
import { dictKeys } from '../../../../api/dictionaries';

/**
 * After a dictionary write: the dictionary lists and every cached copy of the options (the client
 * pages keep their own), so forms and filters offer the change at once.
 */
export const useDictRefresh = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dictKeys.all }),
        queryClient.invalidateQueries({ queryKey: optionKeys.dict }),
      ]),
    [queryClient],
  );
};
