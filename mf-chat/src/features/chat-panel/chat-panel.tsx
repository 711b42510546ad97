import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
import {
  type AreaProps,
  afterFirstScreen,
  Button,
  type ContextItem,
  EmptyState,
  getSupabaseClient,
  messages,
  Panel,
  useBusEvent,
  useKeptText,
  useOnDemand,
} from 'shared-kernel';
import styles from './chat-panel.module.css';
import { ContextChips } from './context-chips.tsx';
import { useFieldHandover } from './field-handover.ts';
import { useContextItems } from './use-context-items.ts';

// The conversation (AI SDK, Markdown) arrives after the first paint (docs/architecture.md, Budgets).
const loadConversation = () => import('../conversation/index.ts').then((module) => module.Conversation);

/**
 * Fetches the conversation once the first screen is usable and the page is idle, or at once when the
 * writer reaches for the chat.
 */
function useConversationCode(bus: AreaProps['bus']) {
  const [Conversation, request] = useOnDemand(loadConversation);
  useEffect(() => afterFirstScreen(bus, request), [bus, request]);
  return { Conversation, request };
}

/** The open writing, asked of the editor over the bus when a message is sent. */
function useActiveDocument(bus: AreaProps['bus']) {
  const answer = useRef<ContextItem | null>(null);
  useBusEvent(bus, 'document.active', (event) => {
    answer.current = event.item;
  });
  return useCallback(() => {
    answer.current = null;
    bus.emit({ type: 'document.request' });
    return answer.current;
  }, [bus]);
}

/** The AI chat: header with New chat and History, the conversation, the context chips and the composer. */
export function ChatPanel({ bus, backend, user }: AreaProps) {
  const { Conversation, request } = useConversationCode(bus);
  // The unsent message is kept on the device over a reload, like the ideas' capture box.
  const [draft, setDraft] = useKeptText('chat-composer', user?.id ?? null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [newChatRequests, setNewChatRequests] = useState(0);
  // A message sent (Enter) before the conversation's code arrived: out of the box at once, shown, kept on
  // the device over a reload, and sent when the conversation is there. One at a time, as in the chat.
  const [pending, setPending] = useKeptText('chat-waiting', user?.id ?? null);
  const activeDocument = useActiveDocument(bus);
  const handover = useFieldHandover();
  const context = useContextItems(bus, () => (user ? getSupabaseClient(backend) : undefined), request);
  const actions = user && (
    <>
      <Button
        onClick={() => {
          request();
          setNewChatRequests((count) => count + 1);
        }}
      >
        {messages.chat.newChat}
      </Button>
      <Button
        onClick={() => {
          request();
          setHistoryOpen(true);
        }}
      >
        {messages.chat.history}
      </Button>
    </>
  );
  return (
    <Panel title={messages.chat.title} arrangement={{ bus, panel: 'chat' }} actions={actions}>
      <div className={styles.body} data-dropping={context.dropping || undefined} {...context.dropTarget}>
        {user && Conversation ? (
          <Conversation
            bus={bus}
            backend={backend}
            user={user}
            chips={context.items}
            onChipsChange={context.setItems}
            draft={draft}
            onDraftChange={setDraft}
            composerRef={handover.to}
            activeDocument={activeDocument}
            historyOpen={historyOpen}
            onHistoryOpenChange={setHistoryOpen}
            newChatRequests={newChatRequests}
            pending={pending}
            onPendingTaken={() => setPending('')}
          />
        ) : (
          <WaitingConversation
            draft={draft}
            onDraftChange={setDraft}
            onReach={request}
            pending={pending}
            onSend={() => {
              if (pending || !draft.trim()) return;
              setPending(draft);
              setDraft('');
            }}
            fieldRef={handover.from}
            enabled={Boolean(user)}
          />
        )}
        <ContextChips
          items={context.items}
          onRemove={(index) => context.setItems((items) => items.filter((_, i) => i !== index))}
        />
      </div>
    </Panel>
  );
}

/** The empty state and a composer that keeps what is typed until the conversation's code arrives. */
function WaitingConversation({
  draft,
  pending,
  onDraftChange,
  onReach,
  onSend,
  fieldRef,
  enabled,
}: {
  draft: string;
  /** The message sent before the conversation arrived ('' when none). */
  pending: string;
  onDraftChange: (text: string) => void;
  onReach: () => void;
  onSend: () => void;
  /** Hands its focus and caret to the conversation's composer (field-handover.ts). */
  fieldRef: RefCallback<HTMLTextAreaElement>;
  enabled: boolean;
}) {
  return (
    <div className={styles.waiting}>
      {pending ? (
        <p className={styles.pendingMessage}>{pending}</p>
      ) : (
        <EmptyState title={messages.chat.readyTitle}>{messages.chat.readyBody}</EmptyState>
      )}
      {enabled && (
        <textarea
          ref={fieldRef}
          className={styles.waitingField}
          rows={1}
          value={draft}
          aria-label={messages.chat.composerPlaceholder}
          placeholder={messages.chat.composerPlaceholder}
          onFocus={onReach}
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              onSend();
            }
          }}
        />
      )}
    </div>
  );
}
