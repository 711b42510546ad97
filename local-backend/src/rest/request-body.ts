import type { Context } from 'hono';
import { RestError } from './rest-error.ts';

/**
 * Deepest JSON nesting a body may have. V8's JSON.stringify and Postgres's json parser recurse once per
 * level: 20,000 levels threw in Node (answered 500) and made PGlite answer an empty result.
 */
export const MAX_JSON_DEPTH = 512;

/** Whether `text` nests arrays and objects deeper than `limit` (a linear scan, no recursion). */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

/** Reads the JSON body; PostgREST answers PGRST102 for an empty or unparsable one. */
export async function readJson(context: Context, emptyValue?: unknown): Promise<unknown> {
  const text = await context.req.text();
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new RestError({
      status: 400,
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
    });
  }
  if (text.trim() === '') {
    if (emptyValue !== undefined) return emptyValue;
  } else {
    try {
      return JSON.parse(text);
    } catch {
      // Answered below.
    }
  }
  throw new RestError({ status: 400, code: 'PGRST102', message: 'Empty or invalid json' });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
