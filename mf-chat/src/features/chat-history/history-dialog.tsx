// History: the writer's chats, pinned first then newest; open, rename, pin and delete.
import { useEffect, useState } from 'react';
import {
  Button,
  ConfirmDialog,
  DialogFrame,
  messages,
  PromptDialog,
  type WorkspaceClient,
} from 'shared-kernel';
import styles from './history-dialog.module.css';
import { type ChatSession, deleteSession, listSessions, pinSession, renameSession } from './sessions-data.ts';

export function HistoryDialog({
  open,
  onOpenChange,
  client,
  onOpenSession,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: WorkspaceClient;
  onOpenSession: (session: ChatSession) => void;
  /** A deleted session: the panel starts a new chat if it was the one shown. */
  onDeleted: (id: string) => void;
}) {
  const [sessions, setSessions] = useState<ChatSession[]>();
  const [error, setError] = useState<string>();
  const [renaming, setRenaming] = useState<ChatSession>();
  const [deleting, setDeleting] = useState<ChatSession>();

  const reload = () =>
    listSessions(client).then(
      (list) => {
        setSessions(list);
        setError(undefined);
      },
      (failure: Error) => setError(failure.message),
    );
  useEffect(() => {
    if (open) void reload();
  }, [open]);

  const act = (action: Promise<void>) => action.then(reload, (failure: Error) => setError(failure.message));

  return (
    <>
      <DialogFrame open={open} onOpenChange={onOpenChange} title={messages.chat.history}>
        {error && <p role="alert">{messages.chat.error(error)}</p>}
        {sessions?.length === 0 && <p className={styles.empty}>{messages.chat.empty}</p>}
        <ul className={styles.list} aria-label={messages.chat.history}>
          {sessions?.map((session) => (
            <li key={session.id} className={styles.row}>
              <button
                type="button"
                className={styles.open}
                onClick={() => {
                  onOpenSession(session);
                  onOpenChange(false);
                }}
              >
                {session.isPinned && <span className={styles.pin}>{messages.chat.pinned}</span>}
                <span className={styles.title}>{session.title}</span>
              </button>
              <span className={styles.actions}>
                <Button onClick={() => setRenaming(session)}>{messages.chat.rename}</Button>
                <Button onClick={() => act(pinSession(client, session.id, !session.isPinned))}>
                  {session.isPinned ? messages.chat.unpin : messages.chat.pin}
                </Button>
                <Button onClick={() => setDeleting(session)}>{messages.chat.delete}</Button>
              </span>
            </li>
          ))}
        </ul>
      </DialogFrame>
      <PromptDialog
        open={renaming !== undefined}
        onOpenChange={(next) => !next && setRenaming(undefined)}
        title={messages.chat.renameTitle}
        label={messages.chat.renameTitle}
        defaultValue={renaming?.title ?? ''}
        confirmLabel={messages.chat.rename}
        cancelLabel={messages.chat.cancel}
        onSubmit={(value) => {
          const title = value.trim();
          // A blank name is ignored.
          if (renaming && title) void act(renameSession(client, renaming.id, title));
          setRenaming(undefined);
        }}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(next) => !next && setDeleting(undefined)}
        title={messages.chat.confirmDelete}
        irreversible
        confirmLabel={messages.chat.delete}
        cancelLabel={messages.chat.cancel}
        onConfirm={() => {
          const target = deleting;
          setDeleting(undefined);
          if (target) void act(deleteSession(client, target.id).then(() => onDeleted(target.id)));
        }}
      />
    </>
  );
}
