// The composer: Enter sends, Shift+Enter is a newline, it grows to 120 px then scrolls; voice input;
// while a reply runs, Send becomes 'Stop generating'.
import { Mic } from 'lucide-react';
import { type RefCallback, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button, COMPOSER_MAX_HEIGHT_PX, messages } from 'shared-kernel';
import { useVoiceInput } from '../voice/index.ts';
import styles from './conversation.module.css';

export function Composer({
  fieldRef,
  draft,
  onDraftChange,
  onSend,
  onStop,
  busy,
}: {
  /** Also given the field (to take the focus of the field it replaces). */
  fieldRef?: RefCallback<HTMLTextAreaElement>;
  draft: string;
  onDraftChange: (text: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
}) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  const attach = useCallback(
    (element: HTMLTextAreaElement | null) => {
      field.current = element;
      return fieldRef?.(element);
    },
    [fieldRef],
  );
  const [voiceNote, setVoiceNote] = useState(false);
  const current = useCallback(() => field.current?.value ?? '', []);
  const voice = useVoiceInput(current, onDraftChange);

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
    element.style.overflowY = element.scrollHeight > COMPOSER_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [draft]);

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <textarea
        ref={attach}
        className={styles.field}
        rows={1}
        value={draft}
        aria-label={messages.chat.composerPlaceholder}
        placeholder={messages.chat.composerPlaceholder}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            onSend();
          }
        }}
      />
      <Button
        aria-pressed={voice.listening}
        aria-label={
          voice.supported
            ? voice.listening
              ? messages.chat.stopListening
              : messages.chat.voiceInput
            : messages.chat.voiceUnsupported
        }
        title={voice.supported ? messages.chat.voiceInput : messages.chat.voiceUnsupported}
        onClick={() => (voice.supported ? voice.toggle() : setVoiceNote(true))}
      >
        <Mic size={16} aria-hidden />
      </Button>
      {/* Two elements, not one that changes: a click on Stop ends the reply, and the same button, made
          Send by then, would submit what the composer holds as the browser completes the click. */}
      {busy ? (
        <Button key="stop" onClick={onStop}>
          {messages.chat.stopGenerating}
        </Button>
      ) : (
        <Button key="send" type="submit" variant="primary">
          {messages.chat.send}
        </Button>
      )}
      {voiceNote && (
        <p role="status" className={styles.note}>
          {messages.chat.voiceUnsupported}
        </p>
      )}
    </form>
  );
}
