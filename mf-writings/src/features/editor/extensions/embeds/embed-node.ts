import { Node } from '@tiptap/core';
import { isSafeLinkHref } from '../links/index.ts';
import { EMBED_SANDBOX, isAllowedEmbedSrc, parseEmbedUrl } from './embeds.ts';

const FALLBACK_TEXT: Record<string, string> = {
  twitter: 'View the post on X',
  youtube: 'Open on YouTube',
  spotify: 'Open in Spotify',
  loom: 'Open on Loom',
};

/**
 * An embedded player or post (YouTube, Spotify, X/Twitter, Loom): an atom holding the link it came from.
 * The iframe's address is recomputed from that link on every parse and checked against the host
 * allowlist on every render, so a stored or pasted document cannot point an iframe anywhere else.
 */
export const EmbedNode = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      provider: { default: null },
      src: { default: null },
      url: { default: null },
    };
  },

  parseHTML() {
    const fromLink = (url: string | null) => {
      const embed = url ? parseEmbedUrl(url) : null;
      return embed ? { ...embed } : false;
    };
    return [
      { tag: 'div[data-embed]', getAttrs: (element) => fromLink(element.getAttribute('data-url')) },
      // Pasted players from other sites: only those whose address is itself an embeddable link.
      { tag: 'iframe[src]', getAttrs: (element) => fromLink(element.getAttribute('src')) },
    ];
  },

  renderHTML({ node }) {
    const { provider, src, url } = node.attrs as { provider: string; src: string; url: string };
    const link =
      typeof url === 'string' && isSafeLinkHref(url)
        ? [
            [
              'a',
              { href: url, target: '_blank', rel: 'noopener noreferrer nofollow' },
              FALLBACK_TEXT[provider] ?? url,
            ],
          ]
        : [];
    if (typeof src !== 'string' || !isAllowedEmbedSrc(src)) {
      return ['div', { 'data-embed': 'blocked', 'data-url': url }, ...link];
    }
    return [
      'div',
      { 'data-embed': provider, 'data-url': url },
      [
        'iframe',
        {
          src,
          sandbox: EMBED_SANDBOX,
          allow: 'encrypted-media; picture-in-picture; fullscreen',
          loading: 'lazy',
          referrerpolicy: 'strict-origin-when-cross-origin',
          title: `${provider} embed`,
        },
      ],
      // X/Twitter's embed page needs their script and often shows nothing: the link frames it.
      ...(provider === 'twitter' ? link : []),
    ];
  },
});
