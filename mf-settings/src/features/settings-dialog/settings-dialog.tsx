import * as Tabs from '@radix-ui/react-tabs';
import { type ComponentType, useState } from 'react';
import { type AreaProps, messages, useBusEvent } from 'shared-kernel';
import { Modal } from '../../lib/modal.tsx';
import { AccountTab } from '../account-tab/index.ts';
import { AdvancedTab } from '../advanced-tab/index.ts';
import { AppearanceTab } from '../appearance-tab/index.ts';
import { EditorTab } from '../editor-tab/index.ts';
import { NotificationsTab } from '../notifications-tab/index.ts';
import { PlansTab } from '../plans-tab/index.ts';
import { WorkspaceTab } from '../workspace-tab/index.ts';
import styles from './settings-dialog.module.css';

const tabs = messages.settings.tabs;
type SettingsTab = (typeof tabs)[number];

function isSettingsTab(name: string | undefined): name is SettingsTab {
  return tabs.some((tab) => tab === name);
}

/** The content of each tab but Plans (which also hears how a checkout ended). */
const TAB_PANELS: Partial<Record<SettingsTab, ComponentType<AreaProps>>> = {
  Account: AccountTab,
  Appearance: AppearanceTab,
  Editor: EditorTab,
  Workspace: WorkspaceTab,
  Notifications: NotificationsTab,
  Advanced: AdvancedTab,
};

/** The settings dialog, opened from the Profile button or Cmd/Ctrl+comma through the bus. */
export function SettingsDialog(props: AreaProps) {
  const { bus, backend, user } = props;
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<SettingsTab>('Account');
  const [checkout, setCheckout] = useState<'success' | 'canceled' | undefined>();
  useBusEvent(bus, 'settings.open', (event) => {
    if (isSettingsTab(event.tab)) setTab(event.tab);
    setCheckout(event.checkout);
    setOpen(true);
  });

  return (
    <Modal open={open} onOpenChange={setOpen} title="Settings">
      <Tabs.Root
        className={styles.tabs}
        value={tab}
        onValueChange={(value) => isSettingsTab(value) && setTab(value)}
        orientation="vertical"
      >
        <Tabs.List className={styles.list} aria-label="Settings">
          {tabs.map((name) => (
            <Tabs.Trigger key={name} value={name} className={styles.trigger}>
              {name}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((name) => {
          const Panel = TAB_PANELS[name];
          return (
            <Tabs.Content key={name} value={name} className={styles.content}>
              <h3 className={styles.heading}>{name}</h3>
              {Panel && <Panel {...props} />}
              {name === 'Plans' && <PlansTab backend={backend} user={user} checkout={checkout} />}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </Modal>
  );
}
