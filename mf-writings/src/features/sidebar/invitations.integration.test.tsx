import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type SpawnedTestBackend, spawnTestBackend } from 'local-backend/testing';
import { getSupabaseClient, messages, shareCategory, type WorkspaceClient } from 'shared-kernel';
import { createTestAreaProps } from 'shared-kernel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectWritingsStore } from '../writings-store/index.ts';
import { Sidebar } from './sidebar.tsx';

let backend: SpawnedTestBackend;
let client: WorkspaceClient;
const password = 'a-password';
const suffix = crypto.randomUUID().slice(0, 8);
const ownerEmail = `inviter-${suffix}@example.com`;
const recipientEmail = `invitee-${suffix}@example.com`;
let recipientId: string;

async function signUp(email: string): Promise<string> {
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return data.user.id;
}

beforeAll(async () => {
  backend = await spawnTestBackend();
  // One client per page: the owner invites first, then the recipient signs in on it.
  client = getSupabaseClient(backend);
  recipientId = await signUp(recipientEmail);
  await client.auth.signOut();
  const ownerId = await signUp(ownerEmail);
  for (const name of ['Plans', 'URGENT: re-enter your password']) {
    const folder = await client
      .from('categories')
      .insert({ user_id: ownerId, name, item_type: 'writing' })
      .select('id')
      .single();
    if (folder.error) throw folder.error;
    const permission = name === 'Plans' ? 'write' : 'read';
    await shareCategory({
      client,
      userId: ownerId,
      categoryId: folder.data.id,
      email: recipientEmail,
      permission,
    });
  }
  await client.auth.signOut();
  const signedIn = await client.auth.signInWithPassword({ email: recipientEmail, password });
  if (signedIn.error) throw signedIn.error;
}, 120_000);

afterAll(async () => {
  disconnectWritingsStore();
  await backend?.stop();
});

describe('Invitations in the writings sidebar', { timeout: 30_000 }, () => {
  it('names the inviter and the access; Accept adds the folder, Decline drops the invitation for good', async () => {
    const props = createTestAreaProps({ backend, user: { id: recipientId, email: recipientEmail } });
    render(<Sidebar {...props} />);
    const region = await screen.findByRole('region', { name: messages.sharing.invitations });
    const plans = await within(region).findByText(messages.sharing.invitedBy(ownerEmail, 'Plans', 'writing'));
    const spam = within(region).getByText(
      messages.sharing.invitedBy(ownerEmail, 'URGENT: re-enter your password', 'writing'),
    );
    const folders = screen.getByRole('region', { name: 'Folders' });
    expect(within(folders).queryByRole('button', { name: 'Plans' })).toBeNull();

    const plansItem = plans.closest('li') as HTMLElement;
    expect(plansItem.textContent).toContain(messages.sharing.editAccess);
    fireEvent.click(within(plansItem).getByRole('button', { name: messages.sharing.accept }));
    await within(folders).findByRole('button', { name: 'Plans' });

    const spamItem = spam.closest('li') as HTMLElement;
    expect(spamItem.textContent).toContain(messages.sharing.viewOnly);
    const decline = within(spamItem).getByRole('button', { name: messages.sharing.decline });
    // The buttons wait while an answer is on its way.
    await waitFor(() => expect((decline as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(decline);
    await waitFor(
      () =>
        expect(
          screen.queryByRole('region', { name: messages.sharing.invitations })?.textContent ?? null,
        ).toBeNull(),
      { timeout: 5_000 },
    );
    expect(within(folders).queryByRole('button', { name: 'URGENT: re-enter your password' })).toBeNull();
    const stored = await client.from('category_shares').select('id').eq('shared_with_user_id', recipientId);
    expect(stored.data).toHaveLength(1);
  });
});
