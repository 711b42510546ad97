import type { SupabaseClient } from '@supabase/supabase-js';
import type { UIMessage } from 'ai';
import { chatTitleFrom, messages } from 'shared-kernel/domain';
import { textOf } from './sources.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can be a row id of chat_sessions or chat_messages. */
export const isUuid = (id: string) => UUID.test(id);

/**
 * Stores the assistant's message once its stream ended (finished, stopped or failed part-way: what was
 * shown is kept), and names a new session after its first message.
 */
export async function storeAssistantMessage(
  client: SupabaseClient,
  chatId: string,
  message: UIMessage,
  firstUserText: string,
): Promise<void> {
  if (!isUuid(message.id)) return;
  const stored = await client
    .from('chat_messages')
    .upsert(
      { id: message.id, session_id: chatId, role: 'assistant', parts: message.parts },
      { onConflict: 'id' },
    );
  if (stored.error) console.error('chat: the answer could not be stored', stored.error.message);
  if (firstUserText.trim()) {
    await client
      .from('chat_sessions')
      .update({ title: chatTitleFrom(firstUserText) })
      .eq('id', chatId)
      .eq('title', messages.chat.defaultSessionTitle);
  }
}

/** The first user message of a conversation, as text. */
export function firstUserText(history: readonly UIMessage[]): string {
  return textOf(history.find((message) => message.role === 'user')?.parts ?? []);
}
