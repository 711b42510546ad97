// The settings area's labelled form controls over Radix primitives.

export { default as formStyles } from './controls.module.css';
export { RadioField } from './radio-field.tsx';
export { SliderField } from './slider-field.tsx';
export { SwitchField } from './switch-field.tsx';
