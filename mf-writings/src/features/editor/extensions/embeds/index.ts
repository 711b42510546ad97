// Embeds: YouTube, Spotify, X and Loom links become sandboxed frames.
export { EmbedNode } from './embed-node.ts';
export { EMBED_HOSTS, EMBED_SANDBOX, type Embed, isAllowedEmbedSrc, parseEmbedUrl } from './embeds.ts';
