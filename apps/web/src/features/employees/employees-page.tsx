import { FAILED_TO_GET_EMPLOYEES } from '@glass/domain/messages/admin';
import type { ColumnDef } from '@glass/domain/resources/define';
import { can } from '@glass/domain/roles';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useSessionState } from '../../api/use-session';
import { ArrayList } from '../../resources/array-list';
import type { Row } from '../../resources/list-query';
import { useDocumentTitle } from '../../shell/document-title';
import { EmployeeFormDrawer } from './employee-form';
import { employeesApi } from './employees-api';
import { employeeKeys } from '../../query/query-keys';
import { ScreenFrame } from '../../ui/screen-frame';

const COLUMNS: ColumnDef[] = [
  { key: 'userName', title: 'User Name', width: 110 },
  { key: 'lastName', title: 'Last Name' },
  { key: 'firstName', title: 'First Name' },
  { key: 'role', title: 'Role' },
  { key: 'facility/shortName', title: 'Facility' },
  { key: 'email', title: 'Email' },
  { key: 'phone', title: 'Phone', format: 'phone' },
  { key: 'isInstaller', title: 'Installer', format: 'boolean', width: 100 },
  { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
];

/** /employees (spec 1 §7 Users): User list items, create with an initial password, edit, deactivate. */
export function EmployeesPage() {
  useDocumentTitle('Employees');
  const { user } = useSessionState();
  const canWrite = !!user && can(user.userRole, 'users.write');
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  return (
    <ScreenFrame title="Employees">
      <Tabs
        items={[
          {
            key: 'employees',
            label: 'Employees',
            children: (
              <ArrayList
                title="Employees"
                singular="Employee"
                queryKey={employeeKeys.all}
                load={employeesApi.list}
                columns={COLUMNS}
                failedToGet={FAILED_TO_GET_EMPLOYEES}
                canWrite={canWrite}
                onNew={() => setEditing(null)}
                onEdit={setEditing}
                rowLabel={(r) => `${r.firstName} ${r.lastName}`}
              />
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <EmployeeFormDrawer record={editing} onClose={() => setEditing(undefined)} />
      ) : null}
    </ScreenFrame>
  );
}
