import { DEFAULT_MAP_POSITION } from '@glass/domain/constants';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  facilities,
  facilitiesQuery,
  facilityDetail,
  facilityDistances,
  facilityImageResponse,
  facilityPictureQuery,
  idParams,
  latLongQuery,
  mapConfig,
} from '@glass/domain/contracts';
import type { App } from '../../app-type.js';
import { IMAGE_UPLOAD_FIELD, readImageUpload, sendImage } from '../../files/images.js';
import { currentUser } from '../../http/auth.js';
import { FacilityService } from './service.js';
import { facilityType } from './record-type.js';

const tags = ['facilities'];

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
        querystring: facilitiesQuery,
        response: { 200: facilities },
      },
    },
    (req) => service.list({ isActive: req.query.IsActive, searchTerm: req.query.SearchTerm }),
  );
  r.get(
    '/api/facilities/latlong',
    {
      config: { action: 'lookups.read' },
      schema: {
        tags,
        summary: 'Facilities with their distance (miles) from a point, nearest first',
        querystring: latLongQuery,
        response: { 200: facilityDistances },
      },
    },
    (req) => service.latLong(req.query.latitude, req.query.longitude),
  );
  r.get(
    '/api/facilities/mapConfig',
    {
      config: { action: 'lookups.read' },
      schema: { tags, summary: 'Map tile server and default position', response: { 200: mapConfig } },
    },
    () => ({
      tileUrl: app.deps.config.mapTileUrl,
      attribution: '&copy; OpenStreetMap contributors',
      defaultPosition: DEFAULT_MAP_POSITION,
    }),
  );
  r.get(
    '/api/facilities/picture',
    {
      config: { action: 'lookups.read' },
      schema: {
        tags,
        summary: 'A facility icon or logo',
        querystring: facilityPictureQuery,
      },
    },
    (req, reply) => sendImage(reply, app.deps, req.query.FilePath, 'facilities', facilityType.recordType),
  );
  r.get(
    '/api/facilities/:id',
    {
      config: { action: 'facilities.read' },
      schema: {
        tags,
        summary: 'One facility with service writers, recent traffic counts and attributes',
        params: idParams,
        response: { 200: facilityDetail },
      },
    },
    (req) => service.detail(req.params.id),
  );
  r.post(
    '/api/facilities',
    {
      config: { action: 'facilities.write' },
      schema: {
        tags,
        summary: 'Create (facilityId -1) or update a facility',
        response: { 200: facilityDetail },
      },
    },
    (req) => service.save(req.body, currentUser(req)),
  );
  for (const kind of ['icon', 'logo'] as const) {
    r.post(
      kind === 'icon' ? '/api/facilities/uploadIcon' : '/api/facilities/uploadLogo',
      {
        config: { action: 'facilities.write', upload: { fields: [IMAGE_UPLOAD_FIELD] } },
        schema: {
          tags,
          summary: `Upload a facility ${kind} (PNG, JPEG, GIF, WebP; 5 MB)`,
          response: { 200: facilityImageResponse },
        },
      },
      async (req) => service.uploadImage(kind, await readImageUpload(req), currentUser(req)),
    );
  }
}
