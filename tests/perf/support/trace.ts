// Recording and reading a Chromium performance trace (browser.startTracing / stopTracing) for the benches.
import type { Browser, Page } from '@playwright/test';

/** DevTools' timeline without the sampling profiler, which slows a page down by more than half. */
const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'toplevel',
  'v8.execute',
];

/** Runs `run` with `page` traced as DevTools' timeline records it, the trace saved at `path`. */
export async function timelineTraced<T>(browser: Browser, page: Page, path: string, run: () => Promise<T>) {
  await browser.startTracing(page, { path, categories: TIMELINE_CATEGORIES });
  try {
    return await run();
  } finally {
    await browser.stopTracing();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The events of a trace's renderer main thread (the page's own thread). */
function mainThreadEvents(trace: string | Buffer): TraceEvent[] {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  const threads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  if (threads.size === 0) throw new Error('no renderer main thread in the trace');
  return traceEvents.filter((event) => threads.has(`${event.pid}:${event.tid}`));
}

/**
 * The renderer main thread's CPU time in each frame of a trace, in ms: the thread time of its tasks
 * between one animation frame callback and the next (a bench that scrolls in one every frame).
 */
export function mainThreadCpuPerFrame(trace: string | Buffer): number[] {
  const onMain = mainThreadEvents(trace);
  const frameStarts = onMain
    .filter((event) => event.name === 'FireAnimationFrame')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const tasks = onMain
    .filter((event) => event.name === 'RunTask' && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const cpu = new Array<number>(Math.max(0, frameStarts.length - 1)).fill(0);
  let frame = 0;
  for (const task of tasks) {
    while (frame < cpu.length && task.ts >= (frameStarts[frame + 1] ?? Number.POSITIVE_INFINITY)) frame += 1;
    if (frame >= cpu.length) break;
    if (task.ts >= (frameStarts[frame] ?? 0)) cpu[frame] = (cpu[frame] ?? 0) + (task.tdur ?? 0) / 1000;
  }
  return cpu;
}

/**
 * The renderer main thread's busiest steps, by self time (a step's time minus the steps inside it)
 * divided by `per` (keystrokes, frames), top `count`. Tracing itself slows the page, so these add up to
 * more than untraced timings; they say where the time goes (script, style, layout, paint).
 */
export function traceBreakdown(trace: string | Buffer, per: number, count = 8): [string, number][] {
  const steps = mainThreadEvents(trace)
    .filter((event) => event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const open: { name: string; end: number }[] = [];
  for (const step of steps) {
    const duration = (step.dur ?? 0) / 1000 / per;
    while (open.length > 0 && (open.at(-1)?.end ?? 0) <= step.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - duration);
    self.set(step.name, (self.get(step.name) ?? 0) + duration);
    open.push({ name: step.name, end: step.ts + (step.dur ?? 0) });
  }
  self.delete('RunTask'); // the scheduler's wrapper around every task
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
}
