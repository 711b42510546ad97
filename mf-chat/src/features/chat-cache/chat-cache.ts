// The local chat cache (IndexedDB through idb-keyval), one per user: the active chat, the last 50
// messages of each chat, the 10 most recent chats and each chat's context items, within 5 MB (the oldest
// chats' messages are dropped first). It lets the panel show the last chat at once on start, before the
// server answers, and keeps reading possible offline.
import type { UIMessage } from 'ai';
import { createStore, del, get, setMany, type UseStore } from 'idb-keyval';
import {
  CHAT_CACHE_BUDGET_BYTES,
  CHAT_CACHE_MESSAGES_PER_CHAT,
  CHAT_CACHE_RECENT_CHATS,
  type ContextItem,
} from 'shared-kernel';

export interface CachedChat {
  id: string;
  title: string;
  lastActive: number;
  messageCount: number;
}

export interface ChatCache {
  /** The chat shown last, its messages and context items; undefined when there is none. */
  restore(): Promise<{ chat: CachedChat; messages: UIMessage[]; items: ContextItem[] } | undefined>;
  /** Keeps a chat as the active one, with its last 50 messages and its context items. */
  save(
    chat: Omit<CachedChat, 'lastActive' | 'messageCount'>,
    messages: UIMessage[],
    items: ContextItem[],
  ): Promise<void>;
  forget(id: string): Promise<void>;
  /** No chat kept is the active one any more (New chat): a reload opens a new chat, not the one left. */
  leave(): Promise<void>;
}

const sizeOf = (value: unknown) => new Blob([JSON.stringify(value ?? null)]).size;

/** The cache of one user. Failures are logged and otherwise ignored: the server holds every chat. */
export function openChatCache(userId: string): ChatCache {
  const store: UseStore = createStore(`writers-chat-${userId}`, 'cache');
  // One step at a time, in the order asked: a chat forgotten while it was still being saved (a question
  // that failed at once) must not be left as the active chat by the save's later writes.
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>) => {
    const run = previous.then(work).catch((error: unknown) => {
      console.warn('[chat] local chat cache unavailable', error);
      return undefined;
    });
    previous = run;
    return run;
  };

  async function keepWithinBudget(recent: CachedChat[]): Promise<CachedChat[]> {
    const kept = [...recent];
    let total = 0;
    const sizes = await Promise.all(
      kept.map(async (chat) => sizeOf(await get(`messages:${chat.id}`, store))),
    );
    total = sizes.reduce((sum, size) => sum + size, 0);
    // Newest first: drop from the end (the oldest) until the cache fits, always keeping the active chat.
    while (total > CHAT_CACHE_BUDGET_BYTES && kept.length > 1) {
      const oldest = kept.pop() as CachedChat;
      total -= sizes[kept.length] ?? 0;
      await Promise.all([del(`messages:${oldest.id}`, store), del(`context:${oldest.id}`, store)]);
    }
    return kept;
  }

  return {
    restore: () =>
      inTurn(async () => {
        const chat = await get<CachedChat>('active', store);
        if (!chat) return undefined;
        const [messages = [], items = []] = await Promise.all([
          get<UIMessage[]>(`messages:${chat.id}`, store),
          get<ContextItem[]>(`context:${chat.id}`, store),
        ]);
        return { chat, messages, items };
      }),
    save: async (chat, messages, items) => {
      await inTurn(async () => {
        const entry: CachedChat = { ...chat, lastActive: Date.now(), messageCount: messages.length };
        const recent = ((await get<CachedChat[]>('recent', store)) ?? []).filter(
          (other) => other.id !== chat.id,
        );
        const dropped = recent.slice(CHAT_CACHE_RECENT_CHATS - 1);
        await Promise.all(
          dropped.flatMap((old) => [del(`messages:${old.id}`, store), del(`context:${old.id}`, store)]),
        );
        await setMany(
          [
            ['active', entry],
            [`messages:${chat.id}`, messages.slice(-CHAT_CACHE_MESSAGES_PER_CHAT)],
            [`context:${chat.id}`, items],
          ],
          store,
        );
        const kept = await keepWithinBudget([entry, ...recent.slice(0, CHAT_CACHE_RECENT_CHATS - 1)]);
        await setMany([['recent', kept]], store);
      });
    },
    forget: async (id) => {
      await inTurn(async () => {
        const recent = ((await get<CachedChat[]>('recent', store)) ?? []).filter((chat) => chat.id !== id);
        const active = await get<CachedChat>('active', store);
        await Promise.all([del(`messages:${id}`, store), del(`context:${id}`, store)]);
        await setMany([['recent', recent]], store);
        if (active?.id === id) await del('active', store);
      });
    },
    leave: async () => {
      await inTurn(() => del('active', store));
    },
  };
}
