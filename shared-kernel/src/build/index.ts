/** The kernel's Node-side API (no CSS, no DOM): for rsbuild configs, scripts, tests and benches. */
export { LOCAL_BACKEND } from '../contracts/local-backend.ts';
export { REMOTES } from '../contracts/remotes.ts';
export { mfRuntimeAliases, mfShared } from './module-federation.ts';
export { defineRemoteConfig } from './remote-config.ts';
