// The bar above the writing: view-only badge, save state, the last save failure, Insert image and Save.
import { useSyncExternalStore } from 'react';
import { messages, touchTargetClass } from 'shared-kernel';
import styles from './editor.module.css';
import type { SaveController, SaveStatus } from './saving/index.ts';

/** The save state of the open writing and its actions. */
export function SaveBar({
  controller,
  readOnly,
  onPickImage,
  onAskAi,
}: {
  controller: SaveController;
  readOnly: boolean;
  onPickImage: () => void;
  onAskAi: () => void;
}) {
  const status = useSyncExternalStore(controller.subscribe, controller.getStatus);
  return (
    <SaveBarView
      status={status}
      readOnly={readOnly}
      actions={{ onAskAi, onPickImage, onSave: () => void controller.saveNow() }}
    />
  );
}

/** The bar as it is while the editor's code loads: the stored copy is saved, and nothing can be done yet. */
export function LoadingSaveBar() {
  return (
    <SaveBarView status={{ saving: false, unsaved: false, error: null }} readOnly={false} actions={null} />
  );
}

function SaveBarView({
  status,
  readOnly,
  actions,
}: {
  status: Pick<SaveStatus, 'saving' | 'unsaved' | 'error'>;
  readOnly: boolean;
  actions: { onAskAi: () => void; onPickImage: () => void; onSave: () => void } | null;
}) {
  const label = status.saving
    ? messages.editor.saving
    : status.unsaved
      ? messages.editor.unsaved
      : messages.editor.saved;
  return (
    <div className={styles.toolbar}>
      {readOnly && <span className={styles.badge}>{messages.sharing.viewOnly}</span>}
      <span role="status" className={styles.saveState} data-unsaved={status.unsaved}>
        {label}
      </span>
      {status.error && (
        <p role="alert" className={styles.error}>
          {status.error}
        </p>
      )}
      <span className={styles.spacer} />
      <button
        type="button"
        className={`${styles.button} ${touchTargetClass}`}
        onClick={actions?.onAskAi}
        disabled={!actions}
      >
        {messages.chat.askAi}
      </button>
      <button
        aria-label={messages.editor.insertImage}
        type="button"
        className={`${styles.button} ${touchTargetClass}`}
        onClick={actions?.onPickImage}
        disabled={readOnly || !actions}
      >
        <PictureIcon />
        <span className={styles.buttonLabel} aria-hidden="true">
          {messages.editor.insertImage}
        </span>
      </button>
      <button
        type="button"
        className={`${styles.button} ${touchTargetClass}`}
        onClick={actions?.onSave}
        disabled={readOnly || !status.unsaved || !actions}
      >
        {messages.editor.save}
      </button>
    </div>
  );
}

/** Insert image's picture: the button's face on a phone, where its words would cut the save state short. */
function PictureIcon() {
  return (
    <svg className={styles.buttonIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="9" cy="10" r="1.8" fill="currentColor" />
      <path d="M4 18l5-5 3.5 3.5L15 14l5 5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** Grey bars where the writing appears once it has loaded. */
export function LoadingPlaceholder() {
  return (
    <div className={styles.placeholder} role="status" aria-busy="true" aria-label={messages.editor.loading}>
      <div className={styles.placeholderTitle} />
      <div className={styles.placeholderLine} />
      <div className={styles.placeholderLine} />
      <div className={styles.placeholderShort} />
    </div>
  );
}
