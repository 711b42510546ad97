import type { AreaProps } from 'shared-kernel';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import styles from './workspace-layout.module.css';

/**
 * Places every area's parcels: folders and writings on the left, the editor in the centre, ideas and
 * chat stacked on the right, the dialogs above everything (they render only when opened).
 */
export function WorkspaceLayout({ areaProps }: { areaProps: AreaProps }) {
  return (
    <div className={styles.workspace}>
      <aside className={styles.sidebar} aria-label="Writings">
        <RemoteSlot area="writings" parcel="Sidebar" label="Writings" areaProps={areaProps} />
      </aside>
      <main className={styles.editor} aria-label="Editor">
        <RemoteSlot area="writings" parcel="Editor" label="Editor" areaProps={areaProps} />
      </main>
      <aside className={styles.right} aria-label="Ideas and chat">
        <section className={styles.panel} aria-label="Ideas">
          <RemoteSlot area="ideas" parcel="IdeasPanel" label="Ideas" areaProps={areaProps} />
        </section>
        <section className={styles.panel} aria-label="Chat">
          <RemoteSlot area="chat" parcel="ChatPanel" label="Chat" areaProps={areaProps} />
        </section>
      </aside>
      <RemoteSlot
        area="settings"
        parcel="SettingsDialog"
        label="Settings"
        areaProps={areaProps}
        className={styles.overlay}
      />
      <RemoteSlot
        area="settings"
        parcel="PricingDialog"
        label="Pricing"
        areaProps={areaProps}
        className={styles.overlay}
      />
    </div>
  );
}
