/**
 * Auth flood benchmark (not a timed test; prints numbers, asserts nothing). Budget (issue 10): while
 * 200 failed sign-ins run at once, an unrelated REST read keeps p95 <= 250 ms.
 * Run: `pnpm --filter local-backend exec tsx bench/auth-flood.bench.ts` (part of `pnpm bench:backend`).
 *
 * Two floods of 200 concurrent wrong-password sign-ins, each while a signed-in reader reads 20 writings
 * over REST every 10 ms:
 * - from one client (one socket address): the per-client limits answer most of them at once;
 * - from 200 clients (the backend trusts `X-Forwarded-For`, each request names another address) and
 *   200 addresses, so no limit applies and every password is compared: the hashing cost itself.
 * The reader's latency without any flood is printed first, for comparison.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient } from '../tests/auth-test-support.ts';

const SIGN_INS = 200;
const BUDGET_P95_MS = 250;

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

function send(
  agent: Agent,
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(url, { agent, method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Reads every 10 ms until `until` settles, returning each read's milliseconds. The pause makes the
 * reader another user rather than a load generator competing with the hashing for the cores.
 */
async function readWhile(read: () => Promise<void>, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  until.finally(() => {
    done = true;
  });
  const durations: number[] = [];
  while (!done) {
    const start = performance.now();
    await read();
    durations.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return durations;
}

function summary(label: string, durations: number[]) {
  const sorted = [...durations].sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  const verdict = p95 <= BUDGET_P95_MS ? 'within' : 'OVER';
  console.log(
    `  ${label.padEnd(44)} reads ${String(sorted.length).padStart(5)}   p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   max ${(sorted.at(-1) ?? Number.NaN).toFixed(1).padStart(7)} ms   (${verdict} budget ${BUDGET_P95_MS} ms)`,
  );
}

async function main(backend: Backend) {
  const { data, error } = await createTestClient(backend).auth.signInWithPassword({
    email: 'demo@example.com',
    password: 'demo-password',
  });
  if (error || !data.session) throw new Error(`demo sign-in failed: ${error?.message}`);
  const readerAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const readUrl = `${backend.url}/rest/v1/writings?select=id,title&order=created_at.desc&limit=20`;
  const readHeaders = { apikey: backend.anonKey, authorization: `Bearer ${data.session.access_token}` };
  const read = async () => {
    const response = await send(readerAgent, readUrl, { headers: readHeaders });
    if (response.status !== 200) throw new Error(`REST read answered ${response.status}`);
  };

  const floodAgent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const flood = async (clients: 'one' | 'many') => {
    const statuses = new Map<number, number>();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: SIGN_INS }, async (_, index) => {
        const headers: Record<string, string> = {
          apikey: backend.anonKey,
          'content-type': 'application/json',
        };
        if (clients === 'many') headers['x-forwarded-for'] = `10.0.${index >> 8}.${index & 255}`;
        const email = clients === 'many' ? `flood-${index}@example.com` : 'demo@example.com';
        const response = await send(floodAgent, `${backend.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email, password: 'not-the-password' }),
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
    return { milliseconds: performance.now() - start, statuses };
  };

  console.log(`\nREST read (20 writings) while ${SIGN_INS} concurrent wrong-password sign-ins run`);
  summary('no flood (2 s)', await readWhile(read, new Promise((resolve) => setTimeout(resolve, 2000))));
  for (const clients of ['one', 'many'] as const) {
    const running = flood(clients);
    const durations = await readWhile(read, running);
    const { milliseconds, statuses } = await running;
    summary(
      `${SIGN_INS} sign-ins from ${clients === 'one' ? 'one client' : `${SIGN_INS} clients`}`,
      durations,
    );
    const answers = [...statuses].map(([status, count]) => `${count}x ${status}`).join(', ');
    console.log(`    the ${SIGN_INS} sign-ins took ${(milliseconds / 1000).toFixed(2)} s (${answers})`);
  }
  readerAgent.destroy();
  floodAgent.destroy();
}

// Trusting X-Forwarded-For lets one process play 200 clients (the "many" flood).
const backend = await startBackend({ dataDir: 'memory://', port: 0, trustProxy: true });
try {
  await main(backend);
} finally {
  await backend.stop();
}
