// The writer's chat sessions and their messages in the database (row-level security: the owner only).
import type { UIMessage } from 'ai';
import { dataOf, type WorkspaceClient } from 'shared-kernel';

export interface ChatSession {
  id: string;
  title: string;
  isPinned: boolean;
  updatedAt: string;
}

/** Sessions pinned first, then newest first. */
export async function listSessions(client: WorkspaceClient): Promise<ChatSession[]> {
  const rows = dataOf(
    await client
      .from('chat_sessions')
      .select('id, title, is_pinned, updated_at')
      .order('is_pinned', { ascending: false })
      .order('updated_at', { ascending: false }),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    isPinned: row.is_pinned,
    updatedAt: row.updated_at,
  }));
}

export async function renameSession(client: WorkspaceClient, id: string, title: string): Promise<void> {
  dataOf(await client.from('chat_sessions').update({ title }).eq('id', id));
}

export async function pinSession(client: WorkspaceClient, id: string, isPinned: boolean): Promise<void> {
  dataOf(await client.from('chat_sessions').update({ is_pinned: isPinned }).eq('id', id));
}

export async function deleteSession(client: WorkspaceClient, id: string): Promise<void> {
  dataOf(await client.from('chat_sessions').delete().eq('id', id));
}

/** A session's messages, oldest first, as the chat shows them (their stored parts, sources included). */
export async function loadMessages(client: WorkspaceClient, sessionId: string): Promise<UIMessage[]> {
  const rows = dataOf(
    await client
      .from('chat_messages')
      .select('id, role, parts, created_at')
      .eq('session_id', sessionId)
      .order('created_at', { ascending: true }),
  );
  return rows.map((row) => ({
    id: row.id,
    role: row.role as UIMessage['role'],
    parts: (Array.isArray(row.parts) ? row.parts : []) as UIMessage['parts'],
  }));
}
