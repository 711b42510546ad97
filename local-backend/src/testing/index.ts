/**
 * Test helpers of the local backend, for any package's tests: `import { startTestBackend } from
 * 'local-backend/testing'`. Node only.
 */
export { type SpawnedTestBackend, spawnTestBackend } from './spawn-test-backend.ts';
export { startTestBackend, type TestBackend } from './start-test-backend.ts';
export { type CuttableNetwork, createTestClient, cuttableNetwork } from './test-client.ts';
