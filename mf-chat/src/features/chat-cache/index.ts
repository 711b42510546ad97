// The local chat cache (IndexedDB): what the panel shows at once on start.
export { type CachedChat, type ChatCache, openChatCache } from './chat-cache.ts';
