import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stateNavigationSchema } from '@glass/domain/resources/employee';
import { z } from 'zod';
import type { App } from '../../app.js';
import { readImageUpload, sendImage } from '../../files/images.js';
import { currentUser } from '../../http/auth.js';
import { EmployeeExtras } from './employee-extras.js';
import { EmployeeService } from './employee-service.js';

const tags = ['users'];
const bool = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Spec 1 §7 "Users" (GET /api/users/employeeList lives with the duty routes). */
export function employeeRoutes(app: App) {
  const { db, config, sessions } = app.deps;
  const service = new EmployeeService(db, config, sessions);
  const extras = new EmployeeExtras(db, config, sessions);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users',
    {
      config: { action: 'users.read' },
      schema: {
        tags,
        summary: 'Employees (User list items), by last name',
        querystring: z.object({ IsActive: bool.optional(), SearchTerm: z.string().max(200).optional() }),
      },
    },
    (req) => service.list({ isActive: req.query.IsActive, searchTerm: req.query.SearchTerm }),
  );
  r.get(
    '/api/users/installers',
    {
      schema: {
        tags,
        summary: 'Installers with their appointment count in the Day, Week or Month from startDate',
        querystring: z.object({
          startDate: z.iso
            .date()
            .or(z.iso.datetime({ offset: true }))
            .optional(),
          view: z.enum(['Day', 'Week', 'Month']).optional(),
          isActive: bool.optional(),
        }),
      },
    },
    (req) => extras.installers(req.query),
  );
  r.get('/api/users/adminAssistants', { schema: { tags, summary: 'Active admin assistants' } }, () =>
    extras.adminAssistants(),
  );
  r.get(
    '/api/users/profilePicture',
    {
      schema: {
        tags,
        summary: 'A profile picture',
        querystring: z.object({ FilePath: z.string().max(300).optional() }),
      },
    },
    (req, reply) => sendImage(reply, config, req.query.FilePath, 'users'),
  );
  r.post(
    '/api/users/profilePicture',
    {
      config: { action: 'self.settings' },
      schema: { tags, summary: 'Upload a profile picture (own, or userId with users.write)' },
    },
    async (req) => extras.setProfilePicture(await readImageUpload(req), currentUser(req)),
  );
  r.get(
    '/api/users/me/stateNavigation',
    {
      config: { action: 'self.settings' },
      schema: { tags, summary: "The caller's saved navigation state ({lastPath, …}), or null" },
    },
    (req) => service.stateNavigation(currentUser(req)),
  );
  r.put(
    '/api/users/me/stateNavigation',
    {
      config: { action: 'self.settings' },
      schema: {
        tags,
        summary: "Save the caller's navigation state ({lastPath, …}) so it follows them to another device",
        body: stateNavigationSchema,
      },
    },
    (req) => service.saveStateNavigation(req.body, currentUser(req)),
  );
  r.get(
    '/api/users/:id',
    { config: { action: 'users.read' }, schema: { tags, summary: 'One employee', params: idParams } },
    (req) => service.get(req.params.id),
  );
  r.post(
    '/api/users',
    {
      config: { action: 'users.write' },
      schema: { tags, summary: 'Create an employee with an initial 6-digit password' },
    },
    (req) => service.create(req.body, currentUser(req)),
  );
  r.put(
    '/api/users/:id',
    {
      config: { action: 'users.write' },
      schema: {
        tags,
        summary: 'Update an employee; deactivating or a new password ends their sessions',
        params: idParams,
      },
    },
    (req) => service.update(req.params.id, req.body, currentUser(req)),
  );
}
