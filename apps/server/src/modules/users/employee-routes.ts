import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAssistants,
  employee,
  employees,
  employeesQuery,
  idParams,
  installers,
  installersQuery,
  profilePictureQuery,
  profilePictureResponse,
  stateNavigationResponse,
  stateNavigationSchema,
} from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { IMAGE_UPLOAD_FIELD, readImageUpload, sendImage } from '../../files/images.js';
import { currentUser } from '../../http/auth.js';
import { EmployeeExtras } from './employee-extras.js';
import { EmployeeService } from './employee-service.js';
import { userType } from './record-type.js';

const tags = ['users'];

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
        querystring: employeesQuery,
        response: { 200: employees },
      },
    },
    (req) =>
      service.list({ isActive: req.query.IsActive, searchTerm: req.query.SearchTerm }, currentUser(req)),
  );
  r.get(
    '/api/users/installers',
    {
      config: { action: 'lookups.read' },
      schema: {
        tags,
        summary: 'Installers with their appointment count in the Day, Week or Month from startDate',
        querystring: installersQuery,
        response: { 200: installers },
      },
    },
    (req) => extras.installers(req.query),
  );
  r.get(
    '/api/users/adminAssistants',
    {
      config: { action: 'lookups.read' },
      schema: { tags, summary: 'Active admin assistants', response: { 200: adminAssistants } },
    },
    () => extras.adminAssistants(),
  );
  r.get(
    '/api/users/profilePicture',
    {
      config: { action: 'lookups.read' },
      schema: {
        tags,
        summary: 'A profile picture',
        querystring: profilePictureQuery,
      },
    },
    (req, reply) => sendImage(reply, app.deps, req.query.FilePath, 'users', userType.recordType),
  );
  r.post(
    '/api/users/profilePicture',
    {
      config: { action: 'self.settings', upload: { fields: [IMAGE_UPLOAD_FIELD] } },
      schema: {
        tags,
        summary: 'Upload a profile picture (own, or userId with users.write)',
        response: { 200: profilePictureResponse },
      },
    },
    async (req) => extras.setProfilePicture(await readImageUpload(req), currentUser(req)),
  );
  r.get(
    '/api/users/me/stateNavigation',
    {
      config: { action: 'self.settings' },
      schema: {
        tags,
        summary: "The caller's saved navigation state ({lastPath, …}), or null",
        response: { 200: stateNavigationResponse },
      },
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
        response: { 200: stateNavigationResponse },
      },
    },
    (req) => service.saveStateNavigation(req.body, currentUser(req)),
  );
  r.get(
    '/api/users/:id',
    {
      config: { action: 'users.read' },
      schema: { tags, summary: 'One employee', params: idParams, response: { 200: employee } },
    },
    (req) => service.get(req.params.id),
  );
  r.post(
    '/api/users',
    {
      config: { action: 'users.write' },
      schema: {
        tags,
        summary: 'Create an employee with an initial 6-digit password',
        response: { 200: employee },
      },
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
        response: { 200: employee },
      },
    },
    (req) => service.update(req.params.id, req.body, currentUser(req)),
  );
}
