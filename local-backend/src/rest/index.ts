// The public API of the REST module: everything exported here is what backend.ts and tests use.
export { createRestRoutes, type RestRoutes, type RestRoutesOptions } from './rest-routes.ts';
