import { type DragEvent, type FormEvent, useState } from 'react';
import {
  ConfirmDialog,
  messages,
  PromptDialog,
  ShareDialog,
  SharedAvatars,
  type WorkspaceClient,
} from 'shared-kernel';
import { asError } from '../offline-store/index.ts';
import {
  addFolder,
  type Folder,
  leaveFolder,
  moveWritingsToFolder,
  refreshFolders,
  removeFolder,
  renameFolderTo,
  selectFolder,
  useWritingsStore,
} from '../writings-store/index.ts';
import { categoryNameError } from './category-name-error.ts';
import { draggedWritingIds, isWritingsDrag } from './drag-writings.ts';
import { Invitations } from './invitations.tsx';
import styles from './sidebar.module.css';

/**
 * Logs a folder action's failure the store did not tell the writer itself (they tell theirs through the
 * notice): no rejection is left unhandled, and what is logged is an Error with a message.
 */
function logFailure(what: string): (error: unknown) => void {
  return (error) => console.warn(what, asError(error));
}

function useDropTarget(folder: Folder | null) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!isWritingsDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const ids = draggedWritingIds(event);
        if (!ids) return;
        event.preventDefault();
        moveWritingsToFolder(ids, folder).catch(logFailure('The writings could not be moved'));
      },
    },
  };
}

/** The people who accepted a share of the folder (an invitation not yet answered gives no access). */
function AcceptedAvatars({ folder }: { folder: Folder }) {
  const accepted = folder.sharedUsers.filter((user) => !user.pending);
  return accepted.length > 0 ? <SharedAvatars users={accepted} /> : null;
}

function FolderRow({
  folder,
  selected,
  client,
  userId,
}: {
  folder: Folder;
  selected: boolean;
  client: WorkspaceClient;
  userId: string;
}) {
  const [sharing, setSharing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const drop = useDropTarget(folder);
  const rename = (name: string) => {
    renameFolderTo(folder.id, name).catch(logFailure('The folder could not be renamed'));
  };
  const remove = () => {
    removeFolder(folder.id).catch(logFailure('The folder could not be deleted'));
  };
  const leave = () => {
    leaveFolder(folder.id).catch(logFailure('The folder could not be left'));
  };
  const refresh = () => {
    refreshFolders().catch(logFailure('The folders could not be reloaded'));
  };
  return (
    <li
      className={styles.folder}
      data-selected={selected || undefined}
      data-drop-over={drop.over || undefined}
      data-folder-name={folder.name}
      data-asking={renaming || deleting || sharing || undefined}
      {...drop.handlers}
    >
      <button
        type="button"
        className={styles.folderName}
        aria-pressed={selected}
        onClick={() => selectFolder(folder.id).catch(logFailure('The folder could not be opened'))}
      >
        <span className={styles.ellipsis}>{folder.name}</span>
      </button>
      {!folder.isOwner && (
        <span className={styles.badge}>
          {messages.sharing.sharedBadge}
          {folder.permission === 'read' && ` ${messages.sharing.readSuffix}`}
        </span>
      )}
      {folder.isOwner && <AcceptedAvatars folder={folder} />}
      <span className={styles.folderActions}>
        {folder.isOwner ? (
          <>
            <button type="button" onClick={() => setSharing(true)}>
              {messages.sidebar.share}
            </button>
            <button type="button" onClick={() => setRenaming(true)}>
              {messages.sidebar.rename}
            </button>
            <button type="button" onClick={() => setDeleting(true)}>
              {messages.sidebar.delete}
            </button>
          </>
        ) : (
          <>
            <span className={styles.access}>
              {folder.permission === 'write' ? messages.sharing.editAccess : messages.sharing.viewOnly}
            </span>
            <button type="button" onClick={leave}>
              {messages.sharing.leave}
            </button>
          </>
        )}
      </span>
      <PromptDialog
        open={renaming}
        onOpenChange={setRenaming}
        title={messages.sidebar.renameFolder}
        label={messages.sidebar.folderName}
        defaultValue={folder.name}
        confirmLabel={messages.sidebar.rename}
        cancelLabel={messages.sidebar.cancel}
        onSubmit={rename}
        validate={categoryNameError}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={messages.categories.confirmDeleteFolder}
        irreversible
        confirmLabel={messages.sidebar.delete}
        cancelLabel={messages.sidebar.cancel}
        onConfirm={remove}
      />
      {sharing && (
        <ShareDialog
          client={client}
          userId={userId}
          category={folder}
          onClose={() => setSharing(false)}
          onChange={refresh}
        />
      )}
    </li>
  );
}

function NewFolderForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await addFolder(name)) onDone();
  };
  return (
    <form
      className={styles.newFolder}
      onSubmit={(event) => submit(event).catch(logFailure('The folder could not be created'))}
    >
      <input
        aria-label={messages.sidebar.folderName}
        // biome-ignore lint/a11y/noAutofocus: the form opens on request to type the name
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && onDone()}
      />
      <button type="submit">{messages.sidebar.create}</button>
      <button type="button" onClick={onDone}>
        {messages.sidebar.cancel}
      </button>
    </form>
  );
}

/**
 * The writings folders: invitations to folders, all writings, the user's and shared folders, and New
 * Folder.
 */
export function FolderList({ client, userId }: { client: WorkspaceClient; userId: string }) {
  const folders = useWritingsStore((state) => state.folders);
  const selectedFolderId = useWritingsStore((state) => state.selectedFolderId);
  const [creating, setCreating] = useState(false);
  const drop = useDropTarget(null);
  return (
    <section className={styles.folders} aria-label={messages.sidebar.folders}>
      <Invitations client={client} userId={userId} />
      <ul className={styles.folderList}>
        <li
          className={styles.folder}
          data-selected={selectedFolderId === null || undefined}
          {...drop.handlers}
        >
          <button
            type="button"
            className={styles.folderName}
            aria-pressed={selectedFolderId === null}
            onClick={() => selectFolder(null).catch(logFailure('The writings could not be listed'))}
          >
            {messages.sidebar.allWritings}
          </button>
        </li>
        {folders.map((folder) => (
          <FolderRow
            key={folder.id}
            folder={folder}
            selected={folder.id === selectedFolderId}
            client={client}
            userId={userId}
          />
        ))}
      </ul>
      {creating ? (
        <NewFolderForm onDone={() => setCreating(false)} />
      ) : (
        <button type="button" className={styles.newFolderButton} onClick={() => setCreating(true)}>
          {messages.writings.newFolder}
        </button>
      )}
    </section>
  );
}
