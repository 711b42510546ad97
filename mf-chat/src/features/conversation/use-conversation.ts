// The conversation's machinery: one AI SDK Chat per session, sent through the chat endpoint with the
// writer's token, config and context; restored from the device's cache at once, then from the server.
import { Chat, useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  type BackendConfig,
  type ChatConfig,
  type ContextItem,
  chatPrompt,
  messages as texts,
  type WorkspaceClient,
} from 'shared-kernel';
import { type ChatCache, openChatCache } from '../chat-cache/index.ts';
import { loadMessages } from '../chat-history/index.ts';
import { readSendFailure, type SendFailure } from './refusal.ts';

/** Messages sent per request: the recent conversation, enough for follow-ups, bounded in size. */
const HISTORY_SENT = 30;

export interface Session {
  id: string;
  title: string;
  messages: UIMessage[];
}

const freshSession = (): Session => ({
  id: crypto.randomUUID(),
  title: texts.chat.defaultSessionTitle,
  messages: [],
});

/** What every request carries besides the messages (read at send time). */
export interface RequestContext {
  config: ChatConfig;
  chips: ContextItem[];
  activeDocument: () => ContextItem | null;
}

export function requestBody(id: string, history: UIMessage[], context: RequestContext) {
  const { config, chips } = context;
  const active = config.isDocContextActive ? context.activeDocument() : null;
  return {
    chatId: id,
    model: config.model,
    isIdeasActive: config.isIdeasActive,
    isWritingsActive: config.isWritingsActive,
    performWebSearch: config.performWebSearch,
    context: { active, items: chips },
    messages: history.slice(-HISTORY_SENT),
  };
}

function useTransport(backend: BackendConfig, client: WorkspaceClient, context: RequestContext) {
  const live = useRef(context);
  live.current = context;
  const headers = useCallback(async (): Promise<Record<string, string>> => {
    const { data } = await client.auth.getSession();
    const token = data.session?.access_token;
    return { apikey: backend.anonKey, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  }, [client, backend.anonKey]);
  const endpoint = `${backend.url}/functions/v1/chat`;
  const [transport] = useState(
    () =>
      new DefaultChatTransport({
        api: endpoint,
        headers,
        prepareSendMessagesRequest: ({ id, messages }) => ({ body: requestBody(id, messages, live.current) }),
      }),
  );
  return { transport, endpoint, headers };
}

/**
 * Restores the active chat from the cache, then replaces its messages with the server's copy. The writer
 * comes first: once they have sent or opened a chat (`touched` moved on), neither step replaces it. Each
 * step is rendered at once (flushSync): a question sent before that render would go to the chat being
 * replaced, and vanish with it.
 */
function useRestore(
  client: WorkspaceClient,
  cache: ChatCache,
  show: (session: Session, items?: ContextItem[]) => void,
  touched: { readonly current: number },
) {
  const shown = useRef(show);
  shown.current = show;
  useEffect(() => {
    let current = true;
    const untouched = touched.current;
    const stillWanted = () => current && touched.current === untouched;
    void cache.restore().then(async (cached) => {
      if (!cached || !stillWanted()) return;
      flushSync(() =>
        shown.current(
          { id: cached.chat.id, title: cached.chat.title, messages: cached.messages },
          cached.items,
        ),
      );
      const fromServer = await loadMessages(client, cached.chat.id).catch(() => undefined);
      if (stillWanted() && fromServer && fromServer.length > 0) {
        flushSync(() =>
          shown.current({ id: cached.chat.id, title: cached.chat.title, messages: fromServer }),
        );
      }
    });
    return () => {
      current = false;
    };
  }, [client, cache, touched]);
}

export function useConversation({
  backend,
  client,
  userId,
  context,
  onFailure,
  onChipsRestored,
}: {
  backend: BackendConfig;
  client: WorkspaceClient;
  userId: string;
  context: RequestContext;
  onFailure: (failure: SendFailure, prompt: string) => void;
  onChipsRestored: (items: ContextItem[]) => void;
}) {
  const cache = useMemo(() => openChatCache(userId), [userId]);
  const { transport, endpoint, headers } = useTransport(backend, client, context);
  const [session, setSession] = useState(freshSession);
  const lastPrompt = useRef('');
  const failed = useRef(onFailure);
  failed.current = onFailure;

  const chat = useMemo(
    () =>
      new Chat<UIMessage>({
        id: session.id,
        messages: session.messages,
        transport,
        generateId: () => crypto.randomUUID(),
        onError: (error) => failed.current(readSendFailure(error), lastPrompt.current),
      }),
    [session, transport],
  );
  const conversation = useChat({ chat });
  const show = useCallback(
    (next: Session, items?: ContextItem[]) => {
      setSession(next);
      if (items) onChipsRestored(items);
    },
    [onChipsRestored],
  );
  // Bumped by each question sent and each chat the writer opens: the restore then gives way.
  const touched = useRef(0);
  const open = useCallback(
    (next: Session, items?: ContextItem[]) => {
      touched.current += 1;
      show(next, items);
    },
    [show],
  );
  useRestore(client, cache, show, touched);

  const { messages, status } = conversation;
  // Kept on the device when a question is sent and when its answer ends (not at each streamed word): a
  // reload that cuts an answer reopens this chat with the question in it, and the server's copy after it.
  // A failed question leaves the list (conversation.tsx), and so the kept chat.
  useEffect(() => {
    if (status === 'streaming') return;
    if (messages.length > 0) void cache.save({ id: chat.id, title: session.title }, messages, context.chips);
    else if (status === 'error') void cache.forget(chat.id);
  }, [status, messages, cache, chat.id, session.title, context.chips]);

  const send = useCallback(
    (input: string) => {
      const prompt = chatPrompt(input);
      if (!prompt || status === 'submitted' || status === 'streaming') return false;
      lastPrompt.current = prompt;
      touched.current += 1;
      conversation.clearError();
      void conversation.sendMessage({ text: prompt });
      return true;
    },
    [conversation, status],
  );

  return {
    ...conversation,
    session,
    open,
    newChat: () => {
      void conversation.stop();
      void cache.leave();
      open(freshSession(), []);
      lastPrompt.current = '';
    },
    forget: (id: string) => cache.forget(id),
    send,
    lastPrompt: () => lastPrompt.current,
    endpoint,
    headers,
  };
}
