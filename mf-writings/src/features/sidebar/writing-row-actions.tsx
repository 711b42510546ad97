import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMemo, useRef, useState } from 'react';
import { ConfirmDialog, canWriteToFolder, messages, PromptDialog } from 'shared-kernel';
import menu from '../../lib/menu.module.css';
import { asError } from '../offline-store/index.ts';
import {
  moveWritingsToFolderNamed,
  removeWriting,
  renameWritingTo,
  useWritingsStore,
  type WritingSummary,
} from '../writings-store/index.ts';
import { categoryNameError } from './category-name-error.ts';
import styles from './sidebar.module.css';
import { byFinger, fingerPress } from './tap-opens.ts';

/**
 * A writing's actions (Rename, Move to folder, Delete after a confirmation) in a menu, loaded on first use
 * (writing-row-menu.tsx). Move to folder on a row of the selection moves the whole selection, as dragging
 * it does; Rename and Delete are the row's own.
 */
export function WritingRowActions({
  writing,
  defaultOpen,
}: {
  writing: WritingSummary;
  defaultOpen: boolean;
}) {
  const [asking, setAsking] = useState<'rename' | 'move' | 'delete' | null>(null);
  const [open, setOpen] = useState(defaultOpen);
  // Whether the menu was open when a finger pressed ⋯: its tap then closes it.
  const openAtPress = useRef(false);
  // The folders a writing can be moved into, offered as the name is typed (a name not among them makes one).
  const folders = useWritingsStore((state) => state.folders);
  const selectedIds = useWritingsStore((state) => state.selectedIds);
  // Each name once: a folder shared with the writer may have the name of one of their own.
  const folderNames = useMemo(
    () => [...new Set(folders.filter((folder) => canWriteToFolder(folder)).map((folder) => folder.name))],
    [folders],
  );
  // A blank title is ignored by the store (the writing keeps its title), as the spec has it.
  const rename = (title: string) => {
    renameWritingTo(writing.id, title).catch((error: unknown) =>
      console.warn('The writing was not renamed', asError(error)),
    );
  };
  const move = (name: string) => {
    const ids = selectedIds.has(writing.id) ? [...selectedIds] : [writing.id];
    moveWritingsToFolderNamed(ids, name).catch((error: unknown) =>
      console.warn('The writing was not moved', asError(error)),
    );
  };
  const remove = () => {
    removeWriting(writing.id).catch((error: unknown) =>
      console.warn('The writing was not deleted', asError(error)),
    );
  };
  const closeDialog = (open: boolean) => {
    if (!open) setAsking(null);
  };
  return (
    <>
      <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger
          className={styles.moreActions}
          aria-label={messages.sidebar.moreActions}
          data-asking={asking !== null || undefined}
          onPointerDown={(event) => {
            openAtPress.current = open;
            fingerPress(event); // a finger's press is not Radix's to open on
          }}
          onClick={(event) => {
            if (byFinger(event)) setOpen(!openAtPress.current);
          }}
        >
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          {/* Rendered elsewhere, its clicks still bubble through React to the row: they must not select it. */}
          <DropdownMenu.Content
            className={menu.menu}
            align="end"
            sideOffset={4}
            onClick={(event) => event.stopPropagation()}
          >
            <DropdownMenu.Item className={menu.item} onSelect={() => setAsking('rename')}>
              {messages.sidebar.rename}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menu.item} onSelect={() => setAsking('move')}>
              {messages.sidebar.moveToFolder}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menu.item} onSelect={() => setAsking('delete')}>
              {messages.sidebar.delete}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <PromptDialog
        open={asking === 'rename'}
        onOpenChange={closeDialog}
        title={messages.sidebar.renameWriting}
        label={messages.sidebar.title}
        defaultValue={writing.title}
        confirmLabel={messages.sidebar.rename}
        cancelLabel={messages.sidebar.cancel}
        onSubmit={rename}
      />
      <PromptDialog
        open={asking === 'move'}
        onOpenChange={closeDialog}
        title={messages.sidebar.moveToFolder}
        label={messages.sidebar.folderName}
        defaultValue={writing.category ?? ''}
        confirmLabel={messages.sidebar.move}
        cancelLabel={messages.sidebar.cancel}
        onSubmit={move}
        validate={categoryNameError}
        suggestions={folderNames}
      />
      {/* Not in the spec's list of confirmations: a writing deleted is gone for good, and Delete sits one
          row under Move to folder, so a slip of the pointer would lose it. */}
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={closeDialog}
        title={messages.sidebar.confirmDeleteWriting(writing.title)}
        irreversible
        confirmLabel={messages.sidebar.delete}
        cancelLabel={messages.sidebar.cancel}
        onConfirm={remove}
      />
    </>
  );
}
