import { type ReactNode, useEffect } from 'react';
import { useOnDemand } from './use-on-demand.ts';

interface DialogBase {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
}

/**
 * A yes-or-no question (Radix Dialog, role `alertdialog`): the confirm button confirms, Escape cancels.
 * The confirm button has the focus (Enter confirms), or Cancel when the action is `irreversible`.
 */
export interface ConfirmDialogProps extends DialogBase {
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /**
   * What it confirms cannot be undone (a deletion): Cancel has the focus, so an Enter pressed once too
   * often (a double press, or the key that asked held down) cancels instead of deleting. Confirming is
   * a click, or Tab then Enter.
   */
  irreversible?: boolean;
}

/** A labelled text field, prefilled: Enter submits, Escape cancels. */
export interface PromptDialogProps extends DialogBase {
  label: string;
  defaultValue: string;
  confirmLabel: string;
  cancelLabel?: string;
  onSubmit: (value: string) => void;
  /** The error shown in the dialog (which stays open) for a value it refuses, or `null`. */
  validate?: (value: string) => string | null;
  /** Values offered as the field is typed in (existing folders, say); any other value may still be typed. */
  suggestions?: readonly string[];
}

/**
 * A modal frame (Radix Dialog) for richer content, such as the share dialog. Every area's dialogs are
 * this one Radix: a question asked from within a dialog (the settings' last question before deleting
 * the account) takes the focus and Escape from it, which a second copy of Radix in an area would not.
 */
export interface DialogFrameProps extends DialogBase {
  /** The heading; `title` names the dialog for screen readers. */
  heading?: ReactNode;
  closeLabel?: string;
  /** 'wide': a large frame whose content lays itself out below a ruled header (the settings). */
  size?: 'regular' | 'wide';
  children: ReactNode;
}

// Fetched when a dialog first opens rather than with the page: these dialogs are mounted (closed) from the
// first paint, and Radix's dialog machinery is about 13 KB gzip of it (docs/architecture.md, Budgets).
const loadDialogs = () => import('./dialogs-radix.tsx');

function useDialogs(open: boolean) {
  const [dialogs, request] = useOnDemand(loadDialogs);
  useEffect(() => {
    if (open) request();
  }, [open, request]);
  return dialogs;
}

/** Renders nothing until it first opens; it shows once its code has arrived. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const dialogs = useDialogs(props.open);
  return dialogs ? <dialogs.RadixConfirmDialog {...props} /> : null;
}

/** Renders nothing until it first opens; it shows once its code has arrived. */
export function PromptDialog(props: PromptDialogProps) {
  const dialogs = useDialogs(props.open);
  return dialogs ? <dialogs.RadixPromptDialog {...props} /> : null;
}

/** Renders nothing until it first opens; it shows once its code has arrived. */
export function DialogFrame(props: DialogFrameProps) {
  const dialogs = useDialogs(props.open);
  return dialogs ? <dialogs.RadixDialogFrame {...props} /> : null;
}
