import type { ButtonHTMLAttributes } from 'react';
import styles from './primitives.module.css';

/**
 * The class that gives a small control (an icon, a compact button) a target a finger can hit on a touch
 * screen, without changing how it is drawn or laid out.
 */
export const touchTargetClass: string = styles.touchTarget ?? '';

/** The class of a {@link Button}, for a control that must render its own element (a dialog's Close). */
export function buttonClass(variant: 'primary' | 'secondary' = 'secondary'): string {
  return `${variant === 'primary' ? styles.primaryButton : styles.button} ${touchTargetClass}`;
}

/**
 * A text button of the workspace: `primary` for the main action of its place (Send, Confirm), otherwise a
 * quiet bordered one (New chat, Cancel). A plain button unless `type` says otherwise.
 */
export function Button({
  variant,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  const classes = [buttonClass(variant), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}
