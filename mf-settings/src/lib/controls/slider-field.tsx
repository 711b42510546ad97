import * as Slider from '@radix-ui/react-slider';
import { useId } from 'react';
import styles from './controls.module.css';

/** A labelled number setting (Radix Slider) with its value written beside it. */
export function SliderField({
  label,
  value,
  min,
  max,
  step,
  onValueChange,
  format,
  disabled,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onValueChange: (value: number) => void;
  format: (value: number) => string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <span className={styles.label} id={id}>
        {label}
      </span>
      <div className={styles.sliderBox}>
        <Slider.Root
          className={styles.slider}
          value={[value]}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          onValueChange={([next]) => next !== undefined && onValueChange(next)}
        >
          <Slider.Track className={styles.track}>
            <Slider.Range className={styles.range} />
          </Slider.Track>
          <Slider.Thumb className={styles.sliderThumb} aria-labelledby={id} aria-valuetext={format(value)} />
        </Slider.Root>
        <output className={styles.value} aria-hidden="true">
          {format(value)}
        </output>
      </div>
    </div>
  );
}
