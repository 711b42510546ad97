import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import styles from './controls.module.css';

/** A labelled on/off setting (Radix Switch), with an optional line of explanation under it. */
export function SwitchField({
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.text}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {hint && (
          <p className={styles.hint} id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
      <Switch.Root
        id={id}
        className={styles.switch}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        <Switch.Thumb className={styles.thumb} />
      </Switch.Root>
    </div>
  );
}
