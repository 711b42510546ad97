// The public API of the functions host: what backend.ts uses.
export { createFunctionsHost, type FunctionsHost, type FunctionsHostOptions } from './functions-host.ts';
