/**
 * Oversized and hostile requests against the local backend (not a timed test). Budget (docs/architecture.md, Budgets):
 * under any oversized request other requests keep p95 <= 250 ms; no request stalls other clients for
 * more than a second. While each attack runs, an unrelated client reads a page of its writings over
 * REST every 20 ms; its p50, p95 and worst latency are printed beside the same figures with no attack.
 * Attacks: a 50 MB body to /rest/v1/writings and to /auth/v1/token, a chunked 300 MB upload to the
 * upload-image function, a regular expression too complex for the engine (sent twice), and, for
 * scale, the largest write a writer legitimately sends (a 100,000-word writing, ~2 MB).
 * Run from the repository root: `pnpm bench:backend`.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient } from '../tests/auth-test-support.ts';
import { sendRaw } from '../tests/raw-upload-support.ts';

const MiB = 1024 * 1024;
const PROBE_INTERVAL_MS = 20;

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

/** Reads the list every PROBE_INTERVAL_MS until `attack` settles; the latencies of those reads. */
async function probeDuring(read: () => Promise<number>, attack: () => Promise<string>) {
  const latencies: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      const status = await read();
      if (status !== 200) throw new Error(`the unrelated read answered ${status}`);
      latencies.push(performance.now() - start);
      await new Promise((next) => setTimeout(next, PROBE_INTERVAL_MS));
    }
  })();
  // Let the prober take a few samples first, then attack, then a few more samples.
  await new Promise((next) => setTimeout(next, 200));
  const start = performance.now();
  const outcome = await attack();
  const attackMs = performance.now() - start;
  await new Promise((next) => setTimeout(next, 200));
  done = true;
  await probe;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    outcome,
    attackMs,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    worst: sorted.at(-1) ?? 0,
  };
}

async function main(backend: Backend) {
  const { data, error } = await createTestClient(backend).auth.signInWithPassword({
    email: 'demo@example.com',
    password: 'demo-password',
  });
  if (error || !data.session) throw new Error(`demo sign-in failed: ${error?.message}`);
  const { access_token: token, user } = data.session;
  const headers = { apikey: backend.anonKey, authorization: `Bearer ${token}` };
  const agent = new Agent({ keepAlive: true });
  const listUrl = `${backend.url}/rest/v1/writings?select=id,title,updated_at&user_id=eq.${user.id}&order=updated_at.desc&limit=20`;
  const read = () => get(agent, listUrl, headers);

  const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'word '.repeat(20).trim() }] };
  const longWriting = JSON.stringify({
    title: 'A 100,000-word writing',
    content: { type: 'doc', content: Array.from({ length: 5000 }, () => paragraph) },
  });
  const regex = encodeURIComponent('(a{1,255}){1,255}b');
  const attacks: Array<[string, () => Promise<string>]> = [
    ['nothing (floor)', async () => new Promise((done) => setTimeout(() => done('-'), 1000))],
    [
      '50 MB body to /rest/v1/writings',
      async () =>
        String(
          (
            await sendRaw(
              `${backend.url}/rest/v1/writings`,
              { chunked: 50 * MiB, json: ['{"title":"Big","content":{"text":"', '"}}'] },
              headers,
              60_000,
            )
          ).status,
        ),
    ],
    [
      '50 MB body to /auth/v1/token',
      async () =>
        String(
          (
            await sendRaw(
              `${backend.url}/auth/v1/token?grant_type=password`,
              { chunked: 50 * MiB, json: ['{"email":"demo@example.com","password":"', '"}'] },
              headers,
              60_000,
            )
          ).status,
        ),
    ],
    [
      'chunked 300 MB to upload-image',
      async () =>
        String(
          (
            await sendRaw(
              `${backend.url}/functions/v1/upload-image`,
              { chunked: 300 * MiB },
              {
                ...headers,
                'content-type': 'multipart/form-data; boundary=x',
              },
            )
          ).status,
        ),
    ],
    [
      'too complex regex, sent twice',
      async () => {
        const url = `${backend.url}/rest/v1/ideas?select=id&content=match.${regex}`;
        return `${await get(agent, url, headers)} ${await get(agent, url, headers)}`;
      },
    ],
    [
      `a 100,000-word writing (${(longWriting.length / MiB).toFixed(1)} MB)`,
      async () => {
        const response = await fetch(`${backend.url}/rest/v1/writings`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', prefer: 'tx=rollback' },
          body: longWriting,
        });
        return String(response.status);
      },
    ],
  ];

  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log("\nAn unrelated REST read (20 of a user's writings) every 20 ms while each request runs");
  console.log(
    `  ${'request'.padEnd(42)} ${'answer'.padEnd(8)} ${'its time'.padStart(10)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'worst'.padStart(10)}`,
  );
  for (const [label, attack] of attacks) {
    const result = await probeDuring(read, attack);
    console.log(
      `  ${label.padEnd(42)} ${result.outcome.padEnd(8)} ${ms(result.attackMs)} ${ms(result.p50)} ${ms(result.p95)} ${ms(result.worst)}`,
    );
  }
  console.log('  budget: p95 <= 250 ms, worst <= 1000 ms (docs/architecture.md)');
  agent.destroy();
}

const backend = await startBackend({ dataDir: 'memory://', port: 0 });
try {
  await main(backend);
} finally {
  await backend.stop();
}
