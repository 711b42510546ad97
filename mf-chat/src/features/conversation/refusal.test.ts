import { describe, expect, it } from 'vitest';
import { readSendFailure } from './refusal.ts';

describe('readSendFailure', () => {
  it('tells the daily limit and a premium model from other failures', () => {
    expect(
      readSendFailure(new Error('{"error":"x","code":"rate-limit","resetsAt":"2026-11-27T00:00:00Z"}')),
    ).toEqual({
      kind: 'rate-limit',
      resetsAt: '2026-11-27T00:00:00Z',
    });
    expect(
      readSendFailure(new Error('{"error":"x","code":"premium-feature","feature":"Advanced chat"}')),
    ).toEqual({
      kind: 'premium-feature',
      feature: 'Advanced chat',
    });
    expect(readSendFailure(new Error('{"error":"User not authenticated"}'))).toEqual({
      kind: 'error',
      message: 'User not authenticated',
    });
    expect(readSendFailure(new Error('Failed to fetch'))).toEqual({
      kind: 'error',
      message: 'Failed to fetch',
    });
  });
});
