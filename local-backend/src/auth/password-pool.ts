import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** One bcrypt job for a worker. */
type Job =
  | { kind: 'hash'; password: string; cost: number }
  | { kind: 'compare'; password: string; hash: string };

interface Pending {
  job: Job;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * The worker's code, evaluated as CommonJS: a plain string, because the backend runs as TypeScript
 * through tsx or Vitest and a worker started from a `.ts` file would get neither. It runs bcryptjs's
 * synchronous functions, which are the fastest ones once they no longer hold up the event loop.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', (job) => {
  try {
    const result = job.kind === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});`;

const bcryptjsPath = createRequire(import.meta.url).resolve('bcryptjs');

/**
 * Runs bcrypt in worker threads, one per core, so password checks no longer run on the event loop:
 * bcryptjs on the main thread took ~70 ms of it per check, and 200 sign-ins at once held every other
 * request for seconds. Jobs wait in order for a free worker. Workers start on first use and do not keep
 * the process alive; one that dies is replaced and its job fails.
 */
export function createPasswordPool({ size = availableParallelism() }: { size?: number } = {}) {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let started = 0;

  const dispatch = () => {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (started < size ? spawn() : undefined);
      const pending = worker && queue.shift();
      if (!worker || !pending) return;
      busy.set(worker, pending);
      worker.postMessage(pending.job);
    }
  };

  const spawn = () => {
    started += 1;
    const worker = new Worker(workerSource, { eval: true, workerData: { bcryptjs: bcryptjsPath } });
    worker.on('message', (message: { result?: string | boolean; error?: string }) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      idle.push(worker);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(message.result ?? false);
      dispatch();
    });
    // `unknown` in newer Node typings (a worker can throw anything), Error in older ones.
    worker.on('error', (error: unknown) => {
      busy.get(worker)?.reject(error instanceof Error ? error : new Error(String(error)));
      busy.delete(worker);
    });
    worker.on('exit', () => {
      busy.get(worker)?.reject(new Error('password worker exited'));
      busy.delete(worker);
      const index = idle.indexOf(worker);
      if (index >= 0) idle.splice(index, 1);
      started -= 1;
      dispatch();
    });
    // Last: adding a 'message' listener refs the worker's port again, and kept a stopped backend's
    // process (a bench, a script) running for good.
    worker.unref();
    return worker;
  };

  const run = <T extends string | boolean>(job: Job) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ job, resolve: resolve as Pending['resolve'], reject });
      dispatch();
    });

  return {
    hash: (password: string, cost: number) => run<string>({ kind: 'hash', password, cost }),
    compare: (password: string, hash: string) => run<boolean>({ kind: 'compare', password, hash }),
  };
}
