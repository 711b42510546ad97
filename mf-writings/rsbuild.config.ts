import { defineRemoteConfig } from 'shared-kernel/build';

export default defineRemoteConfig('writings');
