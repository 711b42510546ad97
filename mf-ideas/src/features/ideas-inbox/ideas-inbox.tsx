import { memo } from 'react';
import { type AreaProps, messages, Notice, PendingSync, type WorkspaceClient } from 'shared-kernel';
import {
  createIdeasStore,
  type IdeasStore,
  IdeasStoreContext,
  serverWrites,
  useIdeasState,
  useStore,
} from '../ideas-store/index.ts';
import { offlineIdeaWrites } from '../offline-ideas/index.ts';
import { CategoryBar } from './category-bar.tsx';
import styles from './ideas-inbox.module.css';
import { IdeasList } from './ideas-list.tsx';
import { SelectionBar } from './selection-bar.tsx';

function NoticeAndPending() {
  const store = useStore();
  const notice = useIdeasState((state) => state.notice);
  const pending = useIdeasState((state) => state.pending);
  return (
    <>
      {notice && (
        <Notice
          className={styles.notice}
          onDismiss={() => store.notify(null)}
          dismissLabel={messages.ideas.dismiss}
        >
          {notice}
        </Notice>
      )}
      <PendingSync count={pending} className={styles.pending} />
    </>
  );
}

function Count() {
  const count = useIdeasState((state) => state.selectedIds.size);
  return count > 0 ? <span className={styles.count}>{messages.ideas.selectedCount(count)}</span> : null;
}

/** The header's count of selected ideas. */
export function SelectedCount({ store }: { store: IdeasStore }) {
  return (
    <IdeasStoreContext.Provider value={store}>
      <Count />
    </IdeasStoreContext.Provider>
  );
}

/**
 * The inbox over the writer's store: category chips, what can be done with the selection, notices and
 * the ideas grouped by date. The capture box stays the panel's (it is there before this code arrives);
 * memoized, so a keystroke there does not render the inbox again.
 */
export const IdeasInbox = memo(function IdeasInbox({
  store,
  bus,
}: { store: IdeasStore } & Pick<AreaProps, 'bus'>) {
  return (
    <IdeasStoreContext.Provider value={store}>
      <CategoryBar />
      <SelectionBar bus={bus} />
      <NoticeAndPending />
      <IdeasList />
    </IdeasStoreContext.Provider>
  );
});

/** The store of the signed-in writer, its writes kept on this device first. */
export function openKeptOnDevice({ client, userId }: { client: WorkspaceClient; userId: string }) {
  return createIdeasStore({
    client,
    userId,
    writes: offlineIdeaWrites(client, userId, serverWrites(client, userId)),
  });
}
