import { FAILED_TO_GET_PAGE_ATTRIBUTES } from '@glass/domain/messages/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import { showError } from '../../api/notices';
import { lookupKeys } from '../../query/query-keys';
import { useFailureToast } from '../../query/use-failure-toast';

/** A row of GET /api/attributevalues (server modules/attribute-values). */
interface PageAttribute {
  attributeNameId: number;
  name: string;
  value: string;
}

export type PageSwitch = 'Repairs' | 'Replacements';

const key = lookupKeys.pageAttributes;

/**
 * The Repairs / Replacements switches of a My tab (spec 1 §5): YES/NO page attributes of the user,
 * read on open (YES until the server says otherwise) and saved on every toggle.
 */
export function usePageSwitches(page: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key(page),
    queryFn: () => http.get<PageAttribute[]>('attributevalues', { query: { Page: page, RecordId: 0 } }),
  });
  useFailureToast(query.isError, FAILED_TO_GET_PAGE_ATTRIBUTES);

  const find = (name: PageSwitch) => query.data?.find((a) => a.name === name);
  const value = (name: PageSwitch) => find(name)?.value !== 'NO';

  const set = async (name: PageSwitch, on: boolean) => {
    const attribute = find(name);
    if (!attribute) return;
    const previous = query.data;
    const optimistic = previous?.map((a) => (a === attribute ? { ...a, value: on ? 'YES' : 'NO' } : a));
    queryClient.setQueryData(key(page), optimistic);
    try {
      const saved = await http.post<PageAttribute[]>('attributevalues', {
        page,
        recordId: 0,
        values: [{ attributeNameId: attribute.attributeNameId, value: on ? 'YES' : 'NO' }],
      });
      queryClient.setQueryData(key(page), saved);
    } catch (error) {
      queryClient.setQueryData(key(page), previous);
      showError(error);
    }
  };

  return {
    /** False until the saved values (or the failure to read them) are known, so the list asks once. */
    ready: !query.isLoading,
    repair: value('Repairs'),
    replacement: value('Replacements'),
    set,
  };
}
