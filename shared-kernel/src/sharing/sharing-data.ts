import { messages, noUserWithEmail } from '../domain/messages.ts';
import type { FolderPermission } from '../domain/validation.ts';
import { nonBlank } from '../domain/validation.ts';
import { dataOf } from '../network/data-error.ts';
import type { WorkspaceClient } from '../supabase/client.ts';
import { watchChanges } from '../supabase/live-changes.ts';
import { isOwnStoredFile } from '../supabase/stored-files.ts';

/** Someone a category (folder) is shared with. */
export type Collaborator = {
  readonly shareId: string;
  readonly userId: string;
  readonly email: string | null;
  readonly name: string | null;
  /** Their picture, only when it is a file of theirs in this backend's storage ({@link isOwnStoredFile}). */
  readonly avatarUrl: string | null;
  readonly permission: FolderPermission;
  /** Invited, not accepted yet: the share gives no access until then. */
  readonly pending: boolean;
};

/** A pending share of someone else's category with the signed-in user. */
export type Invitation = {
  readonly shareId: string;
  readonly categoryId: string;
  readonly categoryName: string;
  readonly itemType: 'idea' | 'writing';
  readonly permission: FolderPermission;
  /** The inviter: their name, and their account's e-mail (which users cannot edit). */
  readonly ownerName: string | null;
  readonly ownerEmail: string | null;
};

/** A share's stored level as a permission (anything but 'write' reads). */
export const asPermission = (level: string): FolderPermission => (level === 'write' ? 'write' : 'read');

/**
 * The collaborators of each of `categoryIds`, with their profiles, oldest share first (two queries
 * whatever the number of categories). A category without shares has no entry.
 */
export async function listCollaboratorsByCategory({
  client,
  categoryIds,
}: {
  client: WorkspaceClient;
  categoryIds: readonly string[];
}): Promise<Map<string, Collaborator[]>> {
  const byCategory = new Map<string, Collaborator[]>();
  if (categoryIds.length === 0) return byCategory;
  const shares = dataOf(
    await client
      .from('category_shares')
      .select('id, category_id, shared_with_user_id, permission_level, accepted_at')
      .in('category_id', [...categoryIds])
      .order('created_at'),
  );
  const userIds = [...new Set(shares.map((share) => share.shared_with_user_id))];
  if (userIds.length === 0) return byCategory;
  const users = dataOf(await client.from('users').select('id, email, name, avatar_url').in('id', userIds));
  const profiles = new Map(users.map((user) => [user.id, user]));
  for (const share of shares) {
    const profile = profiles.get(share.shared_with_user_id);
    const collaborators = byCategory.get(share.category_id) ?? [];
    collaborators.push({
      shareId: share.id,
      userId: share.shared_with_user_id,
      email: profile?.email ?? null,
      name: profile?.name ?? null,
      avatarUrl:
        profile?.avatar_url && isOwnStoredFile(client, profile.id, profile.avatar_url)
          ? profile.avatar_url
          : null,
      permission: asPermission(share.permission_level),
      pending: share.accepted_at === null,
    });
    byCategory.set(share.category_id, collaborators);
  }
  return byCategory;
}

/** The collaborators of a category, with their profiles, oldest share first. */
export async function listCollaborators({
  client,
  categoryId,
}: {
  client: WorkspaceClient;
  categoryId: string;
}): Promise<Collaborator[]> {
  const byCategory = await listCollaboratorsByCategory({ client, categoryIds: [categoryId] });
  return byCategory.get(categoryId) ?? [];
}

/** The signed-in user's pending invitations, newest first. */
export async function listInvitations({ client }: { client: WorkspaceClient }): Promise<Invitation[]> {
  const data = dataOf(await client.rpc('list_folder_invitations', undefined, { get: true }));
  return data.map((row) => ({
    shareId: row.share_id,
    categoryId: row.category_id,
    categoryName: row.category_name,
    itemType: row.item_type === 'idea' ? 'idea' : 'writing',
    permission: asPermission(row.permission_level),
    ownerName: row.owner_name,
    ownerEmail: row.owner_email,
  }));
}

/** Accepts an invitation: from now on the share gives its access ('Failed to accept invitation'). */
export async function acceptInvitation({
  client,
  shareId,
}: {
  client: WorkspaceClient;
  shareId: string;
}): Promise<void> {
  const { error } = await client.rpc('accept_folder_invitation', { share_id: shareId });
  if (error) throw new Error(messages.sharing.acceptFailed);
}

