import { FAILED_TO_GET_PAGE_ATTRIBUTES } from '@glass/domain/messages/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import { showError } from '../../api/notices';
import { lookupKeys } from '../../query/query-keys';
import { useFailureToast } from '../../query/use-failure-toast';

interface PageAttribute {
  attributeNameId: number;
  name: string;
  value: string;
}

/**
 * The Repairs / Replacements switches of an appointments tab: YES/NO page attributes of the user (seed and
 * migration 0019 define them for 'Appointments' and 'My Facility Appointments'), as the My tabs keep theirs.
 */
export function usePageSwitches(page: string) {
  const queryClient = useQueryClient();
  const key = lookupKeys.pageAttributes(page);
  const query = useQuery({
    queryKey: key,
    queryFn: () => http.get<PageAttribute[]>('attributevalues', { query: { Page: page, RecordId: 0 } }),
  });
  useFailureToast(query.isError, FAILED_TO_GET_PAGE_ATTRIBUTES);
  const find = (name: string) => query.data?.find((a) => a.name === name);
  const value = (name: string) => find(name)?.value !== 'NO';
  const set = async (name: 'Repairs' | 'Replacements', on: boolean) => {
    const attribute = find(name);
    if (!attribute) return;
    const previous = query.data;
    queryClient.setQueryData(
      key,
      previous?.map((a) => (a === attribute ? { ...a, value: on ? 'YES' : 'NO' } : a)),
    );
    try {
      const saved = await http.post<PageAttribute[]>('attributevalues', {
        page,
        recordId: 0,
        values: [{ attributeNameId: attribute.attributeNameId, value: on ? 'YES' : 'NO' }],
      });
      queryClient.setQueryData(key, saved);
    } catch (error) {
      queryClient.setQueryData(key, previous);
      showError(error);
    }
  };
  return { ready: !query.isLoading, repairs: value('Repairs'), replacements: value('Replacements'), set };
}
