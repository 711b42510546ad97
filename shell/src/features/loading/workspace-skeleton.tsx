import type { CSSProperties } from 'react';
import { Bone, PANEL_SIZES } from 'shared-kernel';
import styles from './workspace-skeleton.module.css';

const LEFT_ROWS = 8;
const CENTRE_LINES = 9;
const RIGHT_ROWS = 6;

const rows = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * The workspace's outline while the session is checked (docs/product.md, Auth gate): a list on the
 * left, content in the centre, a list on the right, in the panels' default proportions.
 */
export function WorkspaceSkeleton() {
  return (
    <div
      className={styles.skeleton}
      role="status"
      aria-busy="true"
      aria-label="Loading workspace"
      style={
        {
          '--left-width': `${PANEL_SIZES.main.default}%`,
          '--right-width': `${PANEL_SIZES.right.default}%`,
        } as CSSProperties
      }
    >
      <div className={styles.pane} data-pane="left" aria-hidden>
        <Bone className={styles.heading} />
        {rows(LEFT_ROWS).map((row) => (
          <Bone key={row} className={styles.row} />
        ))}
      </div>
      <div className={`${styles.pane} ${styles.centre}`} data-pane="centre" aria-hidden>
        <Bone className={styles.title} />
        {rows(CENTRE_LINES).map((line) => (
          <Bone key={line} className={styles.line} />
        ))}
      </div>
      <div className={styles.pane} data-pane="right" aria-hidden>
        <Bone className={styles.heading} />
        {rows(RIGHT_ROWS).map((row) => (
          <Bone key={row} className={styles.row} />
        ))}
      </div>
    </div>
  );
}
