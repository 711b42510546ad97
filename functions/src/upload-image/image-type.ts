/** An image format recognised by its leading bytes. */
export interface ImageType {
  mimeType: string;
  extension: string;
}

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

// ISO-BMFF (AVIF): `ftyp` at 4, then the major brand at 8 and compatible brands from 16 to the box end.
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(boxSize, bytes.length);
  for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
    if (startsWith(bytes, ascii('avif'), offset) || startsWith(bytes, ascii('avis'), offset)) return true;
  }
  return false;
}

/**
 * The image type of a file judged by its magic numbers, never by its name or declared type: PNG, JPEG,
 * GIF, WebP, AVIF and BMP. `null` for anything else, SVG included: it is XML that can carry script, and
 * a public bucket would serve it from our origin.
 */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { mimeType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { mimeType: 'image/webp', extension: 'webp' };
  }
  if (isAvif(bytes)) return { mimeType: 'image/avif', extension: 'avif' };
  // "BM" then the file size and two reserved zero words: "BM" alone starts many text files.
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 14 && startsWith(bytes, [0, 0, 0, 0], 6)) {
    return { mimeType: 'image/bmp', extension: 'bmp' };
  }
  return null;
}
