// The conversation (loaded after the first paint: the AI SDK and the Markdown renderer live here).
export { Conversation, type ConversationProps } from './conversation.tsx';
export { requestBody } from './use-conversation.ts';
