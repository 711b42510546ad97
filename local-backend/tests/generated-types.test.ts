import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TYPES_PATH, databaseTypesOf, generateDatabaseTypes } from '../scripts/generate-types.ts';
import { openDatabase } from '../src/db/database.ts';

const committedFile = fileURLToPath(new URL(`../../${DATABASE_TYPES_PATH}`, import.meta.url));

// A fresh in-memory database (and its migrations): seconds, more on a busy machine.
const startupTimeout = 120_000;

describe('the committed Database types', () => {
  it(
    'match the migrations (a migration changed without regenerating otherwise)',
    async () => {
      const [generated, committed] = await Promise.all([
        generateDatabaseTypes(),
        readFile(committedFile, 'utf8'),
      ]);
      expect(
        committed,
        `${DATABASE_TYPES_PATH} is out of date with shared-kernel/supabase/migrations: run pnpm --filter local-backend gen:types`,
      ).toBe(generated);
    },
    startupTimeout,
  );
});

// The CLI's rules on a schema with what the product schema lacks (enums, a domain, a composite type,
// an identity column, a view, a computed field, functions of every result kind). Whitespace is
// compacted so the expectations read like the generated file.
const fixtureSql = `
create type public.mood as enum ('calm', 'stormy');
create type public.labelled_point as (x integer, label text);
create domain public.short_text as varchar(20) not null;
create table public.authors (
  id bigint generated always as identity primary key,
  name public.short_text,
  mood public.mood not null default 'calm',
  moods public.mood[],
  tags text[] not null default '{}',
  born date,
  profile jsonb,
  score numeric,
  search tsvector generated always as (to_tsvector('simple', name)) stored
);
create table public.books (
  id uuid primary key default gen_random_uuid(),
  author_id bigint not null references public.authors (id),
  title text not null,
  pages smallint,
  location public.labelled_point
);
create table public.book_details (
  book_id uuid primary key references public.books (id),
  summary text
);
create view public.book_titles as select id, title from public.books;
create function public.books_by(author bigint) returns setof public.books
  language sql stable as $$ select * from public.books where author_id = author $$;
create function public.book_count(author bigint default null) returns bigint
  language sql stable as $$ select count(*) from public.books where author is null or author_id = author $$;
create function public.title_pages() returns table (title text, pages smallint)
  language sql stable as $$ select title, pages from public.books $$;
create function public.echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.initial(public.authors) returns text language sql immutable as $$ select left($1.name, 1) $$;
create function public.nothing() returns void language sql as $$ select $$;
create function public.not_callable(integer) returns integer language sql immutable as $$ select $1 $$;
create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
`;

const compact = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('gen:types on a schema with every kind of object', () => {
  let types: string;

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.pg.exec(fixtureSql);
      types = compact(await databaseTypesOf({ pg: database.pg }));
    } finally {
      await database.close();
    }
  }, startupTimeout);

  it('maps columns by type and nullability, domains by their base type, computed fields last', () => {
    expect(types).toContain(
      compact(`authors: { Row: {
        born: string | null;
        id: number;
        mood: Database['public']['Enums']['mood'];
        moods: Database['public']['Enums']['mood'][] | null;
        name: string;
        profile: Json | null;
        score: number | null;
        search: unknown;
        tags: string[];
        initial: string | null;
      };`),
    );
    expect(types).toContain(
      compact(`location: Database['public']['CompositeTypes']['labelled_point'] | null;`),
    );
  });

  it('makes defaulted and nullable columns optional on insert, identity and generated ones never', () => {
    expect(types).toContain(
      compact(`Insert: {
        born?: string | null;
        id?: never;
        mood?: Database['public']['Enums']['mood'];
        moods?: Database['public']['Enums']['mood'][] | null;
        name: string;
        profile?: Json | null;
        score?: number | null;
        search?: never;
        tags?: string[];
      };
      Update: {
        born?: string | null;
        id?: never;
        mood?: Database['public']['Enums']['mood'];
        moods?: Database['public']['Enums']['mood'][] | null;
        name?: string;
        profile?: Json | null;
        score?: number | null;
        search?: never;
        tags?: string[];
      };`),
    );
  });

  it('lists foreign keys as relationships, one-to-one when they are the whole key', () => {
    expect(types).toContain(
      compact(`book_details: { Row: { book_id: string; summary: string | null; };
        Insert: { book_id: string; summary?: string | null; };
        Update: { book_id?: string; summary?: string | null; };
        Relationships: [ {
          foreignKeyName: 'book_details_book_id_fkey';
          columns: ['book_id'];
          isOneToOne: true;
          referencedRelation: 'books';
          referencedColumns: ['id'];
        }, ]; };`),
    );
    expect(types).toContain(
      compact(`foreignKeyName: 'books_author_id_fkey';
        columns: ['author_id'];
        isOneToOne: false;
        referencedRelation: 'authors';`),
    );
  });

  it('describes an updatable view with nullable columns', () => {
    expect(types).toContain(
      compact(`Views: { book_titles: {
        Row: { id: string | null; title: string | null; };
        Insert: { id?: string | null; title?: string | null; };
        Update: { id?: string | null; title?: string | null; };
        Relationships: []; }; };`),
    );
  });

  it('describes the functions PostgREST can call, with their arguments and results', () => {
    expect(types).toContain(
      compact(`Functions: {
        book_count: { Args: { author?: number }; Returns: number };
        books_by: {
          Args: { author: number };
          Returns: {
            author_id: number;
            id: string;
            location: Database['public']['CompositeTypes']['labelled_point'] | null;
            pages: number | null;
            title: string;
          }[];
          SetofOptions: { from: '*'; to: 'books'; isOneToOne: false; isSetofReturn: true; };
        };
        echo: { Args: { '': Json }; Returns: Json };
        initial: {
          Args: { '': Database['public']['Tables']['authors']['Row'] };
          Returns: { error: true; } & 'the function public.initial with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache';
        };
        nothing: { Args: never; Returns: undefined };
        title_pages: { Args: never; Returns: { pages: number; title: string; }[]; };
      };`),
    );
    expect(types).not.toContain('not_callable');
    expect(types).not.toContain('touch');
  });

  it('lists enums and composite types, and the enum values as constants', () => {
    expect(types).toContain(
      compact(`Enums: { mood: 'calm' | 'stormy' };
        CompositeTypes: { labelled_point: { x: number | null; label: string | null; }; };`),
    );
    expect(types).toContain(
      compact(`export const Constants = { public: { Enums: { mood: ['calm', 'stormy'] }, }, } as const;`),
    );
  });
});
