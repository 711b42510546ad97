/**
 * What storage accepts and how it serves it back. Objects are served from the backend's own origin, where
 * the auth pages and the mail inbox live, so stored bytes must never run as a page there: a declared type
 * is parsed strictly (a browser reads `image/png,text/html` as HTML), a declared image type must match the
 * file's magic numbers, and every object is served with `nosniff` and a sandboxing CSP.
 */
import { imageTypeOf } from 'functions';
import { storageErrors } from './storage-error.ts';

// RFC 9110 §5.6.2 token characters: a type or subtype is one token, nothing else.
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const parameter = `;[ \\t]*${token}=(?:${token}|"[^"\\\\\\r\\n]*")[ \\t]*`;
const mediaTypePattern = new RegExp(`^(${token})/(${token})[ \\t]*((?:${parameter})*)$`);

/** A strictly parsed media type: its lowercase `type/subtype` and its parameters as sent (may be ''). */
export interface MediaType {
  essence: string;
  parameters: string;
}

/**
 * Parses one media type: `type/subtype` with optional `; name=value` parameters, and nothing else. A
 * list (`image/png,text/html`), a stray character or an empty value is refused (undefined).
 */
export function parseMediaType(text: string): MediaType | undefined {
  const match = mediaTypePattern.exec(text.trim());
  if (!match) return undefined;
  const [, type = '', subtype = '', parameters = ''] = match;
  return { essence: `${type}/${subtype}`.toLowerCase(), parameters: parameters.trim() };
}

/** The image types whose magic numbers `imageTypeOf` knows: their bytes must say the same. */
const signedImageTypes: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/**
 * Checks an upload's declared type against the bucket's allowed types and, for a raster image type,
 * against its bytes; returns the type to store (as declared, trimmed). Throws a 415 StorageError
 * otherwise.
 */
export function checkUploadType(
  allowed: readonly string[] | null,
  declared: string,
  bytes: Uint8Array,
): string {
  const mediaType = parseMediaType(declared);
  if (!mediaType) throw storageErrors.invalidMimeType(declared);
  const { essence } = mediaType;
  if (allowed && allowed.length > 0) {
    const accepted = allowed.some((pattern) => {
      const lower = pattern.toLowerCase();
      return lower.endsWith('/*') ? essence.startsWith(lower.slice(0, -1)) : essence === lower;
    });
    if (!accepted) throw storageErrors.invalidMimeType(declared);
  }
  if (signedImageTypes.has(essence) && imageTypeOf(bytes)?.mimeType !== essence) {
    throw storageErrors.contentMismatch(essence);
  }
  return declared.trim();
}

/**
 * The headers that keep a served object inert: the browser takes the type as given (no sniffing), runs
 * nothing in it (a sandboxed document with no sources), and downloads anything but a raster image
 * instead of showing it. An object stored before these checks, with a type that no longer parses, is
 * served as plain bytes.
 */
export function servingHeaders(storedType: string): Record<string, string> {
  const mediaType = parseMediaType(storedType);
  const headers: Record<string, string> = {
    'content-type': mediaType ? storedType : 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (!mediaType || !signedImageTypes.has(mediaType.essence)) headers['content-disposition'] = 'attachment';
  return headers;
}
