import type { ReactNode } from 'react';
import { DialogFrame } from 'shared-kernel';

/** A modal's state and content. */
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}

/**
 * The settings area's modal: the kernel's wide dialog frame (focus trapped, Escape and the close button
 * dismiss it), so the questions it asks (ConfirmDialog) are the same Radix and take the focus from it.
 * Renders nothing until it first opens; it shows once its code has arrived.
 */
export function Modal(props: ModalProps) {
  return <DialogFrame {...props} size="wide" />;
}
