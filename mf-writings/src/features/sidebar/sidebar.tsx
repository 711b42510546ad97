import { useCallback } from 'react';
import {
  type AreaProps,
  getSupabaseClient,
  messages,
  Notice,
  PendingSync,
  rateLimitReached,
  useBusEvent,
} from 'shared-kernel';
import { holdKeysForNewWriting, typedSinceNew } from '../editor/index.ts';
import {
  createAndSelect,
  dismissNotice,
  openWriting,
  useWritingsConnection,
  useWritingsStore,
} from '../writings-store/index.ts';
import { FolderList } from './folder-list.tsx';
import styles from './sidebar.module.css';
import { useRowMenuAfterFirstScreen } from './writing-row-menu.tsx';
import { WritingsList } from './writings-list.tsx';

/** The writings sidebar: brand, New and Search, the folders and the writings list. */
export function Sidebar({ bus, backend, user }: AreaProps) {
  useWritingsConnection({ backend, user });
  // New (the button and the shell's Cmd/Ctrl+Alt+N) goes through the bus, so both take one path.
  // Keys typed meanwhile are held for the new writing's editor. Pressed again with nothing typed since,
  // it is the same new writing (a double click); after typing, another.
  useBusEvent(bus, 'writings.new', () =>
    holdKeysForNewWriting(createAndSelect({ another: typedSinceNew() })),
  );
  useBusEvent(bus, 'writings.open', (event) => openWriting(event.writingId));
  useRowMenuAfterFirstScreen(bus);
  // A writing opened from the list goes through the bus too: on a phone the shell then shows it whole.
  const openFromList = useCallback(
    (writingId: string) => bus.emit({ type: 'writings.open', writingId }),
    [bus],
  );
  const notice = useWritingsStore((state) => state.notice);
  const pending = useWritingsStore((state) => state.pending);
  const limit = useWritingsStore((state) => state.limit);
  return (
    <nav className={styles.sidebar} aria-label="Writings">
      <header className={styles.brand}>
        <span className={styles.mark} aria-hidden="true" />
        Workspace
      </header>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => bus.emit({ type: 'writings.new' })}>
          {messages.writings.newWriting}
        </button>
        <button type="button" className={styles.secondary} onClick={() => bus.emit({ type: 'search.open' })}>
          {messages.writings.search}
        </button>
      </div>
      <PendingSync count={pending} />
      {limit && (
        <Notice
          onDismiss={dismissNotice}
          dismissLabel={messages.sidebar.dismiss}
          actions={
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                dismissNotice();
                bus.emit({ type: 'pricing.open', reason: 'rate-limit' });
              }}
            >
              {messages.pricing.upgrade}
            </button>
          }
        >
          {rateLimitReached(limit)}
        </Notice>
      )}
      {notice && (
        <Notice onDismiss={dismissNotice} dismissLabel={messages.sidebar.dismiss}>
          {notice}
        </Notice>
      )}
      {user && <FolderList client={getSupabaseClient(backend)} userId={user.id} />}
      <WritingsList onOpen={openFromList} />
    </nav>
  );
}
