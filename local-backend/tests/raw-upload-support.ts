import { request as httpRequest } from 'node:http';

/** What a raw upload got back. */
export interface Sent {
  status: number;
  body: string;
  /** Bytes of body written before the answer came. */
  sent: number;
  ms: number;
}

const MiB = 1024 * 1024;

/**
 * Sends a body the raw way a script would: `declared` announces a Content-Length and sends nothing, so
 * only a server that answers without reading can answer; `chunked` streams up to that many bytes in
 * 1 MB chunks while waiting for an answer, of spaces, or of `a` between the two halves of `json`
 * (`['{"title":"', '"}']` makes one valid JSON string of that size). Gives up after `timeoutMs` (status 0); a
 * failed write is status -1.
 */
export function sendRaw(
  url: string,
  body: { declared: number } | { chunked: number; json?: readonly [string, string] },
  headers: Record<string, string>,
  timeoutMs = 10_000,
): Promise<Sent> {
  return new Promise((resolve) => {
    const start = performance.now();
    let sent = 0;
    let answered = false;
    const outgoing = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...('declared' in body
          ? { 'content-length': String(body.declared) }
          : { 'transfer-encoding': 'chunked' }),
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      answered = true;
      outgoing.destroy();
      resolve({ status: 0, body: `no answer within ${timeoutMs} ms`, sent, ms: performance.now() - start });
    }, timeoutMs);
    outgoing.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        clearTimeout(timer);
        outgoing.destroy();
        resolve({ status: response.statusCode ?? 0, body: text, sent, ms: performance.now() - start });
      });
    });
    // The server may close the connection while the client still writes: that is the point.
    outgoing.on('error', (error) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve({ status: -1, body: String(error), sent, ms: performance.now() - start });
    });
    if ('declared' in body) {
      outgoing.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(MiB, body.json ? 0x61 : 0x20);
    if (body.json) outgoing.write(body.json[0]);
    // One chunk per turn of the event loop, so an answer is read before the next write can fail on
    // the connection the server closed after answering.
    const pump = async () => {
      while (!answered && !outgoing.destroyed && sent < body.chunked) {
        sent += chunk.length;
        if (!outgoing.write(chunk)) await new Promise((drained) => outgoing.once('drain', drained));
        await new Promise((next) => setImmediate(next));
      }
      if (!answered && !outgoing.destroyed) outgoing.end(body.json?.[1]);
    };
    void pump();
  });
}
