import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library registers its cleanup only with global test APIs; this workspace imports them.
afterEach(cleanup);
