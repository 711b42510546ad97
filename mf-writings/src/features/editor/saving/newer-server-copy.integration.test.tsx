import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Editor as TiptapEditor } from '@tiptap/core';
import { Selection } from '@tiptap/pm/state';
import { type SpawnedTestBackend, spawnTestBackend } from 'local-backend/testing';
import { getSupabaseClient, type WorkspaceClient } from 'shared-kernel';
import { createTestAreaProps } from 'shared-kernel/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentOf } from '../../../testing/documents.ts';
import { getWriting, saveWriting } from '../../writings-data/index.ts';
import { disconnectWritingsStore, refetchAndMerge } from '../../writings-store/index.ts';
import { Editor } from '../editor.tsx';
import { createSeenVersions } from './newer-server-copy.ts';

let backend: SpawnedTestBackend;
let client: WorkspaceClient;

/** A fresh writer with one writing; the page's client is signed in as them. */
async function writerWithOneWriting(): Promise<{ user: { id: string; email: string }; writingId: string }> {
  const email = `live-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  const inserted = await client
    .from('writings')
    .insert({ user_id: data.user.id, title: 'Letter', content: documentOf('Letter', 'Dear friend.') })
    .select('id')
    .single();
  if (inserted.error) throw inserted.error;
  return { user: { id: data.user.id, email }, writingId: inserted.data.id };
}

/** The open editor (Tiptap keeps its instance on its element) once it shows `text`. */
async function openEditorShowing(text: string): Promise<TiptapEditor> {
  const prose = await screen.findByRole('textbox', { name: 'Writing' });
  await waitFor(() => expect(prose.textContent).toContain(text));
  return (prose as HTMLElement & { editor: TiptapEditor }).editor;
}

/** Someone else saves the writing, and the list (which realtime would prompt) refetches it. */
async function savedElsewhere(writingId: string, body: string): Promise<void> {
  await saveWriting({ client, id: writingId, title: 'Letter', content: documentOf('Letter', body) });
  await refetchAndMerge();
}

beforeAll(async () => {
  backend = await spawnTestBackend();
  client = getSupabaseClient(backend);
}, 120_000);

afterEach(() => {
  vi.useRealTimers();
  disconnectWritingsStore();
});

afterAll(async () => {
  await backend?.stop();
});

describe('the open writing and copies saved elsewhere', { timeout: 30_000 }, () => {
  it('shows a newer copy saved elsewhere in place, keeps the cursor, and recounts the words', async () => {
    const { user, writingId } = await writerWithOneWriting();
    render(<Editor {...createTestAreaProps({ backend, user })} />);
    const editor = await openEditorShowing('Dear friend.');
    editor.commands.setTextSelection(4);
    expect(screen.getByTestId('word-count').textContent).toBe('3 words');

    await savedElsewhere(writingId, 'Dear friend, I write from the coast.');

    await waitFor(() => expect(editor.getText()).toContain('Dear friend, I write from the coast.'));
    expect(editor.state.selection.head).toBe(4);
    expect(screen.getByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('word-count').textContent).toBe('8 words'));
  });

  it('a paragraph added above by someone else moves the cursor down with its text, and undo stays the writer’s', async () => {
    const { user, writingId } = await writerWithOneWriting();
    render(<Editor {...createTestAreaProps({ backend, user })} />);
    const editor = await openEditorShowing('Dear friend.');
    editor.commands.insertContentAt(Selection.atEnd(editor.state.doc).from, ' I write from the coast.');
    await screen.findByText('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');

    // A collaborator adds a paragraph above the writer's, which holds the cursor at its end.
    const above = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Letter' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'A line above.' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Dear friend. I write from the coast.' }] },
      ],
    };
    await saveWriting({ client, id: writingId, title: 'Letter', content: above });
    await refetchAndMerge();

    await waitFor(() => expect(editor.getText()).toContain('A line above.'));
    const { head } = editor.state.selection;
    expect(editor.state.doc.textBetween(head - 'the coast.'.length, head)).toBe('the coast.');
    expect(screen.getByText('Saved')).toBeTruthy();
    // Undo takes back the writer's words, not the collaborator's paragraph.
    editor.commands.undo();
    expect(editor.getText()).toContain('A line above.');
    expect(editor.getText()).not.toContain('I write from the coast.');
  });

  it("keeps the writer's unsaved text when a newer copy is saved elsewhere, and saves it over that copy", async () => {
    const { user, writingId } = await writerWithOneWriting();
    render(<Editor {...createTestAreaProps({ backend, user })} />);
    const editor = await openEditorShowing('Dear friend.');

    // The writer types; the debounced save is held back, so their text is unsaved while the copy arrives.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    editor.commands.insertContentAt(Selection.atEnd(editor.state.doc).from, ' Mine.');
    vi.useRealTimers();
    await screen.findByText('Unsaved changes');

    await savedElsewhere(writingId, 'Their version.');
    // Time for a wrong replacement to land, had one been asked for.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(editor.getText()).toContain('Dear friend. Mine.');
    expect(editor.getText()).not.toContain('Their version.');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(editor.getText()).toContain('Dear friend. Mine.');
    expect(JSON.stringify((await getWriting({ client, id: writingId }))?.content)).toContain(
      'Dear friend. Mine.',
    );
  });
});

describe('the versions an editor pane has seen', () => {
  it('tells a version newer than every one seen of that writing, and only of a writing seen', () => {
    const seen = createSeenVersions();
    expect(seen.isNewer('a', '2026-01-02T00:00:00+00:00')).toBe(false);
    seen.saw('a', '2026-01-02T00:00:00+00:00');
    seen.saw('a', '2026-01-01T00:00:00+00:00');
    expect(seen.isNewer('a', '2026-01-02T00:00:00+00:00')).toBe(false);
    expect(seen.isNewer('a', '2026-01-02T00:00:00.5+00:00')).toBe(true);
    expect(seen.isNewer('b', '2026-01-03T00:00:00+00:00')).toBe(false);
  });
});
