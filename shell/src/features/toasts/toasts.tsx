import { useEffect, useState } from 'react';

type Sonner = typeof import('sonner');
type ToastKind = 'success' | 'error';

const waiting: { kind: ToastKind; message: string }[] = [];
const wanted = new Set<() => void>();
let sonner: Promise<Sonner> | undefined;
let shown = false;

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    sonner.catch(() => {
      sonner = undefined; // offline without the file cached yet: the next toast tries again
    });
    for (const want of wanted) want();
  }
  return sonner;
}

async function showWaiting(): Promise<void> {
  const { toast } = await loadSonner();
  if (!shown) return;
  for (const { kind, message } of waiting.splice(0)) toast[kind](message);
}

/**
 * Waits before fetching the toast library again. 'Back online' fetches it at the moment the connection
 * returns, when the first requests can still fail (tests/e2e/break-offline-theme.spec.ts): the toast
 * waits and the library is fetched again, rather than the toast being lost.
 */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];

function showWaitingOrRetry(attempt: number): void {
  showWaiting().catch((error: unknown) => {
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) console.error('Toasts could not be shown', error);
    else setTimeout(() => showWaitingOrRetry(attempt + 1), delay);
  });
}

/**
 * Shows a toast ('Back online', 'Signed out successfully'). The toast library is fetched with the first
 * one, so it is not part of the first paint; toasts asked for meanwhile show once it is here.
 */
export function showToast(kind: ToastKind, message: string): void {
  waiting.push({ kind, message });
  showWaitingOrRetry(0);
}

/** Where toasts appear, rendered once the first toast is asked for. */
export function Toasts() {
  const [Toaster, setToaster] = useState<Sonner['Toaster']>();
  useEffect(() => {
    const render = () => {
      loadSonner().then(
        (module) => setToaster(() => module.Toaster),
        () => {},
      );
    };
    wanted.add(render);
    if (sonner) render();
    return () => {
      wanted.delete(render);
    };
  }, []);
  useEffect(() => {
    if (!Toaster) return;
    // The Toaster listens from its own effect, which has run by now: the waiting toasts can go.
    shown = true;
    void showWaiting();
    return () => {
      shown = false;
    };
  }, [Toaster]);
  return Toaster ? <Toaster theme="dark" position="bottom-right" /> : null;
}
