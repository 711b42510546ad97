import { type Account, backendClient } from './accounts.ts';

/**
 * Stores a writing of `account` as the editor would (an H1 title, then one paragraph), under the
 * writer's own session, and returns its id.
 */
export async function writingOf(account: Account, title: string, text: string): Promise<string> {
  const client = backendClient();
  await client.auth.setSession(account.session);
  const { data, error } = await client
    .from('writings')
    .insert({
      user_id: account.session.user.id,
      title,
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
          { type: 'paragraph', content: [{ type: 'text', text }] },
        ],
      },
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}
