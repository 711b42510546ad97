import { useEffect } from 'react';
import type { Json } from 'shared-kernel';
import { loadWriting, useWritingsStore } from '../../writings-store/index.ts';

/**
 * The newest server version (`updated_at`) of each writing that an editor pane's document is known to
 * hold: the version it was opened from, or the one its own save made. A newer version in the list was
 * made by someone else (a collaborator, another tab).
 */
export function createSeenVersions() {
  const versions = new Map<string, string>();
  return {
    /** The pane's document holds version `version` of the writing (opened from it, or saved as it). */
    saw(id: string, version: string): void {
      const known = versions.get(id);
      if (known === undefined || version > known) versions.set(id, version);
    },
    /** Whether `version` is newer than every version the pane's document is known to hold. */
    isNewer(id: string, version: string): boolean {
      const known = versions.get(id);
      return known !== undefined && version > known;
    },
  };
}

/** What one editor pane knows of the server's versions of its writings. */
export type SeenVersions = ReturnType<typeof createSeenVersions>;

/**
 * Keeps the open writing on the server's newest copy without a reload. The list learns of a save made
 * elsewhere through its realtime refetch; when it shows a version of the open writing newer than the
 * pane's, and the writer has no unsaved changes, the newer copy is fetched and handed to `show`. While
 * the writer has unsaved changes their text stays (the list keeps their row too): their save goes last
 * and wins, so nothing they typed is ever replaced under them. When their changes end without a
 * version newer than the one listed (a sync kept their text as a copy, or their save went in before
 * that version), it is asked for then.
 */
export function useNewerServerCopy({
  writingId,
  shown,
  seen,
  localChanges,
  hasLocalChanges,
  show,
}: {
  writingId: string;
  /** Whether the pane shows the writing yet (it is loading otherwise, and gets the newest copy anyway). */
  shown: boolean;
  seen: SeenVersions;
  /** Unsaved changes in the pane (typed, or kept after a failed save), as rendered: asked again when they end. */
  localChanges: boolean;
  /** Unsaved changes in the pane now (the writer may type while the copy is fetched). */
  hasLocalChanges: () => boolean;
  show: (content: Json | null) => void;
}): void {
  const listed = useWritingsStore(
    (state) => state.items.find((item) => item.id === writingId)?.updated_at ?? null,
  );
  useEffect(() => {
    if (!shown || listed === null || !seen.isNewer(writingId, listed) || localChanges || hasLocalChanges())
      return;
    let cancelled = false;
    loadWriting(writingId)
      .then((writing) => {
        // The writer may have typed while it was fetched: their text wins.
        if (cancelled || !writing || hasLocalChanges() || !seen.isNewer(writingId, writing.updated_at))
          return;
        seen.saw(writingId, writing.updated_at);
        show(writing.content);
      })
      // The next change in the list asks again.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [writingId, shown, listed, seen, localChanges, hasLocalChanges, show]);
}
