/**
 * Runs `callback` once the page is idle, or after `timeoutMs` however busy it is, and returns a cancel
 * function. Where the browser has no idle callbacks (Safari, jsdom), after the current task.
 */
export function whenIdle(callback: () => void, { timeoutMs }: { timeoutMs: number }): () => void {
  const { requestIdleCallback: request, cancelIdleCallback: cancel } = globalThis;
  if (typeof request === 'function' && typeof cancel === 'function') {
    const handle = request(callback, { timeout: timeoutMs });
    return () => cancel(handle);
  }
  const timeout = setTimeout(callback, 1);
  return () => clearTimeout(timeout);
}
