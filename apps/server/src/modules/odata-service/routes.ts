import { can } from '@glass/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-type.js';
import { currentUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { registerEntitySetNames } from '../../http/odata-route.js';
import { publicUrl } from '../../public-url.js';
import { ENTITY_SETS, type EntitySet, SERVICE_ROOT } from './entity-sets.js';
import { csdl, serviceDocument } from './metadata.js';
import { type NumberTypes, numberTypes } from './number-types.js';

/** The entity sets a role may read (the others are left out of both documents). */
function setsFor(roleId: number | null | undefined): EntitySet[] {
  return ENTITY_SETS.filter((s) => can(roleId, s.action));
}

/** `$format` of the metadata document: XML (CSDL JSON is not implemented). */
function checkMetadataFormat(req: FastifyRequest) {
  const format = Object.entries((req.query ?? {}) as Record<string, unknown>).find(
    ([k]) => k.toLowerCase() === '$format',
  )?.[1];
  if (format === undefined || format === '') return;
  const text = String(Array.isArray(format) ? format[0] : format).toLowerCase();
  if (!/^(xml|application\/xml)(;.*)?$/.test(text)) {
    const message = '$metadata is served as CSDL XML only ($format=xml or application/xml)';
    throw new HttpError(501, 'Not Implemented', message, { $format: [message] });
  }
}

/**
 * The OData service root: GET /api/ (service document, JSON) and GET /api/$metadata (CSDL XML) over the
 * list routes in entity-sets.ts. Both need a signed-in user and describe only the lists the user's role
 * may read; lists answer `@odata.context` pointing into this $metadata.
 */
export function odataServiceRoutes(app: App) {
  const metadataUrl = publicUrl(app.deps.config, `${SERVICE_ROOT}$metadata`);
  registerEntitySetNames(
    metadataUrl,
    ENTITY_SETS.map((s) => ({ name: s.name, url: s.url, resourceName: s.resource.name })),
  );
  const byRole = new Map<string, string>();
  const cached = (kind: string, roleId: number | null | undefined, build: () => string) => {
    const key = `${kind}:${roleId}`;
    let text = byRole.get(key);
    if (text === undefined) {
      text = build();
      byRole.set(key, text);
    }
    return text;
  };
  const config = { action: 'lookups.read' } as const;
  const tags = ['odata'];

  const service = (req: FastifyRequest, reply: FastifyReply) => {
    const { userRoleId } = currentUser(req);
    const body = cached('service', userRoleId, () => serviceDocument(setsFor(userRoleId), metadataUrl));
    return reply.header('odata-version', '4.0').type('application/json; charset=utf-8').send(body);
  };
  // The server ignores trailing slashes, so this is GET /api as well.
  app.get(
    SERVICE_ROOT,
    { config, schema: { tags, summary: 'OData service document: the lists (entity sets)' } },
    service,
  );
  // The number types come from the database once, at the first $metadata request (number-types.ts).
  let numbers: Promise<NumberTypes> | undefined;
  const metadata = async (req: FastifyRequest, reply: FastifyReply) => {
    checkMetadataFormat(req);
    const { userRoleId } = currentUser(req);
    numbers ??= numberTypes(
      app.deps.db,
      ENTITY_SETS.map((s) => s.resource),
    ).catch((e) => {
      numbers = undefined;
      throw e;
    });
    const types = await numbers;
    const body = cached('csdl', userRoleId, () => csdl(setsFor(userRoleId), types));
    return reply.header('odata-version', '4.0').type('application/xml; charset=utf-8').send(body);
  };
  app.get(
    `${SERVICE_ROOT}$metadata`,
    { config, schema: { tags, summary: 'OData $metadata: CSDL XML of the lists the role may read' } },
    metadata,
  );
}
