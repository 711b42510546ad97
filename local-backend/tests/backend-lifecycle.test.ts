import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, startBackend } from '../src/backend.ts';
import { DataDirLockedError } from '../src/data-dir-lock.ts';
import { createTestClient, uniqueEmail } from './auth-test-support.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const temporaryDirs: string[] = [];
const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'local-backend-test-'));
  temporaryDirs.push(dir);
  return dir;
};

/** `pnpm backend` (src/main.ts) as a child process on a data folder, on any free port. */
const runBackend = (dataDir: string, flags: string[] = []) =>
  spawn(join(packageDir, 'node_modules/.bin/tsx'), ['src/main.ts', ...flags], {
    cwd: packageDir,
    env: { ...process.env, SUPABASE_LOCAL_PORT: '0', SUPABASE_LOCAL_DATA_DIR: dataDir },
  });

/** Collects a child's stdout and stderr; returns a reader of what arrived so far. */
const outputOf = (child: ChildProcess) => {
  let text = '';
  const append = (chunk: Buffer) => {
    text += chunk;
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => text;
};

const exitCodeOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

afterAll(async () => {
  await Promise.all(temporaryDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('HTTP basics', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await startBackend({ dataDir: 'memory://', port: 0 });
  });
  afterAll(() => backend?.stop());

  it('answers the auth health check with 200 once started', async () => {
    const response = await fetch(`${backend.url}/auth/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'GoTrue' });
  });

  it('answers unknown routes with a 404 JSON error', async () => {
    const response = await fetch(`${backend.url}/no/such/route`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'not_found', message: 'No route for GET /no/such/route' });
  });

  it('allows the headers supabase-js sends in a CORS preflight and exposes Content-Range', async () => {
    const response = await fetch(`${backend.url}/auth/v1/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,x-client-info,x-supabase-api-version,prefer',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase() ?? '';
    for (const header of [
      'apikey',
      'authorization',
      'x-client-info',
      'x-supabase-api-version',
      'prefer',
      'range',
    ]) {
      expect(allowed).toContain(header);
    }
    const get = await fetch(`${backend.url}/auth/v1/health`, {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('echoes X-Supabase-Api-Version and answers errors in the versioned GoTrue shape', async () => {
    const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({
      code: 'bad_json',
      message: 'Could not parse request body as JSON',
    });
  });

  it("serves /rest/v1 under the caller's row-level security: a user reads only their own profile", async () => {
    const email = uniqueEmail('rest');
    const user = createTestClient(backend);
    expect((await user.auth.signUp({ email, password: 'rest-password' })).error).toBeNull();
    const own = await user.from('users').select('email');
    expect(own.error).toBeNull();
    expect(own.data).toEqual([{ email }]);
    const anonymous = await createTestClient(backend).from('users').select('email').eq('email', email);
    expect(anonymous.data ?? []).toEqual([]);
  });

  it('signs the anon and service_role keys exactly like the Supabase CLI with the default secret', () => {
    expect(backend.anonKey).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    );
    expect(backend.serviceRoleKey).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
    );
  });
});

describe('data folder', () => {
  it('keeps users across a restart, applying migrations and the seed only the first time, until --reset', async () => {
    const dataDir = await newDataDir();
    const email = uniqueEmail('restart');
    const first = await startBackend({ dataDir, port: 0 });
    expect(first.migrations.applied.length).toBeGreaterThan(0);
    expect(first.migrations.seeded).toBe(existsSync(join(packageDir, '../shared-kernel/supabase/seed.sql')));
    expect(
      (await createTestClient(first).auth.signUp({ email, password: 'kept-password' })).error,
    ).toBeNull();
    await first.stop();
    expect(existsSync(join(dataDir, '.lock'))).toBe(false);

    const second = await startBackend({ dataDir, port: 0 });
    try {
      expect(second.migrations).toEqual({ applied: [], seeded: false });
      const { data, error } = await createTestClient(second).auth.signInWithPassword({
        email,
        password: 'kept-password',
      });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
    } finally {
      await second.stop();
    }

    // `pnpm backend --reset` (a fresh process: PGlite cannot re-create a folder it had open in this one).
    const reset = runBackend(dataDir, ['--reset']);
    const resetOutput = outputOf(reset);
    const resetExit = exitCodeOf(reset);
    try {
      await expect.poll(resetOutput, { timeout: 60_000, interval: 200 }).toContain('Local backend ready');
      expect(resetOutput()).toContain('Seed');
      const url = /ready on (\S+)/.exec(resetOutput())?.[1] ?? '';
      const client = createTestClient({ url, anonKey: first.anonKey });
      const { error } = await client.auth.signInWithPassword({ email, password: 'kept-password' });
      expect(error?.code).toBe('invalid_credentials');
    } finally {
      reset.kill('SIGTERM');
    }
    expect(await resetExit).toBe(0);
  }, 90_000);

  it('refuses a second backend on a folder in use, and takes over the lock of a dead process', async () => {
    const dataDir = await newDataDir();
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid ?? 0));
    });
    await writeFile(join(dataDir, '.lock'), String(deadPid));

    const backend = await startBackend({ dataDir, port: 0 });
    try {
      // `<pid> <start time>`: the pid alone could name another process after a crash.
      expect((await readFile(join(dataDir, '.lock'), 'utf8')).split(' ')[0]).toBe(String(process.pid));
      await expect(startBackend({ dataDir, port: 0 })).rejects.toThrow(DataDirLockedError);
    } finally {
      await backend.stop();
    }
  });

  it('makes a second `pnpm backend` on the same folder exit non-zero with a clear message', async () => {
    const dataDir = await newDataDir();
    const first = runBackend(dataDir);
    const firstOutput = outputOf(first);
    const firstExit = exitCodeOf(first);
    try {
      await expect.poll(firstOutput, { timeout: 60_000, interval: 200 }).toContain('Local backend ready');
      expect(firstOutput()).toMatch(/anon key +eyJ/);
      expect(firstOutput()).toMatch(/Mail inbox +http:\/\/127\.0\.0\.1:\d+\/mail/);

      const second = runBackend(dataDir);
      const secondOutput = outputOf(second);
      expect(await exitCodeOf(second)).toBe(1);
      expect(secondOutput()).toContain(`The data folder ${dataDir} is in use by another local backend`);
    } finally {
      first.kill('SIGTERM');
    }
    expect(await firstExit).toBe(0);
    expect(existsSync(join(dataDir, '.lock'))).toBe(false);
  }, 90_000);
});

describe('in a script of its own', () => {
  it('lets the script end once stopped, after a password was hashed', async () => {
    // A bench or a seeding script starts the backend in its own process: once stopped, nothing it started
    // may keep that process running (the password workers did, once a sign-up had used one).
    const dir = await newDataDir();
    const script = join(dir, 'sign-up-and-stop.mts');
    await writeFile(
      script,
      `import { startBackend } from ${JSON.stringify(join(packageDir, 'src/backend.ts'))};
const backend = await startBackend({ dataDir: 'memory://', port: 0 });
const response = await fetch(backend.url + '/auth/v1/signup', {
  method: 'POST',
  headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'script@example.com', password: 'a long enough password' }),
});
console.log('signed up', response.status);
await backend.stop();
`,
    );
    const child = spawn(join(packageDir, 'node_modules/.bin/tsx'), [script], { cwd: packageDir });
    const output = outputOf(child);
    const exited = await Promise.race([
      exitCodeOf(child),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000)),
    ]);
    child.kill('SIGKILL');
    expect(output()).toContain('signed up 200');
    expect(exited).toBe(0);
  }, 60_000);
});
