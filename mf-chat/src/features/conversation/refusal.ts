// What a failed send means: a refusal the pricing dialog answers (429 daily limit, 403 premium model),
// or an error for the banner. The AI SDK reports a non-2xx answer with its body as the message.
export type SendFailure =
  | { kind: 'rate-limit'; resetsAt?: string }
  | { kind: 'premium-feature'; feature: string }
  | { kind: 'error'; message: string };

export function readSendFailure(error: Error): SendFailure {
  try {
    const body = JSON.parse(error.message) as {
      code?: string;
      error?: string;
      feature?: string;
      resetsAt?: string;
    };
    if (body.code === 'rate-limit') return { kind: 'rate-limit', resetsAt: body.resetsAt };
    if (body.code === 'premium-feature') return { kind: 'premium-feature', feature: body.feature ?? '' };
    if (typeof body.error === 'string') return { kind: 'error', message: body.error };
  } catch {
    // Not JSON: a network failure or an error from the stream itself.
  }
  return { kind: 'error', message: error.message };
}
