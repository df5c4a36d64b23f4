import { DEFAULT_MAP_POSITION } from '@glass/domain/constants';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app.js';
import { readImageUpload, sendImage } from '../../files/images.js';
import { currentUser } from '../../http/auth.js';
import { FacilityService } from './service.js';

const tags = ['facilities'];
const bool = z.enum(['true', 'false', 'True', 'False']).transform((v) => v.toLowerCase() === 'true');

/** Spec 2 §7 "Facilities". FacilitiesOData stays with the start-up lookups (modules/lookups). */
export function facilityRoutes(app: App) {
  const service = new FacilityService(app.deps.db, app.deps.config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/facilities',
    {
      config: { action: 'facilities.read' },
      schema: {
        tags,
        summary: 'Facilities sorted by short name',
        querystring: z.object({ IsActive: bool.optional(), SearchTerm: z.string().max(200).optional() }),
      },
    },
    (req) => service.list({ isActive: req.query.IsActive, searchTerm: req.query.SearchTerm }),
  );
  r.get(
    '/api/facilities/latlong',
    {
      schema: {
        tags,
        summary: 'Facilities with their distance (miles) from a point, nearest first',
        querystring: z.object({
          latitude: z.coerce.number().min(-90).max(90).optional(),
          longitude: z.coerce.number().min(-180).max(180).optional(),
        }),
      },
    },
    (req) => service.latLong(req.query.latitude, req.query.longitude),
  );
  r.get(
    '/api/facilities/mapConfig',
    { schema: { tags, summary: 'Map tile server and default position' } },
    () => ({
      tileUrl: app.deps.config.mapTileUrl,
      attribution: '&copy; OpenStreetMap contributors',
      defaultPosition: DEFAULT_MAP_POSITION,
    }),
  );
  r.get(
    '/api/facilities/picture',
    {
      schema: {
        tags,
        summary: 'A facility icon or logo',
        querystring: z.object({ FilePath: z.string().max(300).optional() }),
      },
    },
    (req, reply) => sendImage(reply, app.deps.config, req.query.FilePath, 'facilities'),
  );
  r.get(
    '/api/facilities/:id',
    {
      config: { action: 'facilities.read' },
      schema: {
        tags,
        summary: 'One facility with service writers, recent traffic counts and attributes',
        params: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    (req) => service.detail(req.params.id),
  );
  r.post(
    '/api/facilities',
    {
      config: { action: 'facilities.write' },
      schema: { tags, summary: 'Create (facilityId -1) or update a facility' },
    },
    (req) => service.save(req.body, currentUser(req)),
  );
  for (const kind of ['icon', 'logo'] as const) {
    r.post(
      kind === 'icon' ? '/api/facilities/uploadIcon' : '/api/facilities/uploadLogo',
      {
        config: { action: 'facilities.write' },
        schema: { tags, summary: `Upload a facility ${kind} (PNG, JPEG, GIF, WebP; 5 MB)` },
      },
      async (req) => service.uploadImage(kind, await readImageUpload(req), currentUser(req)),
    );
  }
}
