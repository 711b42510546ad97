import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest request body each protocol accepts. Past it the request is answered 413 at once: by its
 * Content-Length before any of it is read, and a chunked body is counted as it streams and dropped at
 * the limit. Without limits a 50 MB body stalled every client for 18-30 s (2.4 GB resident).
 */
export const bodyLimits = {
  /** Sign-in, sign-up, tokens: a few fields. */
  auth: 64 * KiB,
  /**
   * Rows as JSON. The longest writing a writer keeps (100,000 words) is ~2 MB of ProseMirror JSON
   * plus its plain text; this leaves room for rich marks and batched rows.
   */
  rest: 8 * MiB,
  /** The largest object a bucket takes (photo-clips: 10 MB) and its multipart framing. */
  storage: 10 * MiB + 64 * KiB,
  /** upload-image's 10 MB image and its multipart framing; other functions take JSON. */
  functions: 10 * MiB + 64 * KiB,
  /** The mail catcher takes no bodies worth the name. */
  mail: 64 * KiB,
  /** The Stripe test mode: form-encoded API calls and its hosted pages' forms, a few fields each. */
  stripe: 64 * KiB,
} as const;

/** "8 MB" for a byte count. */
export const describeBytes = (bytes: number) =>
  bytes >= MiB ? `${Math.floor(bytes / MiB)} MB` : `${Math.floor(bytes / KiB)} KB`;

/**
 * Hono's bodyLimit: it refuses by Content-Length without reading, and counts a chunked body while
 * reading it, stopping at `maxBytes`. `tooLarge` answers in the protocol's own error shape. What
 * the client still sends is discarded by @hono/node-server (at most 64 MB or 500 ms, then it closes
 * the connection): closing at once made clients fail to write (EPIPE) before they read the 413.
 */
export function limitBody(maxBytes: number, tooLarge: (context: Context) => Response): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: tooLarge });
}
