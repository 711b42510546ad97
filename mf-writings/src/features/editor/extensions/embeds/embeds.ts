/** The services a link can be embedded from. */
export type EmbedProvider = 'youtube' | 'spotify' | 'twitter' | 'loom';

/** An embeddable link: where the iframe points and the link it came from. */
export interface Embed {
  provider: EmbedProvider;
  /** The iframe's URL, always on an allowlisted host. */
  src: string;
  /** The link as pasted, kept for the fallback and for copying. */
  url: string;
}

/** The only hosts an iframe may load. */
export const EMBED_HOSTS: ReadonlySet<string> = new Set([
  'www.youtube-nocookie.com',
  'open.spotify.com',
  'platform.twitter.com',
  'www.loom.com',
]);

/**
 * The sandbox of every embed: scripts and the provider's own origin (players need both), popups so
 * "watch on YouTube" opens a tab; no top navigation, forms or downloads.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-presentation';

const ID = /^[A-Za-z0-9_-]+$/;
const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'episode', 'show']);

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
}

function youtube(url: URL, segments: string[]): string | null {
  const host = hostOf(url);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    if (segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments[0] === 'shorts' || segments[0] === 'embed' || segments[0] === 'live') id = segments[1];
  }
  return id && ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

function spotify(url: URL, segments: string[]): string | null {
  if (hostOf(url) !== 'open.spotify.com') return null;
  // Localised links carry a prefix: /intl-de/track/<id>; embed links /embed/track/<id>.
  const rest = segments.filter((segment, index) => !(index === 0 && /^(intl-[a-z-]+|embed)$/i.test(segment)));
  const [kind, id] = rest;
  return kind && id && SPOTIFY_KINDS.has(kind) && ID.test(id)
    ? `https://open.spotify.com/embed/${kind}/${id}`
    : null;
}

function twitter(url: URL, segments: string[]): string | null {
  const host = hostOf(url);
  if (host !== 'twitter.com' && host !== 'x.com') return null;
  const [, status, id] = segments;
  return (status === 'status' || status === 'statuses') && id && /^\d+$/.test(id)
    ? `https://platform.twitter.com/embed/Tweet.html?id=${id}`
    : null;
}

function loom(url: URL, segments: string[]): string | null {
  if (hostOf(url) !== 'loom.com') return null;
  const [kind, id] = segments;
  return (kind === 'share' || kind === 'embed') && id && ID.test(id)
    ? `https://www.loom.com/embed/${id}`
    : null;
}

const PARSERS: Record<EmbedProvider, (url: URL, segments: string[]) => string | null> = {
  youtube,
  spotify,
  twitter,
  loom,
};

/**
 * The embed a link stands for: YouTube (watch, youtu.be, shorts, embed), Spotify (track, album,
 * playlist, episode, show), X/Twitter status links, Loom (share, embed). `null` for any other text,
 * which then stays a plain link or text.
 */
export function parseEmbedUrl(text: string): Embed | null {
  const trimmed = text.trim();
  if (/\s/.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  for (const provider of Object.keys(PARSERS) as EmbedProvider[]) {
    const src = PARSERS[provider](url, segments);
    if (src) return { provider, src, url: trimmed };
  }
  return null;
}

/** Whether an iframe may load `src`: https on an allowlisted host. Checked again when a document loads. */
export function isAllowedEmbedSrc(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && EMBED_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}
