import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId } from 'react';
import styles from './controls.module.css';

/** A labelled choice among a few options (Radix RadioGroup), laid out in a row. */
export function RadioField<Value extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onValueChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <span className={styles.label} id={id}>
        {label}
      </span>
      <RadioGroup.Root
        className={styles.radios}
        value={value}
        aria-labelledby={id}
        orientation="horizontal"
        onValueChange={(next) => {
          const option = options.find((candidate) => candidate.value === next);
          if (option) onValueChange(option.value);
        }}
      >
        {options.map((option) => (
          <span key={option.value} className={styles.radio}>
            <RadioGroup.Item className={styles.radioItem} value={option.value} id={`${id}-${option.value}`}>
              <RadioGroup.Indicator className={styles.radioIndicator} />
            </RadioGroup.Item>
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </span>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
