import { messages } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { readSendFailure } from './refusal.ts';

describe('readSendFailure', () => {
  it('tells the daily limit and a premium model from other failures', () => {
    expect(
      readSendFailure(
        new Error(
          '{"error":"x","code":"rate-limit","kind":"chatMessages","resetsAt":"2026-11-27T00:00:00Z"}',
        ),
      ),
    ).toEqual({
      kind: 'rate-limit',
      limit: { kind: 'chatMessages', resetsAt: new Date('2026-11-27T00:00:00Z') },
      message: 'x',
    });
    // Without a limit it knows, or a time it can read, the refusal still opens pricing.
    expect(readSendFailure(new Error('{"error":"x","code":"rate-limit","kind":"naps"}'))).toEqual({
      kind: 'rate-limit',
      limit: null,
      message: 'x',
    });
    expect(
      readSendFailure(new Error('{"error":"x","code":"premium-feature","feature":"Advanced chat"}')),
    ).toEqual({
      kind: 'premium-feature',
      feature: 'Advanced chat',
      message: 'x',
    });
    expect(readSendFailure(new Error('{"error":"User not authenticated"}'))).toEqual({
      kind: 'error',
      message: 'User not authenticated',
    });
    expect(readSendFailure(new Error('The provider failed'))).toEqual({
      kind: 'error',
      message: 'The provider failed',
    });
    // fetch() rejects with a TypeError when no answer came: offline, or the server down.
    expect(readSendFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'error',
      message: messages.offline.needsConnection,
    });
  });
});
