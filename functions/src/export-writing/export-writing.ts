import {
  type DocumentNode,
  documentToHtml,
  documentToMarkdown,
  exportFileName,
  FEATURE_LABELS,
  messages,
} from 'shared-kernel/domain';
import { signedInCaller, userHasFeature } from '../caller.ts';
import type { FunctionHandler } from '../index.ts';

const FORMATS = {
  markdown: { type: 'text/markdown; charset=utf-8' },
  html: { type: 'text/html; charset=utf-8' },
} as const;

const failure = (error: string, status: number, extra: object = {}) =>
  Response.json({ error, ...extra }, { status });

/**
 * POST `{ writingId, format: 'markdown' | 'html' }` with the caller's Bearer token: the writing as a
 * file to download. Export is a LITE+ feature, checked here against the tier in the subscription mirror
 * (403 with what opens the 'Premium Feature' dialog); the writing is read AS THE CALLER, so a writing
 * they cannot read is 404 like one that does not exist.
 */
export const exportWriting: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return failure('Method not allowed', 405);
  const caller = await signedInCaller(request, env);
  if (!caller) return failure(messages.auth.notAuthenticated, 401);
  const body = (await request.json().catch(() => ({}))) as { writingId?: unknown; format?: unknown };
  const format = FORMATS[body.format as keyof typeof FORMATS];
  if (typeof body.writingId !== 'string' || !format) return failure(messages.exportWriting.badRequest, 400);
  if (!(await userHasFeature(env, caller.userId, 'export'))) {
    const feature = FEATURE_LABELS.export;
    return failure(messages.pricing.premiumFeature(feature), 403, { code: 'premium-feature', feature });
  }
  const { data: writing } = await caller.client
    .from('writings')
    .select('title, content')
    .eq('id', body.writingId)
    .maybeSingle();
  if (!writing) return failure(messages.exportWriting.notFound, 404);
  const doc = writing.content as DocumentNode | null;
  const text = body.format === 'html' ? documentToHtml(doc, writing.title) : documentToMarkdown(doc);
  const name = exportFileName(writing.title, body.format as keyof typeof FORMATS);
  return new Response(text, {
    headers: {
      'content-type': format.type,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
};
