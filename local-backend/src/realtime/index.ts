// The public API of the realtime module: what backend.ts uses.
export {
  type Realtime,
  type RealtimeOptions,
  type StartRealtimeOptions,
  startRealtime,
} from './realtime-server.ts';
