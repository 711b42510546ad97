/**
 * The corpus of the search and chat benchmarks: 10,000 writings (~120 words) and 10,000 ideas (~25 words)
 * of one owner, made in SQL with a fixed seed, so every run measures the same data.
 */
import { performance } from 'node:perf_hooks';
import type { Backend } from 'local-backend';

// The corpus: words drawn from a synthetic vocabulary with Zipf-like frequencies (a few words in most
// documents, most words in few), plus real words planted at known rates, so the queries below span
// thousands of matches down to a handful.
const SYLLABLES = [
  'ka',
  'lo',
  'mir',
  'ten',
  'su',
  'rav',
  'de',
  'po',
  'lin',
  'gar',
  'vo',
  'sel',
  'tu',
  'ben',
  'no',
  'fay',
];
const VOCABULARY = SYLLABLES.flatMap((first) =>
  SYLLABLES.flatMap((second) => SYLLABLES.slice(0, 12).map((third) => `${first}${second}${third}`)),
);
export const PLANTED: readonly { word: string; rate: number }[] = [
  { word: 'harbour', rate: 0.2 },
  { word: 'winter', rate: 0.05 },
  { word: 'garden', rate: 0.05 },
  { word: 'lighthouse', rate: 0.02 },
  { word: 'lantern', rate: 0.01 },
  { word: 'zephyr', rate: 0.001 },
];

export const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
export const format = (milliseconds: number) => `${milliseconds.toFixed(1).padStart(6)} ms`;

/** Inserts the corpus for `ownerId` with the service role (plain SQL, one transaction) and analyses it. */
export async function seedCorpus(
  backend: Backend,
  ownerId: string,
  { writings = 10_000, ideas = 10_000 }: { writings?: number; ideas?: number } = {},
): Promise<void> {
  const WRITINGS = writings;
  const IDEAS = ideas;
  // Bulk data with the service role: plain SQL, one transaction, deterministic pseudo-random words.
  const seedStart = performance.now();
  await backend.database.pg.transaction(async (tx) => {
    await tx.query('select setseed(0.42)');
    // `count` words of the vocabulary ($2), then the planted words ($3, $4) each at its rate. The index
    // exp(random() * ln(size)) is log-uniform: word i is drawn about as often as 1/i. `where n > 0`
    // ties each subquery to its row, so every row draws new words.
    const words = (count: number) =>
      `(select string_agg(($2::text[])[floor(exp(random() * ln(cardinality($2::text[]))))::int], ' ')
        from generate_series(1, ${count}) where n > 0)`;
    const planted = `coalesce((select ' ' || string_agg(word, ' ')
        from unnest($3::text[], $4::float8[]) as planted (word, rate) where random() < rate and n > 0), '')`;
    const paragraph = (text: string) =>
      `jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', ${text})))`;
    const plantedWords = PLANTED.map(({ word }) => word);
    const plantedRates = PLANTED.map(({ rate }) => rate);
    await tx.query(
      `insert into public.writings (user_id, title, content, created_at, updated_at)
       select $1, initcap(${words(4)}),
              jsonb_build_object('type', 'doc', 'content',
                jsonb_build_array(${paragraph(words(60))}, ${paragraph(`${words(60)} || ${planted}`)})),
              now() - n * interval '1 minute', now() - n * interval '1 minute'
       from generate_series(1, $5::int) as n`,
      [ownerId, VOCABULARY, plantedWords, plantedRates, WRITINGS],
    );
    await tx.query(
      `insert into public.ideas (user_id, content, created_at, updated_at)
       select $1, ${words(25)} || ${planted}, now() - n * interval '1 minute', now() - n * interval '1 minute'
       from generate_series(1, $5::int) as n`,
      [ownerId, VOCABULARY, plantedWords, plantedRates, IDEAS],
    );
  });
  await backend.database.pg.exec('analyze public.writings; analyze public.ideas');
  console.log(
    `Seeded ${WRITINGS} writings (~120 words) and ${IDEAS} ideas (~25 words) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
}
