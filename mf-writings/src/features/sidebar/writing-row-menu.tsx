import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { PromptDialog } from 'shared-kernel';
import menu from '../../lib/menu.module.css';
import { asError } from '../offline-store/index.ts';
import {
  moveWritingsToFolderNamed,
  removeWriting,
  renameWritingTo,
  type WritingSummary,
} from '../writings-store/index.ts';
import { categoryNameError } from './category-name-error.ts';
import { labels } from './labels.ts';
import styles from './sidebar.module.css';

/**
 * A writing's actions behind one small button at the end of its title line: the title keeps the rest
 * of the line (cut with an ellipsis before the button, never drawn under it).
 */
export function WritingRowMenu({ writing }: { writing: WritingSummary }) {
  const [asking, setAsking] = useState<'rename' | 'move' | null>(null);
  // A blank title is ignored by the store (the writing keeps its title), as the spec has it.
  const rename = (title: string) => {
    renameWritingTo(writing.id, title).catch((error: unknown) =>
      console.warn('The writing was not renamed', asError(error)),
    );
  };
  const move = (name: string) => {
    moveWritingsToFolderNamed([writing.id], name).catch((error: unknown) =>
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
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className={styles.moreActions}
          aria-label={labels.moreActions}
          data-asking={asking !== null || undefined}
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
              {labels.rename}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menu.item} onSelect={() => setAsking('move')}>
              {labels.moveToFolder}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menu.item} onSelect={remove}>
              {labels.delete}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <PromptDialog
        open={asking === 'rename'}
        onOpenChange={closeDialog}
        title={labels.renameWriting}
        label={labels.title}
        defaultValue={writing.title}
        confirmLabel={labels.rename}
        cancelLabel={labels.cancel}
        onSubmit={rename}
      />
      <PromptDialog
        open={asking === 'move'}
        onOpenChange={closeDialog}
        title={labels.moveToFolder}
        label={labels.folderName}
        defaultValue={writing.category ?? ''}
        confirmLabel={labels.move}
        cancelLabel={labels.cancel}
        onSubmit={move}
        validate={categoryNameError}
      />
    </>
  );
}
