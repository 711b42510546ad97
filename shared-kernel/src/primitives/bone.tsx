import styles from './primitives.module.css';

/**
 * A shimmering placeholder block shown where content is still loading (skeletons of lists, the editor,
 * a loading slot). Size and shape come from `className`; it is hidden from assistive technology, so the
 * surrounding region should say that it is loading.
 */
export function Bone({ className }: { className?: string }) {
  return <span className={`${styles.bone} ${className ?? ''}`} aria-hidden />;
}
