import { type KeyboardEvent, useState } from 'react';
import { COMPOSER_MAX_HEIGHT_PX, messages } from 'shared-kernel';
import { useStore } from '../ideas-store/index.ts';
import styles from './ideas-panel.module.css';

/** 'Capture a thought': Enter saves (the idea is at the top of the list at once), Shift+Enter is a newline. */
export function Composer() {
  const store = useStore();
  const [text, setText] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // A refused capture (blank, read-only category) keeps the text, so nothing typed is lost.
    if (store.capture(text)) setText('');
  };
  return (
    <div className={styles.composer}>
      <textarea
        aria-label={messages.ideas.composerPlaceholder}
        placeholder={messages.ideas.composerPlaceholder}
        rows={2}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
