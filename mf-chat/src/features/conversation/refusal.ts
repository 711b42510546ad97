// What a failed send means: a refusal the pricing dialog answers (429 daily limit, 403 premium model),
// or an error; each with what the error banner says. The AI SDK reports a non-2xx answer with its body
// as the message.
import { isOfflineFailure, messages, RATE_LIMIT_PERIODS, type RateLimitKind } from 'shared-kernel';

/** Which daily limit refused the question and when it resets, when the answer said both. */
export type LimitReached = { kind: RateLimitKind; resetsAt: Date };

export type SendFailure = { readonly message: string } & (
  | { kind: 'rate-limit'; limit: LimitReached | null }
  | { kind: 'premium-feature'; feature: string }
  | { kind: 'error' }
);

function limitOf({ kind, resetsAt }: { kind?: string; resetsAt?: string }): LimitReached | null {
  const resets = new Date(resetsAt ?? '');
  if (!kind || !Object.hasOwn(RATE_LIMIT_PERIODS, kind) || Number.isNaN(resets.getTime())) return null;
  return { kind: kind as RateLimitKind, resetsAt: resets };
}

export function readSendFailure(error: Error): SendFailure {
  try {
    const body = JSON.parse(error.message) as {
      code?: string;
      error?: string;
      feature?: string;
      kind?: string;
      resetsAt?: string;
    };
    const message = typeof body.error === 'string' ? body.error : error.message;
    if (body.code === 'rate-limit') return { kind: 'rate-limit', limit: limitOf(body), message };
    if (body.code === 'premium-feature')
      return { kind: 'premium-feature', feature: body.feature ?? '', message };
    return { kind: 'error', message };
  } catch {
    // Not JSON: a network failure or an error from the stream itself.
  }
  // No answer came (offline, or the server down): said as the rest of the workspace says it, not as the
  // browser's "Failed to fetch".
  if (isOfflineFailure(error)) return { kind: 'error', message: messages.offline.needsConnection };
  return { kind: 'error', message: error.message };
}
