/**
 * Runs `callback` once the next frame has been painted (a task after the animation frame), and returns a
 * cancel function. What runs then finds the page laid out: reading a size costs nothing, where the same
 * read in an effect of a first render forces a layout of the whole page that the frame then does again.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}
