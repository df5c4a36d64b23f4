import { can } from '@glass/domain/roles';
import { FAILED_TO_GET_FACILITIES_LC } from '@glass/domain/messages/facilities';
import type { ColumnDef } from '@glass/domain/resources/define';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useSessionState } from '../../api/use-session';
import { useDocumentTitle } from '../../shell/document-title';
import { ArrayList } from '../../resources/array-list';
import type { Row } from '../../resources/list-query';
import { facilityApi } from './facility-api';
import { FacilityFormDrawer } from './facility-form';
import { facilityKeys } from '../../query/query-keys';
import { ScreenFrame } from '../../ui/screen-frame';

const COLUMNS: ColumnDef[] = [
  { key: 'code', title: 'Facility Number', width: 130 },
  { key: 'shortName', title: 'Short Name' },
  { key: 'name', title: 'Name' },
  { key: 'city', title: 'City' },
  { key: 'state', title: 'State', format: 'state', width: 80 },
  { key: 'didPhone', title: 'Facility DID', format: 'phone' },
  { key: 'timeZone', title: 'Time Zone', width: 160 },
  { key: 'tzo', title: 'Time Zone Offset', format: 'number', width: 100 },
  { key: 'taxRate', title: 'Labor Tax Rate', format: 'number', width: 130 },
  { key: 'isActive', title: 'Active', format: 'boolean', width: 90 },
];

/** /facilities (spec 2 §7): list sorted by short name, create and edit with images, map and children. */
export function FacilitiesPage() {
  useDocumentTitle('Facilities');
  const { user } = useSessionState();
  const canWrite = !!user && can(user.userRole, 'facilities.write');
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const list = (
    <ArrayList
      title="Facilities"
      singular="Facility"
      queryKey={facilityKeys.all}
      load={facilityApi.list}
      columns={COLUMNS}
      failedToGet={FAILED_TO_GET_FACILITIES_LC}
      canWrite={canWrite}
      onNew={() => setEditing(null)}
      onEdit={setEditing}
      rowLabel={(r) => String(r.shortName ?? r.id)}
    />
  );
  return (
    <ScreenFrame title="Facilities">
      <Tabs items={[{ key: 'facilities', label: 'Facilities', children: list }]} />
      {editing !== undefined ? (
        <FacilityFormDrawer record={editing} canWrite={canWrite} onClose={() => setEditing(undefined)} />
      ) : null}
    </ScreenFrame>
  );
}
