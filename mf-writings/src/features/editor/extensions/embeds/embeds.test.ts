import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, isSafeLinkHref } from '../links/index.ts';
import { isAllowedEmbedSrc, parseEmbedUrl } from './embeds.ts';

const src = (url: string) => parseEmbedUrl(url)?.src ?? null;

describe('parseEmbedUrl', () => {
  it('reads YouTube watch, youtu.be, shorts and embed links', () => {
    const expected = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      '  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ',
    ]) {
      expect(src(url), url).toBe(expected);
    }
    expect(parseEmbedUrl('https://youtu.be/dQw4w9WgXcQ')?.provider).toBe('youtube');
  });

  it('reads Spotify tracks, albums, playlists, episodes and shows, localised links too', () => {
    for (const kind of ['track', 'album', 'playlist', 'episode', 'show']) {
      expect(src(`https://open.spotify.com/${kind}/4uLU6hMCjMI75M1A2tKUQC`)).toBe(
        `https://open.spotify.com/embed/${kind}/4uLU6hMCjMI75M1A2tKUQC`,
      );
    }
    expect(src('https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=x')).toBe(
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    expect(src('https://open.spotify.com/artist/4uLU6hMCjMI75M1A2tKUQC')).toBeNull();
  });

  it('reads X and Twitter status links', () => {
    for (const url of [
      'https://x.com/someone/status/1234567890',
      'https://twitter.com/someone/status/1234567890?s=20',
      'https://mobile.twitter.com/someone/status/1234567890',
    ]) {
      expect(src(url), url).toBe('https://platform.twitter.com/embed/Tweet.html?id=1234567890');
    }
    expect(src('https://x.com/someone')).toBeNull();
    expect(src('https://x.com/someone/status/not-a-number')).toBeNull();
  });

  it('reads Loom share and embed links', () => {
    expect(src('https://www.loom.com/share/0123456789abcdef')).toBe(
      'https://www.loom.com/embed/0123456789abcdef',
    );
    expect(src('https://loom.com/embed/0123456789abcdef')).toBe(
      'https://www.loom.com/embed/0123456789abcdef',
    );
  });

  it('leaves every other link and text alone', () => {
    for (const text of [
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=<script>',
      'javascript:alert("https://youtu.be/dQw4w9WgXcQ")',
      'see https://youtu.be/dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      '',
    ]) {
      expect(parseEmbedUrl(text), text).toBeNull();
    }
  });
});

describe('isAllowedEmbedSrc', () => {
  it('allows only https iframes on the allowlisted hosts', () => {
    expect(isAllowedEmbedSrc('https://www.youtube-nocookie.com/embed/x')).toBe(true);
    expect(isAllowedEmbedSrc('https://open.spotify.com/embed/track/x')).toBe(true);
    expect(isAllowedEmbedSrc('http://www.youtube-nocookie.com/embed/x')).toBe(false);
    expect(isAllowedEmbedSrc('https://evil.example/embed')).toBe(false);
    expect(isAllowedEmbedSrc('javascript:alert(1)')).toBe(false);
    expect(isAllowedEmbedSrc('not a url')).toBe(false);
  });
});

describe('link and image safety', () => {
  it('allows http, https and mailto links only, however javascript: is disguised', () => {
    expect(isSafeLinkHref('https://example.com')).toBe(true);
    expect(isSafeLinkHref('http://example.com')).toBe(true);
    expect(isSafeLinkHref('mailto:me@example.com')).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javascript\u0000:alert(1)',
      '\u007fjavascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'file:///etc/passwd',
      '/relative/path',
      '',
    ]) {
      expect(isSafeLinkHref(href), JSON.stringify(href)).toBe(false);
    }
  });

  it('allows http(s), blob: and raster data: images, never SVG or script', () => {
    expect(isSafeImageSrc('https://cdn.example/a.png')).toBe(true);
    expect(isSafeImageSrc('blob:http://localhost:3000/8b0f')).toBe(true);
    expect(isSafeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSafeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false);
    expect(isSafeImageSrc('x')).toBe(false);
  });
});
