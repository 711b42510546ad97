import { lazy, type ReactNode, Suspense, useState } from 'react';

/** A modal's state and content. */
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

// Fetched when a dialog first opens rather than with the page: the dialogs of this area are mounted
// (closed) from the first paint, and Radix's dialog machinery is about 13 KB gzip of it (ARCHITECTURE.md,
// initial JS budget).
const ModalDialog = lazy(() =>
  import('./modal-dialog.tsx').then((module) => ({ default: module.ModalDialog })),
);

/**
 * The settings area's modal: focus trapped, Escape and the close button dismiss it. Renders nothing
 * until it first opens.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
