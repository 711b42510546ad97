// @vitest-environment node
import { createClient } from '@supabase/supabase-js';
import { describe, expectTypeOf, it } from 'vitest';
import WebSocket from 'ws';
import type { Database, Json, Tables, TablesInsert, TablesUpdate } from './database.types.ts';

// Type-level checks of the generated types through supabase-js's own inference: `pnpm typecheck` fails
// when one does not hold. Query builders only send a request when awaited, so nothing here touches the
// network; the unreachable URL makes sure of it.
const client = createClient<Database>('http://127.0.0.1:9', 'anon-key', {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js refuses to start without one.
  realtime: { transport: WebSocket as never },
});

type DataOf<Query> = Awaited<Query> extends { data: infer Data } ? Data : never;

describe('generated Database types', () => {
  it('type the columns a select names', () => {
    const query = client.from('writings').select('id, title, content, category_id');
    expectTypeOf<DataOf<typeof query>>().toEqualTypeOf<
      { id: string; title: string; content: Json | null; category_id: string | null }[] | null
    >();
  });

  it('type a whole row as Tables<name>', () => {
    const query = client.from('ideas').select('*').eq('kind', 'note').single();
    expectTypeOf<DataOf<typeof query>>().toEqualTypeOf<Tables<'ideas'> | null>();
    // A generated column is nullable unless declared NOT NULL, as Postgres reports it.
    expectTypeOf<Tables<'ideas'>['title']>().toEqualTypeOf<string | null>();
    expectTypeOf<Tables<'writings'>['content_text']>().toEqualTypeOf<string>();
    expectTypeOf<Tables<'chat_sessions'>['is_pinned']>().toEqualTypeOf<boolean>();
  });

  it('type an embedded relation through its foreign key', () => {
    const query = client.from('writings').select('id, categories(name)');
    expectTypeOf<DataOf<typeof query>>().toEqualTypeOf<
      { id: string; categories: { name: string } | null }[] | null
    >();
  });

  it('make defaulted columns optional and generated ones unwritable', () => {
    expectTypeOf<TablesInsert<'ideas'>>().toEqualTypeOf<{
      category_id?: string | null;
      content?: string;
      created_at?: string;
      id?: string;
      kind?: string;
      search_vector?: never;
      title?: never;
      updated_at?: string;
      user_id?: string;
    }>();
    expectTypeOf<TablesInsert<'chat_messages'>>().toHaveProperty('session_id').toEqualTypeOf<string>();
    expectTypeOf<TablesUpdate<'writings'>['title']>().toEqualTypeOf<string | undefined>();
    // @ts-expect-error a title is text
    client.from('writings').insert({ title: 1 });
  });

  it('type function arguments and table results', () => {
    const query = client.rpc('search_workspace', { query: 'draft' });
    expectTypeOf<DataOf<typeof query>>().toEqualTypeOf<
      | {
          id: string;
          rank: number;
          snippet: string;
          source: string;
          title: string;
          updated_at: string;
        }[]
      | null
    >();
    expectTypeOf<Database['public']['Functions']['increment_usage']['Args']>().toEqualTypeOf<{
      amount?: number;
      usage_metric: string;
    }>();
  });
});
