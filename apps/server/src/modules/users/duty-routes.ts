import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dutyState,
  employeeList,
  selectFacilityBody,
  selectFacilityResponse,
  toggleDutyBody,
} from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { DutyService } from './duty-service.js';

export function dutyRoutes(app: App) {
  const service = new DutyService(app.deps.db, app.deps.sessions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Users/GetOnDuty',
    {
      config: { anyRole: true },
      schema: { tags: ['users'], summary: 'Whether I am on duty', response: { 200: dutyState } },
    },
    (req) => service.getOnDuty(currentUser(req).id),
  );
  r.post(
    '/api/Users/ToggleOnDuty',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['users'],
        summary: 'Go on or off duty (flips when onDuty is omitted); location from the device',
        body: toggleDutyBody,
        response: { 200: dutyState },
      },
    },
    (req) => service.toggle(currentUser(req), req.body ?? {}),
  );
  r.post(
    '/api/Users/SelectFacility',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['users'],
        summary: 'Switch my current facility',
        body: selectFacilityBody,
        response: { 200: selectFacilityResponse },
      },
    },
    (req) => service.selectFacility(currentUser(req), req.body.facilityId),
  );
  r.get(
    '/api/users/employeeList',
    {
      config: { action: 'lookups.read' },
      schema: { tags: ['users'], summary: 'Active employees for pickers', response: { 200: employeeList } },
    },
    () => service.employeeList(),
  );
}
