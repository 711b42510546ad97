// The chat's settings: the writer's config (device + user metadata) and what the server offers.

export { useChatConfig } from './chat-config.ts';
export { ChatToolbar } from './chat-toolbar.tsx';
export { type ModelOffer, type OfferedModel, useModelOffer } from './model-offer.ts';
