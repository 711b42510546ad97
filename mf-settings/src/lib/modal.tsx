import { type ReactNode, useEffect } from 'react';
import { useOnDemand } from 'shared-kernel';

/** A modal's state and content. */
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

// Fetched when a dialog first opens rather than with the page: the dialogs of this area are mounted
// (closed) from the first paint, and Radix's dialog machinery is about 13 KB gzip of it (docs/architecture.md, Budgets).
const loadModalDialog = () => import('./modal-dialog.tsx').then((module) => module.ModalDialog);

/**
 * The settings area's modal: focus trapped, Escape and the close button dismiss it. Renders nothing
 * until it first opens; it shows once its code has arrived.
 */
export function Modal(props: ModalProps) {
  const [ModalDialog, requestModalDialog] = useOnDemand(loadModalDialog);
  useEffect(() => {
    if (props.open) requestModalDialog();
  }, [props.open, requestModalDialog]);
  return ModalDialog ? <ModalDialog {...props} /> : null;
}
