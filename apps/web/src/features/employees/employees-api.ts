import { userRoleLabel } from '@glass/domain/enums';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';
import { employeeKeys } from '../../query/query-keys';
import type { AttributeDef } from '../../resources/attributes-field';
import type { Row } from '../../resources/list-query';

export interface UserAttribute extends AttributeDef {
  attributeNameId: number;
  value: string | null;
}

/** The employee routes (spec 1 §7 Users): the list, create, edit and the User attributes. */
export const employeesApi = {
  /** GET /api/users by Active and search, each row with its role's label. */
  list: async (q: { isActive?: boolean; searchTerm?: string }): Promise<Row[]> => {
    const rows = await http.get<Row[]>('users', {
      query: { IsActive: q.isActive, SearchTerm: q.searchTerm },
    });
    return rows.map((r) => ({ ...r, role: userRoleLabel(r.userRoleId as number) }));
  },
  /** The User attributes with this employee's values (0: a new employee's defaults). */
  attributes: (id: number) =>
    http.get<UserAttribute[]>('attributevalues', { query: { Page: 'User', RecordId: id } }),
  create: (body: unknown) => http.post('users', body),
  update: (id: number, body: unknown) => http.put(`users/${id}`, body),
};

/** The User attributes (object name User) with this employee's values, or the defaults for a new one. */
export function useUserAttributes(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.attributes(id ?? 0),
    queryFn: () => employeesApi.attributes(id ?? 0),
  });
}
