import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app-type.js';
import { auth, createTestApp, DEMO, login } from '../../test/harness.js';

/**
 * Issue #14 part 1: the routes of these areas declare their answer, so the OpenAPI document
 * (GET /api/docs/json) describes what a client receives, not only what it sends.
 */
let app: App;
/** The API description is for signed-in users only (issue #31 item 8). */
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = await login(app, DEMO.admin);
});
afterAll(() => app.close());

const DECLARED: [method: string, path: string, status?: string][] = [
  ['post', '/api/login'],
  ['get', '/api/self'],
  ['put', '/api/users/password'],
  ['get', '/api/UserTiles/MyTilesInfo'],
  ['post', '/api/UserTiles/SaveMyTilesInfo'],
  ['get', '/api/Users/GetOnDuty'],
  ['post', '/api/Users/ToggleOnDuty'],
  ['post', '/api/Users/SelectFacility'],
  ['get', '/api/users/employeeList'],
  ['get', '/api/users'],
  ['get', '/api/users/{id}'],
  ['get', '/api/users/installers'],
  ['get', '/api/customerWaitingOptions'],
  ['get', '/api/MessageGroups'],
  ['get', '/api/FacilitiesOData'],
  ['get', '/api/facilities'],
  ['get', '/api/facilities/{id}'],
  ['get', '/api/facilities/latlong'],
  ['get', '/api/Conversations'],
  ['post', '/api/Conversations/Start', '201'],
  ['post', '/api/Conversations/{id}/Reply', '201'],
  ['post', '/api/Conversations/{id}/MarkAsRead'],
  ['get', '/api/self/alerts'],
  ['post', '/api/self/consumeAlert'],
  ['get', '/api/Subscriptions'],
  ['put', '/api/Subscriptions/{id}'],
  ['get', '/api/ParkedItemsOdata'],
  ['post', '/api/Invoices/{id}/park'],
  ['get', '/api/ActivityLogs'],
  ['get', '/api/ActivityLogDetails'],
  ['get', '/api/attributevalues'],
  ['get', '/api/settingValueLists'],
  ['get', '/api/search'],
  ['get', '/api/phone/lookup'],
  ['get', '/api/notify/outbox'],
  ['get', '/api/phoneExtensions/getRequestUri'],
  ['get', '/api/jobs'],
  ['get', '/api/Brands'],
  ['post', '/api/Brands', '201'],
  ['get', '/api/Brands/{id}'],
];

describe('OpenAPI answers (#14 part 1)', () => {
  it.each(DECLARED)('%s %s declares its answer', async (method, path, status = '200') => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    const op = res.json().paths[path]?.[method];
    expect(op, `${method} ${path} in the document`).toBeDefined();
    expect(op.responses?.[status]?.content?.['application/json']?.schema).toBeDefined();
  });
});
