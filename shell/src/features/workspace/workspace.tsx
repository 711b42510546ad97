import type { AreaProps } from 'shared-kernel';
import { WorkspaceLayout } from '../layout/workspace-layout.tsx';
import { OfflineBadge, useBackOnlineToast } from '../offline/offline-badge.tsx';
import { useShortcuts } from '../shortcuts/use-shortcuts.ts';

/** The signed-in workspace: the layout of areas, the keyboard, and the connection state. */
export function Workspace({ areaProps }: { areaProps: AreaProps }) {
  useShortcuts(areaProps.bus);
  useBackOnlineToast();
  return (
    <>
      <WorkspaceLayout areaProps={areaProps} />
      <OfflineBadge />
    </>
  );
}
