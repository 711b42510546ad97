import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchOverlay } from './search-overlay.tsx';
import type { SearchResult } from './search-workspace.ts';
import { SEARCH_DEBOUNCE_MS } from './use-search-results.ts';

interface PendingSearch {
  query: string;
  signal: AbortSignal;
  resolve: (results: SearchResult[]) => void;
  reject: (error: unknown) => void;
}

/** A search whose answers the test gives, one pending request per call. */
function controlledSearch() {
  const pending: PendingSearch[] = [];
  const search = vi.fn(
    (query: string, signal: AbortSignal) =>
      new Promise<SearchResult[]>((resolve, reject) => pending.push({ query, signal, resolve, reject })),
  );
  return { search, pending };
}

const writing: SearchResult = {
  source: 'writing',
  id: 'w1',
  title: 'The moon garden',
  snippet: 'Night flowers open under the moon while the city sleeps.',
};
const idea: SearchResult = { source: 'idea', id: 'i1', title: 'Moon rhymes', snippet: 'Moon, spoon, June.' };

const advance = (milliseconds: number) => act(() => vi.advanceTimersByTime(milliseconds));
// Typing and keys go through fireEvent: user-event waits on real timers, which these tests fake.
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const answer = (request: PendingSearch | undefined, results: SearchResult[]) =>
  act(async () => request?.resolve(results));

function renderOverlay(takeTyped?: () => string) {
  const { search, pending } = controlledSearch();
  const onOpenChange = vi.fn();
  const onChoose = vi.fn();
  const view = render(
    <SearchOverlay
      open
      onOpenChange={onOpenChange}
      search={search}
      onChoose={onChoose}
      takeTyped={takeTyped}
    />,
  );
  const input = screen.getByPlaceholderText('Search writings and ideas…');
  return { search, pending, onOpenChange, onChoose, input, view };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SearchOverlay', () => {
  it('opens as a dialog with the search field focused', async () => {
    const { input } = renderOverlay();
    await advance(0);
    expect(screen.getByRole('dialog', { name: 'Search' })).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });

  it('searches once, 120 ms after typing pauses', async () => {
    const { search, input } = renderOverlay();
    type(input, 'moon');
    expect(search).not.toHaveBeenCalled();

    await advance(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    await advance(1);
    expect(search).toHaveBeenCalledOnce();
    expect(search).toHaveBeenCalledWith('moon', expect.any(AbortSignal));
  });

  it("shows a loading state, then each result's source, title and snippet", async () => {
    const { pending, input } = renderOverlay();
    type(input, 'moon');
    expect(screen.getByRole('img', { name: 'Searching' })).toBeTruthy();
    await advance(SEARCH_DEBOUNCE_MS);

    await answer(pending[0], [writing, idea]);
    expect(screen.queryByRole('img', { name: 'Searching' })).toBeNull();
    const [first, second] = screen.getAllByRole('option');
    expect(within(first as HTMLElement).getByText('Writing')).toBeTruthy();
    expect(first?.textContent).toContain('The moon garden');
    expect(first?.textContent).toContain('Night flowers open under the moon while the city sleeps.');
    expect(within(second as HTMLElement).getByText('Idea')).toBeTruthy();
    expect(second?.textContent).toContain('Moon rhymes');
  });

  it('never lets a slower earlier answer overwrite a newer one', async () => {
    const { pending, input } = renderOverlay();
    type(input, 'moo');
    await advance(SEARCH_DEBOUNCE_MS);
    type(input, 'moon');
    await advance(SEARCH_DEBOUNCE_MS);
    const [earlier, newer] = pending;
    expect([earlier?.query, newer?.query]).toEqual(['moo', 'moon']);
    expect(earlier?.signal.aborted).toBe(true);

    await answer(newer, [idea]);
    await answer(earlier, [writing]);
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('data-value'))).toEqual([
      'idea:i1',
    ]);
  });

  it('chooses a result with the arrow keys and Enter, closing itself', async () => {
    const { pending, onChoose, onOpenChange, input } = renderOverlay();
    type(input, 'moon');
    await advance(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], [writing, idea]);

    press('ArrowDown');
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Moon rhymes');
    press('Enter');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(idea);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('chooses a result with a click', async () => {
    const { pending, onChoose, input } = renderOverlay();
    type(input, 'moon');
    await advance(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], [writing, idea]);

    fireEvent.click(screen.getByText('The moon garden'));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(writing);
  });

  it("says 'No results' when nothing matches", async () => {
    const { pending, input } = renderOverlay();
    type(input, 'zebra');
    expect(screen.queryByText('No results')).toBeNull();
    await advance(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], []);
    expect(screen.getByText('No results')).toBeTruthy();
  });

  it("logs a failed search and shows 'No results'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { pending, input } = renderOverlay();
    type(input, 'moon');
    await advance(SEARCH_DEBOUNCE_MS);
    await act(async () => pending[0]?.reject(new Error('network down')));

    expect(screen.getByText('No results')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      '[shell] search failed',
      expect.objectContaining({ message: 'network down' }),
    );
  });

  it('lists at most 100 results', async () => {
    const { pending, input } = renderOverlay();
    type(input, 'moon');
    await advance(SEARCH_DEBOUNCE_MS);
    await answer(
      pending[0],
      Array.from({ length: 150 }, (_, index) => ({ ...writing, id: `w${index}` })),
    );
    expect(screen.getAllByRole('option')).toHaveLength(100);
  });

  it('puts the keys typed before it showed in its field, and a key typed next goes after them', async () => {
    const { input } = renderOverlay(() => 'petrel6a0');
    // The kept keys are given once the field has the focus; the browser's next key may come before React
    // renders anything else, so the time runs outside act, as the page's does.
    vi.advanceTimersByTime(0);
    type(input, `${(input as HTMLInputElement).value}e`); // 'e' typed at the caret, the end of the field
    await advance(0);
    expect((input as HTMLInputElement).value).toBe('petrel6a0e');
  });

  it('asks to close on Escape', async () => {
    const { onOpenChange } = renderOverlay();
    press('Escape');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('starts afresh each time it opens', async () => {
    const { pending, input, search, view } = renderOverlay();
    type(input, 'moon');
    await advance(SEARCH_DEBOUNCE_MS);
    await answer(pending[0], [writing]);

    view.rerender(<SearchOverlay open={false} onOpenChange={() => {}} search={search} onChoose={() => {}} />);
    await advance(500);
    view.rerender(<SearchOverlay open onOpenChange={() => {}} search={search} onChoose={() => {}} />);
    expect((screen.getByPlaceholderText('Search writings and ideas…') as HTMLInputElement).value).toBe('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });
});
