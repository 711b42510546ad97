// The chat's conversation, loaded after the first paint: messages streaming in, the composer, the
// model and context toolbar, the error banner with Retry (or, at a daily limit, Upgrade), and the history dialog.
import type { UIMessage } from 'ai';
import { type RefCallback, useCallback, useEffect, useRef } from 'react';
import {
  type AreaUser,
  type BackendConfig,
  Button,
  type ChatSource,
  type ContextItem,
  EmptyState,
  type EventBus,
  getSupabaseClient,
  rateLimitReached,
  messages as texts,
} from 'shared-kernel';
import { ChatToolbar, useChatConfig, useModelOffer } from '../chat-config/index.ts';
import { HistoryDialog, loadMessages } from '../chat-history/index.ts';
import { Composer } from './composer.tsx';
import styles from './conversation.module.css';
import { MessageView, textOf } from './message-view.tsx';
import { readSendFailure, type SendFailure } from './refusal.ts';
import { useConversation } from './use-conversation.ts';

export interface ConversationProps {
  bus: EventBus;
  backend: BackendConfig;
  user: NonNullable<AreaUser>;
  chips: ContextItem[];
  onChipsChange: (items: ContextItem[]) => void;
  draft: string;
  onDraftChange: (text: string) => void;
  /** Given the composer's field, to take the focus from the field it replaces. */
  composerRef?: RefCallback<HTMLTextAreaElement>;
  /** Asks the editor which writing is open (the 'open document' context). */
  activeDocument: () => ContextItem | null;
  historyOpen: boolean;
  onHistoryOpenChange: (open: boolean) => void;
  /** Bumped by the header's New chat. */
  newChatRequests: number;
  /** The message the writer sent before this code had arrived ('' when none): sent on arrival. */
  pending: string;
  /** The pending message was taken: sent, or (refused) put back into the composer. */
  onPendingTaken: () => void;
}

/** Opens what a citation points at: a writing in the editor, an idea in the ideas panel, a web page. */
function openSource(bus: EventBus, source: ChatSource) {
  if (source.kind === 'web' && source.url) window.open(source.url, '_blank', 'noopener,noreferrer');
  else if (source.kind === 'idea' && source.id) bus.emit({ type: 'ideas.open', ideaId: source.id });
  else if (source.id) bus.emit({ type: 'writings.open', writingId: source.id });
}

/** The failed question leaves the list and its text returns to the composer; refusals open pricing. */
function useFailureHandling(
  bus: EventBus,
  draftRef: { current: string },
  onDraftChange: (text: string) => void,
) {
  const setMessagesRef = useRef<(update: (messages: UIMessage[]) => UIMessage[]) => void>(() => {});
  const leaving = usePageLeaving();
  const onFailure = useCallback(
    (failure: SendFailure, prompt: string) => {
      // A reload or a closed tab cuts the answer's stream: the question was sent, and must not come
      // back into the composer (kept on the device) as if it had failed.
      if (leaving.current) return;
      setMessagesRef.current((list) => {
        const last = list.at(-1);
        const answered = last?.role === 'assistant' && textOf(last).trim() !== '';
        if (answered) return list;
        const withoutReply = last?.role === 'assistant' ? list.slice(0, -1) : list;
        return withoutReply.at(-1)?.role === 'user' ? withoutReply.slice(0, -1) : withoutReply;
      });
      if (!draftRef.current.trim()) onDraftChange(prompt);
      if (failure.kind === 'rate-limit') bus.emit({ type: 'pricing.open', reason: 'rate-limit' });
      if (failure.kind === 'premium-feature') {
        bus.emit({ type: 'pricing.open', reason: 'premium-feature', feature: failure.feature });
      }
    },
    [bus, draftRef, onDraftChange, leaving],
  );
  return { onFailure, setMessagesRef };
}

/**
 * True from the moment the page starts to go away (a reload, a closed tab). Chromium cuts the page's
 * streams when the navigation starts, after `beforeunload` and before `pagehide`. A navigation called
 * off (a download, a refused prompt) leaves the page running: it counts as staying after a moment.
 */
function usePageLeaving() {
  const leaving = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLeave = () => {
      leaving.current = true;
      clearTimeout(timer);
      timer = setTimeout(onStay, 2000);
    };
    const onStay = () => {
      leaving.current = false;
    };
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('pageshow', onStay);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('pageshow', onStay);
    };
  }, []);
  return leaving;
}

