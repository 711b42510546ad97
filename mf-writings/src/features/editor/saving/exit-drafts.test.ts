// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { exitDraftOf, forgetExitDraft, keepExitDraft } from './exit-drafts.ts';

const draft = (text: string) => ({
  title: 'Train',
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});

describe('drafts kept when the page closes', () => {
  afterEach(() => localStorage.clear());

  it('are kept per writer and found by the local or the server id of the writing', () => {
    keepExitDraft('writer-a', 'local_0f8c', draft('last words'));
    expect(exitDraftOf('writer-a', '0f8c')).toEqual(draft('last words'));
    expect(exitDraftOf('writer-a', 'local_0f8c')).toEqual(draft('last words'));
    expect(exitDraftOf('writer-b', '0f8c')).toBeUndefined();
  });

  it('are forgotten once a save of the same text is in, not of an older one', () => {
    keepExitDraft('writer-a', 'w1', draft('newer'));
    forgetExitDraft('writer-a', 'w1', draft('older').content);
    expect(exitDraftOf('writer-a', 'w1')).toEqual(draft('newer'));
    forgetExitDraft('writer-a', 'w1', draft('newer').content);
    expect(exitDraftOf('writer-a', 'w1')).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('leave the page working when the storage is unreadable', () => {
    localStorage.setItem('writings-exit-drafts:writer-a', '{not json');
    expect(exitDraftOf('writer-a', 'w1')).toBeUndefined();
    keepExitDraft('writer-a', 'w1', draft('kept anyway'));
    expect(exitDraftOf('writer-a', 'w1')).toEqual(draft('kept anyway'));
  });
});
