import { defineRemoteConfig } from 'shared-kernel/build';

export default defineRemoteConfig('ideas');