/** Declines an invitation: the share is deleted ('Failed to decline invitation'). */
export async function declineInvitation({
  client,
  shareId,
}: {
  client: WorkspaceClient;
  shareId: string;
}): Promise<void> {
  await deleteShare({ client, shareId, failure: messages.sharing.declineFailed });
}

/**
 * Invites a user, found by e-mail (trimmed), to a category with read or write access; the share gives
 * access once they accept it. Sharing again with the same user changes the permission. Errors carry the spec's texts: not the owner, no user with that e-mail, or
 * 'Failed to share folder'; and one's own e-mail is refused with a text of its own (the owner has every
 * right already; the backend would refuse the share as a failure).
 */
export async function shareCategory({
  client,
  userId,
  categoryId,
  email,
  permission,
}: {
  client: WorkspaceClient;
  userId: string;
  categoryId: string;
  email: string;
  permission: FolderPermission;
}): Promise<void> {
  const address = nonBlank(email);
  if (address === null) throw new Error(noUserWithEmail(''));
  const category = await client.from('categories').select('user_id').eq('id', categoryId).maybeSingle();
  if (category.error) throw new Error(messages.sharing.shareFailed);
  if (category.data?.user_id !== userId) throw new Error(messages.sharing.onlyOwnerCanShare);
  const found = await client.rpc('lookup_user_by_email', { user_email: address });
  if (found.error) throw new Error(messages.sharing.shareFailed);
  const recipient = found.data[0];
  if (!recipient) throw new Error(noUserWithEmail(address));
  if (recipient.id === userId) throw new Error(messages.sharing.cannotShareWithYourself);
  const { error } = await client
    .from('category_shares')
    .upsert(
      { category_id: categoryId, shared_with_user_id: recipient.id, permission_level: permission },
      { onConflict: 'category_id,shared_with_user_id' },
    );
  if (error) throw new Error(messages.sharing.shareFailed);
}

/** Changes a share's permission ('Failed to update permission'). */
export async function updateSharePermission({
  client,
  shareId,
  permission,
}: {
  client: WorkspaceClient;
  shareId: string;
  permission: FolderPermission;
}): Promise<void> {
  const { data, error } = await client
    .from('category_shares')
    .update({ permission_level: permission })
    .eq('id', shareId)
    .select('id');
  if (error || data.length === 0) throw new Error(messages.sharing.updatePermissionFailed);
}

/** Removes a share ('Failed to remove share'). */
export async function removeShare({
  client,
  shareId,
}: {
  client: WorkspaceClient;
  shareId: string;
}): Promise<void> {
  await deleteShare({ client, shareId, failure: messages.sharing.removeShareFailed });
}

/** Deletes one share (RLS lets its owner and its recipient); none deleted counts as a failure. */
async function deleteShare({
  client,
  shareId,
  failure,
}: {
  client: WorkspaceClient;
  shareId: string;
  failure: string;
}): Promise<void> {
  const { data, error } = await client.from('category_shares').delete().eq('id', shareId).select('id');
  if (error || data.length === 0) throw new Error(failure);
}

/** A recipient leaves a category shared with them (deletes their own share). */
export async function leaveCategory({
  client,
  categoryId,
  userId,
}: {
  client: WorkspaceClient;
  categoryId: string;
  userId: string;
}): Promise<void> {
  const { error } = await client
    .from('category_shares')
    .delete()
    .eq('category_id', categoryId)
    .eq('shared_with_user_id', userId);
  if (error) throw new Error(messages.sharing.removeShareFailed);
}

/**
 * Calls `onChange` at each change (insert, update, delete) of the shares matching `filter` that the user
 * may see, over realtime: `category_id=eq.<id>` (one category's), `shared_with_user_id=eq.<id>` (a
 * user's invitations). Answers the unsubscribe.
 */
export function watchShares(client: WorkspaceClient, filter: string, onChange: () => void): () => void {
  // Once joined, and again after each reconnection, the shares are read anew: a change made before was not heard.
  return watchChanges(
    client,
    `category-shares:${filter}`,
    [{ table: 'category_shares', filter, onChange }],
    (status) => {
      if (status === 'SUBSCRIBED') onChange();
    },
  );
}
