import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { buttonClass } from './button.tsx';
import styles from './dialogs.module.css';
import type { ConfirmDialogProps, DialogFrameProps, PromptDialogProps } from './dialogs.tsx';

/**
 * Focus goes back to what had it when the dialog opened. Radix returns it only to a `Dialog.Trigger`,
 * and these dialogs are opened from buttons and menu items the caller owns.
 */
function useFocusReturn(first?: RefObject<HTMLElement | null>) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (!first?.current) return;
      event.preventDefault();
      first.current.focus();
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnTo.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}

export function RadixConfirmDialog({
  open,
  onOpenChange,
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  irreversible = false,
}: ConfirmDialogProps) {
  // The question is answered from the keyboard: Enter confirms, unless it cannot be undone.
  const confirm = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const focus = useFocusReturn(irreversible ? cancel : confirm);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          role="alertdialog"
          className={styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onOpenAutoFocus={focus.onOpenAutoFocus}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <div className={styles.actions}>
            <Dialog.Close ref={cancel} className={buttonClass()}>
              {cancelLabel}
            </Dialog.Close>
            <button
              type="button"
              ref={confirm}
              className={buttonClass('primary')}
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PromptForm({
  label,
  defaultValue,
  confirmLabel,
  cancelLabel = 'Cancel',
  onSubmit,
  onOpenChange,
  validate,
  suggestions = [],
}: PromptDialogProps) {
  const [value, setValue] = useState(defaultValue);
  const suggestionsId = useId();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = validate?.(value) ?? null;
    setError(refused);
    if (refused !== null) return;
    onOpenChange(false);
    onSubmit(value);
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label className={styles.label}>
        {label}
        <input
          className={styles.input}
          value={value}
          aria-invalid={error !== null || undefined}
          onChange={(event) => setValue(event.target.value)}
          onFocus={(event) => event.target.select()}
          list={suggestions.length > 0 ? suggestionsId : undefined}
        />
      </label>
      {suggestions.length > 0 && (
        <datalist id={suggestionsId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Dialog.Close type="button" className={buttonClass()}>
          {cancelLabel}
        </Dialog.Close>
        <button type="submit" className={buttonClass('primary')}>
          {confirmLabel}
        </button>
      </div>
    </form>
  );
}

export function RadixPromptDialog(props: PromptDialogProps) {
  const focus = useFocusReturn();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onOpenAutoFocus={focus.onOpenAutoFocus}
        >
          <Dialog.Title className={styles.title}>{props.title}</Dialog.Title>
          {/* Mounted per opening: the field starts from the current value each time. */}
          <PromptForm {...props} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function RadixDialogFrame({
  open,
  onOpenChange,
  title,
  heading,
  closeLabel = 'Close',
  size = 'regular',
  children,
}: DialogFrameProps) {
  const focus = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={size === 'wide' ? `${styles.overlay} ${styles.wide}` : styles.overlay} />
        <Dialog.Content
          className={size === 'wide' ? `${styles.content} ${styles.wide}` : styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onOpenAutoFocus={focus.onOpenAutoFocus}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title} aria-label={title}>
              {heading ?? title}
            </Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={closeLabel}>
              ×
            </Dialog.Close>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