export function Conversation(props: ConversationProps) {
  const { bus, backend, user, chips, onChipsChange, draft, onDraftChange } = props;
  const client = getSupabaseClient(backend);
  const [config, updateConfig] = useChatConfig(client, user.id);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const { onFailure, setMessagesRef } = useFailureHandling(bus, draftRef, onDraftChange);
  const chat = useConversation({
    backend,
    client,
    userId: user.id,
    context: { config, chips, activeDocument: props.activeDocument },
    onFailure,
    onChipsRestored: onChipsChange,
  });
  setMessagesRef.current = chat.setMessages;
  const offer = useModelOffer(chat.endpoint, chat.headers);
  const busy = chat.status === 'submitted' || chat.status === 'streaming';

  const send = () => {
    if (chat.send(draft)) onDraftChange('');
  };
  const { pending, onPendingTaken } = props;
  useEffect(() => {
    if (!pending) return;
    onPendingTaken();
    if (!chat.send(pending)) onDraftChange([pending, draftRef.current].filter(Boolean).join('\n'));
  }, [pending]);
  const newChats = useRef(props.newChatRequests);
  useEffect(() => {
    if (props.newChatRequests === newChats.current) return;
    newChats.current = props.newChatRequests;
    chat.newChat();
  }, [props.newChatRequests, chat]);

  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The latest message in view. With none, the empty state is read from its title: scrolled to its end,
    // a short panel (a laptop's screen) showed it cut off above.
    if (chat.messages.length > 0) list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [chat.messages]);

  const error = chat.error && chat.status === 'error' ? chat.error : undefined;
  return (
    <div className={styles.conversation}>
      <div ref={list} className={styles.messages} aria-live="polite">
        {chat.messages.length === 0 && (
          <>
            <EmptyState title={texts.chat.readyTitle}>{texts.chat.readyBody}</EmptyState>
            {/* Said here, where there is room, and again by each answer the notes alone give. */}
            {offer && !offer.modelConfigured && (
              <p className={styles.noModel}>{texts.chat.noModelConfigured}</p>
            )}
          </>
        )}
        {chat.messages.map((message, index) => (
          <MessageView
            key={message.id}
            message={message}
            onOpenSource={(source) => openSource(bus, source)}
            streaming={chat.status === 'streaming' && index === chat.messages.length - 1}
          />
        ))}
        {chat.status === 'submitted' && (
          <div className={styles.thinking} role="status" aria-label="Thinking" />
        )}
      </div>
      {error && (
        <ErrorBanner
          failure={readSendFailure(error)}
          retry={chat.lastPrompt() ? () => chat.send(chat.lastPrompt()) && onDraftChange('') : undefined}
          upgrade={() => bus.emit({ type: 'pricing.open', reason: 'rate-limit' })}
        />
      )}
      <ChatToolbar config={config} onChange={updateConfig} offer={offer} />
      <Composer
        fieldRef={props.composerRef}
        draft={draft}
        onDraftChange={onDraftChange}
        onSend={send}
        onStop={() => void chat.stop()}
        busy={busy}
      />
      <HistoryDialog
        open={props.historyOpen}
        onOpenChange={props.onHistoryOpenChange}
        client={client}
        onOpenSession={(session) => {
          void loadMessages(client, session.id).then(
            (loaded) => chat.open({ id: session.id, title: session.title, messages: loaded }, []),
            (failure: Error) => console.warn('[chat] the chat could not be opened', failure.message),
          );
        }}
        onDeleted={(id) => {
          void chat.forget(id);
          if (id === chat.session.id) chat.newChat();
        }}
      />
    </div>
  );
}

/**
 * 'Error: {message}' with Retry; at a daily limit, the rate limit alert instead: when it resets, and
 * Upgrade (Retry would be refused again until then).
 */
function ErrorBanner({
  failure,
  retry,
  upgrade,
}: {
  failure: SendFailure;
  retry: (() => void) | undefined;
  upgrade: () => void;
}) {
  const limit = failure.kind === 'rate-limit' ? failure.limit : null;
  return (
    <div role="alert" className={styles.errorBanner}>
      <span>{limit ? rateLimitReached(limit) : texts.chat.error(failure.message)}</span>
      {limit ? (
        <Button onClick={upgrade}>{texts.pricing.upgrade}</Button>
      ) : (
        <Button onClick={retry} disabled={!retry}>
          {texts.chat.retry}
        </Button>
      )}
    </div>
  );
}
