/**
 * @glass/domain: the business rules, enumerations, constants, role matrix, tile catalogue and text
 * catalogue both the server and the web import. Consumed as TypeScript source.
 */
export * from './actions.js';
export * from './alert.js';
export * from './constants.js';
export * from './enum-helpers.js';
export * from './enums.js';
export * from './messages/index.js';
export * from './roles.js';
export * from './routes.js';
export * from './rules/index.js';
export * from './tiles.js';
export * from './user-tiles.js';
