import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type SpawnedTestBackend, spawnTestBackend } from 'local-backend/testing';
import { getSupabaseClient, messages, type WorkspaceClient } from 'shared-kernel';
import { createTestAreaProps } from 'shared-kernel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOf } from '../../testing/documents.ts';
import { disconnectWritingsStore, getWritingsState } from '../writings-store/index.ts';
import { Sidebar } from './sidebar.tsx';

let backend: SpawnedTestBackend;
let client: WorkspaceClient;
let userId: string;

beforeAll(async () => {
  // happy-dom lays nothing out: give elements a viewport's size so the virtualizer renders rows.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 300 });
  backend = await spawnTestBackend();
  client = getSupabaseClient(backend);
  const { data, error } = await client.auth.signUp({
    email: `sidebar-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'a-password',
  });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  userId = data.user.id;
  const rows = Array.from({ length: 30 }, (_, index) => ({
    user_id: userId,
    title: `Story ${index}`,
    content: documentOf(`Story ${index}`, `Body of story ${index}`),
    created_at: new Date(Date.now() - (30 - index) * 60_000).toISOString(),
  }));
  await client.from('writings').insert(rows);
}, 120_000);

afterAll(async () => {
  disconnectWritingsStore();
  await backend?.stop();
});

describe('Sidebar', { timeout: 30_000 }, () => {
  it('lists the newest writings first with their preview, creates a writing with New, and filters by a new folder', async () => {
    const props = createTestAreaProps({ backend, user: { id: userId, email: 'x@example.com' } });
    render(<Sidebar {...props} />);

    const list = await screen.findByRole('listbox', { name: 'Writings' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('Story 29');
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('Body of story 29');
    expect(screen.getByText('Today')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: messages.writings.newWriting }));
    await waitFor(() => expect(getWritingsState().selectedWritingId).not.toBeNull());
    expect(props.events).toContainEqual({ type: 'writings.new' });
    expect(within(list).getAllByRole('option')[0]?.textContent).toContain('Untitled');

    fireEvent.click(screen.getByRole('button', { name: messages.writings.newFolder }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.categories.nameRequired);
    fireEvent.change(screen.getByRole('textbox', { name: 'Folder name' }), { target: { value: 'Poems' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Poems' }));
    expect(await screen.findByText(messages.writings.empty)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: messages.writings.search }));
    expect(props.events).toContainEqual({ type: 'search.open' });
  });
});
