/** Build-time API of the kernel (Node only): everything exported here is for rsbuild configs. */
export { REMOTES } from '../contracts/remotes.ts';
export { mfShared } from './module-federation.ts';
export { defineRemoteConfig } from './remote-config.ts';
