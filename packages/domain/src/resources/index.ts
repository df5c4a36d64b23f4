/**
 * Every declared resource. The server mounts routes for each (apps/server/src/resources), the web
 * shows each as a tab of its route (apps/web/src/resources), and the generic API test runs
 * against each. Adding a resource: one file here plus its table (docs/resources.md).
 */
import { attributeNames } from './attribute-names.js';
import { attributeTypes } from './attribute-types.js';
import { brands } from './brands.js';
import { clearingHouses } from './clearing-houses.js';
import type { ResourceDef } from './define.js';
import { emailTemplates } from './email-templates.js';
import { insuranceCompanies } from './insurance-companies.js';
import { loanerCars } from './loaner-cars.js';
import { loanerPhones } from './loaner-phones.js';
import { mailboxes } from './mailboxes.js';
import { materials } from './materials.js';
import { objectNames } from './object-names.js';
import { options } from './options.js';
import { phoneExtensions } from './phone-extensions.js';
import { dispositionReasons, lostReasons } from './pick-lists.js';
import { vendors } from './vendors.js';
import { vendorsCtd } from './vendors-ctd.js';
import { windshieldAccessories } from './windshield-accessories.js';

export * from './define.js';
export * from './fields.js';
export { EMAIL_TEMPLATE_USAGES } from './email-templates.js';
export { PASSWORDS_DO_NOT_MATCH } from './mailboxes.js';
export { CALL_URI_SCHEME } from './phone-extensions.js';

/** In tab order within each route. */
export const RESOURCES: readonly ResourceDef[] = [
  brands,
  clearingHouses,
  insuranceCompanies,
  vendors,
  vendorsCtd,
  materials,
  windshieldAccessories,
  phoneExtensions,
  loanerPhones,
  loanerCars,
  mailboxes,
  emailTemplates,
  attributeNames,
  objectNames,
  attributeTypes,
  options,
  dispositionReasons,
  lostReasons,
] as ResourceDef[];

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}

/** The tabs of a screen route, e.g. '/attributes' → attribute names, object names, attribute types. */
export function resourcesOfRoute(route: string): ResourceDef[] {
  return RESOURCES.filter((r) => r.route === route);
}

/** The routes that show declared resources, each once, in declaration order. */
export const RESOURCE_ROUTES: readonly string[] = [...new Set(RESOURCES.map((r) => r.route))];
