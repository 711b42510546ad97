import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { type AreaProps, messages, useBusEvent } from 'shared-kernel';
import { Modal } from '../../lib/modal.tsx';
import { PlansTab } from '../plans-tab/index.ts';
import styles from './settings-dialog.module.css';

const tabs = messages.settings.tabs;
type SettingsTab = (typeof tabs)[number];

function isSettingsTab(name: string | undefined): name is SettingsTab {
  return tabs.some((tab) => tab === name);
}

/** The settings dialog, opened from the Profile button or Cmd/Ctrl+comma through the bus. */
export function SettingsDialog({ bus, backend, user }: AreaProps) {
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
        {tabs.map((name) => (
          <Tabs.Content key={name} value={name} className={styles.content}>
            <h3 className={styles.heading}>{name}</h3>
            {name === 'Plans' && <PlansTab backend={backend} user={user} checkout={checkout} />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Modal>
  );
}
