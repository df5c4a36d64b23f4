import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { currentUser } from '../../http/auth.js';
import { DutyService } from './duty-service.js';

export function dutyRoutes(app: App) {
  const service = new DutyService(app.deps.db, app.deps.sessions);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/Users/GetOnDuty', { schema: { tags: ['users'], summary: 'Whether I am on duty' } }, (req) =>
    service.getOnDuty(currentUser(req).id),
  );
  r.post(
    '/api/Users/ToggleOnDuty',
    {
      config: { action: 'self.settings' },
      schema: {
        tags: ['users'],
        summary: 'Go on or off duty (flips when onDuty is omitted); location from the device',
        body: z
          .object({
            onDuty: z.boolean().optional(),
            latitude: z.number().min(-90).max(90).optional(),
            longitude: z.number().min(-180).max(180).optional(),
          })
          .optional(),
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
        body: z.object({ facilityId: z.number().int().positive() }),
      },
    },
    (req) => service.selectFacility(currentUser(req), req.body.facilityId),
  );
  r.get(
    '/api/users/employeeList',
    { schema: { tags: ['users'], summary: 'Active employees for pickers' } },
    () => service.employeeList(),
  );
}
