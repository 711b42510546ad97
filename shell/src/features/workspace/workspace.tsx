import type { User } from '@supabase/supabase-js';
import { useState } from 'react';
import { type AreaProps, useBusEvent, type WorkspaceClient } from 'shared-kernel';
import { UserMenu } from '../auth/index.ts';
import { BreakScreen } from '../break-screen/index.ts';
import { WorkspaceLayout } from '../layout/workspace-layout.tsx';
import { LoadingScreen } from '../loading/index.ts';
import { takeWelcome } from '../loading/welcome.ts';
import { OfflineBadge, useBackOnlineToast } from '../offline/offline-badge.tsx';
import { useShortcuts } from '../shortcuts/use-shortcuts.ts';
import styles from './workspace.module.css';

/** The signed-in workspace: the layout of areas, the keyboard, the connection state, the break. */
export function Workspace({
  areaProps,
  user,
  client,
}: {
  areaProps: AreaProps;
  user: User;
  client: WorkspaceClient;
}) {
  const { bus } = areaProps;
  const [onBreak, setOnBreak] = useState(false);
  const [welcome, setWelcome] = useState(takeWelcome);
  useShortcuts(bus);
  useBackOnlineToast();
  useBusEvent(bus, 'break.start', () => setOnBreak(true));

  return (
    <>
      <WorkspaceLayout areaProps={areaProps} />
      <div className={styles.userMenu}>
        <UserMenu user={user} client={client} bus={bus} />
      </div>
      <OfflineBadge />
      {onBreak && <BreakScreen onExit={() => setOnBreak(false)} />}
      {welcome && <LoadingScreen onDone={() => setWelcome(false)} />}
    </>
  );
}
