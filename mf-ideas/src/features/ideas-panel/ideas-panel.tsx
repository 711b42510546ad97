import { useCallback } from 'react';
import {
  type AreaProps,
  EmptyState,
  messages,
  Panel,
  pendingSyncText,
  useBusEvent,
  type WorkspaceClient,
} from 'shared-kernel';
import {
  createIdeasStore,
  IdeasStoreContext,
  serverWrites,
  useIdeasState,
  useIdeasStoreFor,
  useStore,
} from '../ideas-store/index.ts';
import { offlineIdeaWrites } from '../offline-ideas/index.ts';
import { CategoryBar } from './category-bar.tsx';
import { Composer } from './composer.tsx';
import { IdeasList } from './ideas-list.tsx';
import styles from './ideas-panel.module.css';
import { SelectionBar } from './selection-bar.tsx';

function Notice() {
  const store = useStore();
  const notice = useIdeasState((state) => state.notice);
  const pending = useIdeasState((state) => state.pending);
  return (
    <>
      {notice && (
        <div role="alert" className={styles.notice}>
          <span>{notice}</span>
          <button type="button" onClick={() => store.notify(null)} aria-label={messages.ideas.dismiss}>
            ×
          </button>
        </div>
      )}
      {pending > 0 && <p className={styles.pending}>{pendingSyncText(pending)}</p>}
    </>
  );
}

function SelectedCount() {
  const count = useIdeasState((state) => state.selectedIds.size);
  return count > 0 ? <span className={styles.count}>{messages.ideas.selectedCount(count)}</span> : null;
}

/** The panel's body, over the signed-in writer's store. */
function IdeasBody({ bus }: Pick<AreaProps, 'bus'>) {
  const store = useStore();
  useBusEvent(bus, 'ideas.open', ({ ideaId }) => void store.reveal(ideaId));
  return (
    <div className={styles.body}>
      <CategoryBar />
      <SelectionBar bus={bus} />
      <Notice />
      <IdeasList />
      <Composer />
    </div>
  );
}

/** The store of the signed-in writer, its writes kept on this device first. */
function openKeptOnDevice({ client, userId }: { client: WorkspaceClient; userId: string }) {
  return createIdeasStore({
    client,
    userId,
    writes: offlineIdeaWrites(client, userId, serverWrites(client, userId)),
  });
}

/**
 * The ideas inbox: header with the selected count, category chips, the ideas grouped by date, and the
 * capture composer. `openStore` makes the store (tests and the offline store choose where writes go).
 */
export function IdeasPanel({
  bus,
  backend,
  user,
  openStore = openKeptOnDevice,
}: AreaProps & { openStore?: typeof createIdeasStore }) {
  const open = useCallback(openStore, [openStore]);
  const store = useIdeasStoreFor({ backend, user, open });
  return (
    <Panel
      title={messages.ideas.title}
      arrangement={{ bus, panel: 'ideas' }}
      actions={
        store && (
          <IdeasStoreContext.Provider value={store}>
            <SelectedCount />
          </IdeasStoreContext.Provider>
        )
      }
    >
      {store ? (
        <IdeasStoreContext.Provider value={store}>
          <IdeasBody bus={bus} />
        </IdeasStoreContext.Provider>
      ) : (
        <EmptyState title={messages.ideas.empty} />
      )}
    </Panel>
  );
}
