import type { PGlite } from '@electric-sql/pglite';

/** How long an answer is reused: the longest an ended session's token keeps working in another process. */
const CACHE_MILLISECONDS = 2000;

/**
 * Whether the session an access token names (`session_id`) still exists. Sign-out and a password change
 * delete sessions, but their access tokens stay validly signed for up to an hour; REST, storage,
 * functions and realtime joins ask this before trusting one. Answers are cached briefly per session (a
 * client sends the same token with every request), and `forgetAll` drops them when this process ends
 * sessions, so a sign-out here takes effect at once.
 */
export function createSessionLiveness({ pg }: { pg: Pick<PGlite, 'query'> }) {
  const answers = new Map<string, { live: boolean; until: number }>();
  return {
    async isLive(sessionId: string): Promise<boolean> {
      const now = Date.now();
      const cached = answers.get(sessionId);
      if (cached && cached.until > now) return cached.live;
      const result = await pg.query('select 1 from auth.sessions where id = $1', [sessionId]);
      const live = result.rows.length > 0;
      if (answers.size > 10_000) answers.clear();
      answers.set(sessionId, { live, until: now + CACHE_MILLISECONDS });
      return live;
    },
    /** Called after sessions are deleted: which ones does not matter, ending sessions is rare. */
    forgetAll(): void {
      answers.clear();
    },
  };
}

/** What the authenticator and the auth routes share. */
export type SessionLiveness = ReturnType<typeof createSessionLiveness>;
