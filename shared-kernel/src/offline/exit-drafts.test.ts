// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitDrafts } from './exit-drafts.ts';

const draft = (text: string) => ({
  title: 'Train',
  content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});
const writings = (userId: string) =>
  exitDrafts<ReturnType<typeof draft>>('writings', userId, (kept) => kept.content);

describe('drafts kept when the page closes', () => {
  afterEach(() => localStorage.clear());

  it('are kept per area and writer and found by the local or the server id of the item', () => {
    writings('writer-a').keep('local_0f8c', draft('last words'));
    expect(writings('writer-a').find('0f8c')).toEqual(draft('last words'));
    expect(writings('writer-a').find('local_0f8c')).toEqual(draft('last words'));
    expect(writings('writer-a').ids()).toEqual(['0f8c']);
    expect(writings('writer-b').find('0f8c')).toBeUndefined();
    expect(exitDrafts('ideas', 'writer-a').find('0f8c')).toBeUndefined();
  });

  it('are forgotten once a save of the same text is in, not of an older one', () => {
    writings('writer-a').keep('w1', draft('newer'));
    writings('writer-a').forget('w1', draft('older').content);
    expect(writings('writer-a').find('w1')).toEqual(draft('newer'));
    writings('writer-a').forget('w1', draft('newer').content);
    expect(writings('writer-a').find('w1')).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('are stale once the item was saved after them (from another tab or device): forgotten, never shown', () => {
    writings('writer-a').keep('w1', draft('closed with this'));
    const keptAt = Date.now();
    expect(writings('writer-a').find('w1', new Date(keptAt - 60_000).toISOString())).toEqual(
      draft('closed with this'),
    );
    expect(writings('writer-a').find('w1', new Date(keptAt + 60_000).toISOString())).toBeUndefined();
    expect(writings('writer-a').find('w1')).toBeUndefined();
  });

  it('are stale as the area tells, when it knows better than the time they were kept', async () => {
    const typedOverDrafts = exitDrafts<ReturnType<typeof draft> & { base: string }>('writings', 'writer-a');
    const earlier = '2026-12-02T07:00:00.5+00:00';
    const later = '2026-12-02T07:00:01.25+00:00';
    const typed = { ...draft('typed over the earlier'), base: earlier };
    typedOverDrafts.keep('w1', typed);
    // Kept just now, after both versions were saved: by its time alone it would be the newest.
    const typedOver = (shown: string) => (kept: { base: string }) => kept.base < shown;
    expect(typedOverDrafts.find('w1', earlier, undefined, typedOver(earlier))).toEqual(typed);
    const keep = vi.fn(() => true);
    expect(typedOverDrafts.find('w1', later, keep, typedOver(later))).toBeUndefined();
    await vi.waitFor(() => expect(keep).toHaveBeenCalledWith(typed));
    await vi.waitFor(() => expect(typedOverDrafts.find('w1')).toBeUndefined());
  });

  it('are judged by the time they were kept where the area cannot tell', () => {
    writings('writer-a').keep('w1', draft('no version known'));
    const keptAt = Date.now();
    const cannotTell = () => undefined;
    const before = new Date(keptAt - 60_000).toISOString();
    expect(writings('writer-a').find('w1', before, undefined, cannotTell)).toEqual(draft('no version known'));
    const after = new Date(keptAt + 60_000).toISOString();
    expect(writings('writer-a').find('w1', after, undefined, cannotTell)).toBeUndefined();
    expect(writings('writer-a').find('w1')).toBeUndefined();
  });

  it('when stale, are handed over to be kept elsewhere once, and forgotten only once kept', async () => {
    writings('writer-a').keep('w1', draft('closed with this'));
    const savedSince = new Date(Date.now() + 60_000).toISOString();
    const handed: string[] = [];
    let answer: (isKept: boolean) => void = () => {};
    const keepStale = (stale: ReturnType<typeof draft>) => {
      handed.push(stale.content.content[0]?.content[0]?.text ?? '');
      return new Promise<boolean>((resolve) => {
        answer = resolve;
      });
    };
    expect(writings('writer-a').find('w1', savedSince, keepStale)).toBeUndefined();
    // Opened again while it is being kept: not handed over twice.
    expect(writings('writer-a').find('w1', savedSince, keepStale)).toBeUndefined();
    await vi.waitFor(() => expect(handed).toEqual(['closed with this']));
    // Not kept (a refused folder, no device store): it stays for the next time the item shows.
    answer(false);
    await vi.waitFor(() => {
      writings('writer-a').find('w1', savedSince, keepStale);
      expect(handed).toHaveLength(2);
    });
    expect(writings('writer-a').ids()).toEqual(['w1']);
    answer(true);
    await vi.waitFor(() => expect(writings('writer-a').ids()).toEqual([]));
  });

  it('when stale and the keeping fails, stay kept on the device', async () => {
    writings('writer-a').keep('w1', draft('closed with this'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = () => Promise.reject(new Error('QuotaExceededError'));
    writings('writer-a').find('w1', new Date(Date.now() + 60_000).toISOString(), failing);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
    expect(writings('writer-a').find('w1')).toEqual(draft('closed with this'));
  });

  it('leave the page working when the storage is unreadable', () => {
    localStorage.setItem('writings-exit-drafts:writer-a', '{not json');
    expect(writings('writer-a').find('w1')).toBeUndefined();
    expect(writings('writer-a').keep('w1', draft('kept anyway'))).toBe(true);
    expect(writings('writer-a').find('w1')).toEqual(draft('kept anyway'));
  });

  it('say when the storage refused one (full), keeping the earlier drafts as they were', () => {
    writings('writer-a').keep('w1', draft('earlier'));
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(writings('writer-a').keep('w2', draft('too long'))).toBe(false);
    } finally {
      full.mockRestore();
    }
    expect(writings('writer-a').ids()).toEqual(['w1']);
  });
});
