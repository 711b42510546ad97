import type { KeyboardEvent } from 'react';
import { COMPOSER_MAX_HEIGHT_PX, messages } from 'shared-kernel';
import styles from './ideas-panel.module.css';

/**
 * 'Capture a thought': Enter captures (Shift+Enter is a newline). The text is the panel's, so it is
 * kept while the inbox's code arrives, and kept when a capture is refused (blank, read-only category).
 */
export function CaptureBox({
  text,
  onChange,
  onCapture,
}: {
  text: string;
  onChange: (text: string) => void;
  onCapture: () => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onCapture();
  };
  return (
    <div className={styles.composer}>
      <textarea
        aria-label={messages.ideas.composerPlaceholder}
        placeholder={messages.ideas.composerPlaceholder}
        rows={2}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
