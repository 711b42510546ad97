import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import type { User } from 'shared-kernel';
import {
  type AreaProps,
  ON_DEMAND_PARCELS,
  syncPreferencesWithAccount,
  useBusEvent,
  type WorkspaceClient,
} from 'shared-kernel';
import { OnDemandSlot } from '../../remotes/on-demand-slot.tsx';
import { RemoteSlot } from '../../remotes/remote-slot.tsx';
import { UserMenu } from '../auth/index.ts';
import { loadBreakScreen } from '../break-screen/index.ts';
import { WorkspaceLayout } from '../layout/index.ts';
import { LoadingScreen, takeWelcome } from '../loading/index.ts';
import { AppBanner, MobileWorkspace, MobileWritings, useIsMobile } from '../mobile/index.ts';
import { OfflineBadge, requestPersistentStorage, useBackOnlineToast } from '../offline/index.ts';
import { SearchOverlay, type SearchResult, searchWorkspace, useSearchOpening } from '../search/index.ts';
import { useShortcuts } from '../shortcuts/index.ts';
import { playSound } from '../sound/index.ts';
import { showToast } from '../toasts/index.ts';
import { useCheckoutReturn } from './use-checkout-return.ts';
import styles from './workspace.module.css';

/** The phone layout: one area at a time, the same parcels. */
function MobileAreas({ areaProps, accessory }: { areaProps: AreaProps; accessory: ReactNode }) {
  return (
    <MobileWorkspace
      bus={areaProps.bus}
      accessory={accessory}
      renderArea={(area) =>
        area === 'writings' ? (
          <MobileWritings
            bus={areaProps.bus}
            list={<RemoteSlot area="writings" parcel="Sidebar" label="Writings" areaProps={areaProps} />}
            writing={<RemoteSlot area="writings" parcel="Editor" label="Editor" areaProps={areaProps} />}
          />
        ) : area === 'ideas' ? (
          <RemoteSlot area="ideas" parcel="IdeasPanel" label="Ideas" areaProps={areaProps} />
        ) : (
          <RemoteSlot area="chat" parcel="ChatPanel" label="Chat" areaProps={areaProps} />
        )
      }
    />
  );
}

/**
 * The signed-in workspace: the areas (the desktop layout, or the mobile view on small screens), the
 * dialogs, the keyboard, search, the connection state and the break screen.
 */
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
  const mobile = useIsMobile();
  const [BreakScreen, setBreakScreen] = useState<Awaited<ReturnType<typeof loadBreakScreen>>>();
  const { searching, onOpenChange: setSearching, takeTyped } = useSearchOpening(bus);
  const [welcome, setWelcome] = useState(takeWelcome);
  useShortcuts(bus);
  useBackOnlineToast();
  useCheckoutReturn(bus);
  useBusEvent(bus, 'break.start', () => {
    loadBreakScreen().then(
      (screen) => setBreakScreen(() => screen),
      (error: unknown) => console.error('The break screen could not be loaded', error),
    );
  });
  useEffect(() => {
    requestPersistentStorage().catch(() => undefined); // without it, storage may be evicted: nothing to tell
  }, []);
  useBusEvent(bus, 'toast.show', ({ tone, text }) => showToast(tone, text));
  useBusEvent(bus, 'sound.play', ({ sound }) => playSound(sound));
  // The appearance and editor settings follow the writer from device to device (issue 16).
  useEffect(() => syncPreferencesWithAccount({ client, metadata: user.user_metadata }), [client, user.id]);

  const search = useCallback(
    (query: string, signal: AbortSignal) => searchWorkspace(client, query, signal),
    [client],
  );
  const choose = (result: SearchResult) => {
    setSearching(false);
    if (result.source === 'writing') bus.emit({ type: 'writings.open', writingId: result.id });
    else bus.emit({ type: 'ideas.open', ideaId: result.id });
  };

  return (
    <>
      {mobile ? (
        <Suspense fallback={null}>
          <div className={styles.mobile}>
            <AppBanner />
            <MobileAreas
              areaProps={areaProps}
              accessory={<UserMenu user={user} client={client} bus={bus} />}
            />
          </div>
        </Suspense>
      ) : (
        <WorkspaceLayout
          areaProps={areaProps}
          accessory={<UserMenu user={user} client={client} bus={bus} />}
        />
      )}
      {ON_DEMAND_PARCELS.map((parcel) => (
        <OnDemandSlot
          key={`${parcel.area}/${parcel.parcel}`}
          parcel={parcel}
          areaProps={areaProps}
          className={styles.dialogSlot}
        />
      ))}
      <OfflineBadge />
      <Suspense fallback={null}>
        {searching && (
          <SearchOverlay
            open
            onOpenChange={setSearching}
            search={search}
            onChoose={choose}
            takeTyped={takeTyped}
          />
        )}
        {BreakScreen && <BreakScreen onExit={() => setBreakScreen(undefined)} />}
        {welcome && <LoadingScreen onDone={() => setWelcome(false)} />}
      </Suspense>
    </>
  );
}
